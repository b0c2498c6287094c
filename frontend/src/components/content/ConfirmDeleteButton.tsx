import { useState } from 'react';
import { Button, Dialog, Portal, type ButtonProps } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

type Props = {
  /** The confirmation question, e.g. 'Är du säker på att du vill radera artikeln "…"?' */
  question: string;
  /** True while the delete call runs: the button reads 'Raderar...' and is disabled (spec section 4). */
  pending: boolean;
  onConfirm: () => void;
  size?: ButtonProps['size'];
};

/**
 * The administrator's 'Radera' button: asks first in an accessible dialog (focus is trapped and returns to the
 * button), then runs the delete. A native confirm() would block the page and cannot be styled or tested well.
 */
export function ConfirmDeleteButton({ question, pending, onConfirm, size = 'sm' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => setOpen(details.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button size={size} colorPalette="red" variant="subtle" disabled={pending}>
          <LuTrash2 aria-hidden />
          {pending ? 'Raderar...' : 'Radera'}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Bekräfta radering</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{question}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Avbryt</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                Radera
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
