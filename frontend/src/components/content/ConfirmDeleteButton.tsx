import type { ButtonProps } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { ConfirmActionButton } from './ConfirmActionButton';

type Props = {
  /**
   * What is deleted, as the sentence names it: 'videon "Främling"', 'året 1974'. The button's and the
   * confirmation's accessible names and the question all say it: in a list where every button reads 'Radera', an
   * item was once deleted by mistake.
   */
  what: string;
  /** True while the delete call runs: the button reads 'Raderar...' and is disabled (spec section 4). */
  pending: boolean;
  onConfirm: () => void;
  size?: ButtonProps['size'];
};

/** The question a delete asks first: 'Är du säker på att du vill radera videon "…"?' */
const deleteQuestion = (what: string) => `Är du säker på att du vill radera ${what}?`;

/** The administrator's 'Radera' button: asks first ('Bekräfta radering'), then runs the delete. */
export function ConfirmDeleteButton({ what, pending, onConfirm, size = 'sm' }: Props) {
  return (
    <ConfirmActionButton
      label="Radera"
      pendingLabel="Raderar..."
      name={`Radera ${what}`}
      icon={<LuTrash2 aria-hidden />}
      colorPalette="red"
      variant="subtle"
      size={size}
      title="Bekräfta radering"
      question={deleteQuestion(what)}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
