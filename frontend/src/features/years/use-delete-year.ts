import { useMutation, useQueryClient } from '@tanstack/react-query';
import { yearApi } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute } from '../../api/call';
import { errorMessage } from '../../api/http';
import { searchKeys } from '../../api/search';
import { yearPagesKey } from './keys';
import { showToast } from '../../components/toaster';

/**
 * The administrator's year delete (spec sections 2, 7 and 8): on success 'År raderat!', the cached year lists
 * refreshed and the caller's `onDeleted` (the year page goes to /years); on failure 'Fel' with the server's
 * error or 'Failed to delete year'. The server decides who may delete (product decision 1).
 */
export function useDeleteYear(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(yearApi.remove, { params: { id } }),
    retry: false,
    onSuccess: async () => {
      showToast({ title: 'År raderat!', description: 'Året har raderats framgångsrikt.', type: 'success' });
      // Leave first, so the deleted year's page does not flash its not-found view while lists refresh.
      onDeleted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: archiveKeys.years }),
        queryClient.invalidateQueries({ queryKey: archiveKeys.yearSummaries }),
        queryClient.invalidateQueries({ queryKey: yearPagesKey }),
        queryClient.invalidateQueries({ queryKey: archiveKeys.yearsByNumber }),
        queryClient.invalidateQueries({ queryKey: searchKeys.years }),
      ]);
    },
    onError: (error) => {
      showToast({ title: 'Fel', description: errorMessage(error, 'Failed to delete year'), type: 'error' });
    },
  });
}
