import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveKeys } from '../../api/archive';
import { apiFetch, errorMessage } from '../../api/http';
import { showToast } from '../toaster';

/**
 * The administrator's video delete (spec sections 7 and 8): DELETE /api/videos/{id}, then the video list and
 * any video search results are refreshed; toasts 'Video raderad!' or 'Fel' with the server's error.
 */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/videos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: async () => {
      showToast({ title: 'Video raderad!', type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: archiveKeys.videos }),
        queryClient.invalidateQueries({ queryKey: ['/api/search/videos'] }),
      ]);
    },
    onError: (error) => {
      showToast({ title: 'Fel', description: errorMessage(error, 'Failed to delete video'), type: 'error' });
    },
  });
}
