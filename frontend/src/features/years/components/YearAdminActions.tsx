import type { Year } from '@mello/contracts';
import { useNavigate } from 'react-router-dom';
import { EditDeleteActions } from '../../../components/content/EditDeleteActions';
import { useDeleteYear } from '../use-delete-year';

/**
 * The administrator's 'Redigera' (to the edit page) and 'Radera' (confirmed; then to /years) on a year page. A chunk
 * of its own, loaded only for the administrator (YearPage): the confirm dialog's machinery and the year lists'
 * queries it refreshes were evaluated on every visitor's phone before hydrating a page that never shows them.
 */
export default function YearAdminActions({ year }: { year: Pick<Year, 'id' | 'year'> }) {
  const navigate = useNavigate();
  const remove = useDeleteYear(() => navigate('/years'));
  return (
    <EditDeleteActions
      size="lg"
      editTo={`/admin/edit-year/${year.id}`}
      what={`året ${year.year}`}
      remove={{ isPending: remove.isPending, confirm: () => remove.mutate(year.id) }}
    />
  );
}
