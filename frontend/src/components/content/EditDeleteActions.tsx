import { Button, type ButtonProps } from '@chakra-ui/react';
import { LuPencil } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

type Props = {
  /** The edit page: 'Redigera' links there. */
  editTo: string;
  /** What 'Radera' deletes, as its question names it (ConfirmDeleteButton): 'året 1974', 'artikeln "…"'. */
  what: string;
  /** The delete call: pending while it runs; confirm() starts it once the question was answered yes. */
  remove: { isPending: boolean; confirm: () => void };
  size?: ButtonProps['size'];
};

/** The administrator's 'Redigera' and confirmed 'Radera' on a page of one thing (a year, an article), side by side. */
export function EditDeleteActions({ editTo, what, remove, size = 'sm' }: Props) {
  return (
    <>
      <Button asChild size={size} variant="outline">
        <RouterLink to={editTo}>
          <LuPencil aria-hidden />
          Redigera
        </RouterLink>
      </Button>
      <ConfirmDeleteButton size={size} what={what} pending={remove.isPending} onConfirm={remove.confirm} />
    </>
  );
}
