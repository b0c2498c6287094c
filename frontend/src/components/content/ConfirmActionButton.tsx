import { useState } from 'react';
import { Button, Dialog, Portal, type ButtonProps } from '@chakra-ui/react';

export type ConfirmActionProps = {
  /** The button's text, and its text while the action runs (the button is disabled then). */
  label: string;
  pendingLabel: string;
  icon: React.ReactNode;
  colorPalette: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** The dialog's title and question. */
  title: string;
  question: React.ReactNode;
  pending: boolean;
  onConfirm: () => void;
};

/**
 * A button that asks first in an accessible alert dialog (focus is trapped and returns to the button), then runs
 * the action. A native confirm() would block the page and cannot be styled or tested well.
 */
export function ConfirmActionButton({ label, pendingLabel, icon, colorPalette, variant = 'outline', size = 'sm', title, question, pending, onConfirm }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => setOpen(details.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button size={size} colorPalette={colorPalette} variant={variant} disabled={pending}>
          {icon}
          {pending ? pendingLabel : label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{question}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Avbryt</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={colorPalette}
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {label}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
