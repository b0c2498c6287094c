import { useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { ConfirmDialog } from './ConfirmDialog';

export type ConfirmActionProps = {
  /** The button's text, and its text while the action runs (the button is disabled then). */
  label: string;
  pendingLabel: string;
  /** The accessible name of the button and of the dialog's confirming button, naming what they act on. */
  name?: string;
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

/** A button that asks first in a ConfirmDialog, then runs the action (the dialog closes as it starts). */
export function ConfirmActionButton({
  label,
  pendingLabel,
  name,
  icon,
  colorPalette,
  variant = 'outline',
  size = 'sm',
  title,
  question,
  pending,
  onConfirm,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={question}
      confirmLabel={label}
      confirmName={name}
      colorPalette={colorPalette}
      onConfirm={() => {
        setOpen(false);
        onConfirm();
      }}
      trigger={
        <Button size={size} colorPalette={colorPalette} variant={variant} disabled={pending} aria-label={name}>
          {icon}
          {pending ? pendingLabel : label}
        </Button>
      }
    />
  );
}
