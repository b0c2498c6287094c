import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoApi } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute } from '../../api/call';
import { errorMessage } from '../../api/http';
import { searchKeys } from '../../api/search';
import { showToast } from '../../components/toaster';
import { videoPagesKeys } from './keys';

/**
 * The administrator's video delete (spec sections 7 and 8): videoApi.remove, then the video list and
 * any video search results are refreshed; toasts 'Video raderad!' or 'Fel' with the server's error.
 */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(videoApi.remove, { params: { id } }),
    retry: false,
    onSuccess: async () => {
      showToast({ title: 'Video raderad!', type: 'success' });
      await Promise.all([archiveKeys.videos, ...videoPagesKeys, searchKeys.videos].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      showToast({ title: 'Fel', description: errorMessage(error, 'Failed to delete video'), type: 'error' });
    },
  });
}
