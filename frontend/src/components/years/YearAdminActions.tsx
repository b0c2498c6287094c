import { Button } from '@chakra-ui/react';
import type { Year } from '@mello/contracts';
import { LuPencil } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDeleteButton } from '../content/ConfirmDeleteButton';
import { useDeleteYear } from './use-delete-year';

/**
 * The administrator's 'Redigera' (to the edit page) and 'Radera' (confirmed; then to /years) on a year page. A chunk
 * of its own, loaded only for the administrator (YearPage): the confirm dialog's machinery and the year lists'
 * queries it refreshes were evaluated on every visitor's phone before hydrating a page that never shows them.
 */
export default function YearAdminActions({ year }: { year: Pick<Year, 'id' | 'year'> }) {
  const navigate = useNavigate();
  const remove = useDeleteYear(() => navigate('/years'));
  return (
    <>
      <Button asChild variant="outline" size="lg">
        <RouterLink to={`/admin/edit-year/${year.id}`}>
          <LuPencil aria-hidden="true" /> Redigera
        </RouterLink>
      </Button>
      <ConfirmDeleteButton size="lg" what={`året ${year.year}`} pending={remove.isPending} onConfirm={() => remove.mutate(year.id)} />
    </>
  );
}
