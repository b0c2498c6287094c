import { Button, Dialog, Portal } from '@chakra-ui/react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** True while the delete runs: the button is disabled and reads 'Raderar...' (spec section 4, delete flow). */
  pending: boolean;
  onConfirm: () => void;
};

/** A delete confirmation: an alert dialog with 'Avbryt' and 'Radera'; focus returns to what opened it. */
export function ConfirmDialog({ open, onOpenChange, title, description, pending, onConfirm }: Props) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !pending && onOpenChange(details.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={pending}>
                  Avbryt
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm} disabled={pending}>
                {pending ? 'Raderar...' : 'Radera'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
