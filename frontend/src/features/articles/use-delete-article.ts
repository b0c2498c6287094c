import { useMutation, useQueryClient } from '@tanstack/react-query';
import { articleApi } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute } from '../../api/call';
import { errorMessage } from '../../api/http';
import { searchKeys } from '../../api/search';
import { showToast } from '../../components/toaster';
import { articlePagesKeys } from './keys';

/**
 * The administrator's article delete (spec sections 2, 7 and 8): articleApi.remove; on success the
 * toast 'Artikel raderad!' and the caller's `onDeleted` (the article page goes to /blog); on failure 'Fel' with
 * the server's error or 'Failed to delete article'.
 */
export function useDeleteArticle(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(articleApi.remove, { params: { id } }),
    retry: false,
    onSuccess: async () => {
      showToast({ title: 'Artikel raderad!', description: 'Artikeln har raderats framgångsrikt.', type: 'success' });
      // Leave first: refreshing the list while still on the deleted article would flash its not-found view.
      onDeleted();
      await Promise.all([archiveKeys.articles, ...articlePagesKeys, searchKeys.articles].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      showToast({ title: 'Fel', description: errorMessage(error, 'Failed to delete article'), type: 'error' });
    },
  });
}
