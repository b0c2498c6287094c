import type { ButtonProps } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { ConfirmActionButton } from './ConfirmActionButton';

type Props = {
  /** The confirmation question, e.g. 'Är du säker på att du vill radera artikeln "…"?' */
  question: string;
  /** True while the delete call runs: the button reads 'Raderar...' and is disabled (spec section 4). */
  pending: boolean;
  onConfirm: () => void;
  size?: ButtonProps['size'];
};

/** The administrator's 'Radera' button: asks first ('Bekräfta radering'), then runs the delete. */
export function ConfirmDeleteButton({ question, pending, onConfirm, size = 'sm' }: Props) {
  return (
    <ConfirmActionButton
      label="Radera"
      pendingLabel="Raderar..."
      icon={<LuTrash2 aria-hidden />}
      colorPalette="red"
      variant="subtle"
      size={size}
      title="Bekräfta radering"
      question={question}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
