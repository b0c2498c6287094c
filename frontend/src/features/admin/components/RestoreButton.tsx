import { LuUndo2 } from 'react-icons/lu';
import { ConfirmActionButton } from '../../../components/content/ConfirmActionButton';

type Props = { number: number; pending: boolean; onConfirm: () => void };

/** 'Återställ': asks first, then brings that version back as a new event ('Återställer...' while pending). */
export function RestoreButton({ number, pending, onConfirm }: Props) {
  return (
    <ConfirmActionButton
      label="Återställ"
      pendingLabel="Återställer..."
      icon={<LuUndo2 aria-hidden />}
      colorPalette="purple"
      title="Återställ version"
      question={`Vill du återställa versionen efter händelse ${number}? Ändringen sparas som en ny händelse; historiken skrivs aldrig om.`}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
