import { Button, Dialog, Portal } from '@chakra-ui/react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  /** The confirming button: 'Radera' in red unless told otherwise; it reads `pendingLabel` while the action runs. */
  confirmLabel?: string;
  /** The confirming button's accessible name when its text alone does not say what it acts on ('Radera videon "…"'). */
  confirmName?: string;
  pendingLabel?: string;
  colorPalette?: string;
  /** True while the action runs: the dialog stays open, its buttons disabled (spec section 4, delete flow). */
  pending?: boolean;
  onConfirm: () => void;
  /** What opens the dialog, when it is not opened from elsewhere; focus returns to it on close. */
  trigger?: React.ReactNode;
  /**
   * Where focus goes on close when what had it at the opening is gone by then (a menu's item, which closes with its
   * menu): that menu's button. Without it focus fell to the page's start.
   */
  finalFocusEl?: () => HTMLElement | null;
};

/**
 * A confirmation in an accessible alert dialog (focus is trapped and returns to what opened it), with 'Avbryt' and
 * the confirming button. A native confirm() would block the page and cannot be styled or tested well.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Radera',
  confirmName,
  pendingLabel = 'Raderar...',
  colorPalette = 'red',
  pending = false,
  onConfirm,
  trigger,
  finalFocusEl,
}: Props) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !pending && onOpenChange(details.open)}
      placement="center"
      finalFocusEl={finalFocusEl}
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
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
              <Button colorPalette={colorPalette} onClick={onConfirm} disabled={pending} aria-label={confirmName}>
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
