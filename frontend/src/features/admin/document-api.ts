import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { archiveKeys } from '../../api/archive';
import { apiFetch, errorMessage } from '../../api/http';
import { useIdempotentMutationFn } from '../../api/idempotency';
import { showToast } from '../../components/toaster';

/** The admin's curated documents and what each one's calls, caches and toasts are (spec sections 7 and 8). */
export type DocumentKind = 'year' | 'video' | 'article';

const DOCUMENTS = {
  year: {
    path: '/api/years',
    keys: [archiveKeys.years, ['/api/years/by-year'], ['/api/search/years']],
    created: 'År skapat!',
    createFailed: 'Fel vid skapande av år',
    removed: 'År borttaget!',
    updated: 'År uppdaterat!',
    updateFailed: 'Failed to update year',
  },
  video: {
    path: '/api/videos',
    keys: [archiveKeys.videos, ['/api/search/videos']],
    created: 'Video skapad!',
    createFailed: 'Fel vid skapande av video',
    removed: 'Video borttagen!',
    updated: 'Video uppdaterad!',
    updateFailed: 'Failed to update video',
  },
  article: {
    path: '/api/articles',
    keys: [archiveKeys.articles, ['/api/search/articles']],
    created: 'Artikel skapad!',
    createFailed: 'Fel vid skapande av artikel',
    removed: 'Artikel borttagen!',
    updated: 'Artikel uppdaterad!',
    updateFailed: 'Failed to update article',
  },
} as const;

/** After any change: the kind's lists and searches, and the audit log (it has a new event). */
export function invalidateDocumentLists(queryClient: QueryClient, kind: DocumentKind) {
  const keys: readonly (readonly unknown[])[] = [...DOCUMENTS[kind].keys, ['/api/admin/history']];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const itemUrl = (kind: DocumentKind, id: string) => `${DOCUMENTS[kind].path}/${encodeURIComponent(id)}`;

/**
 * POST: 'X skapad!' and `onCreated` (the form resets); errors 'Fel' with the server's error or the spec fallback.
 * Each submission carries an Idempotency-Key, so a resent create makes one item (api/idempotency.ts).
 */
export function useCreateDocument<Input, Output = unknown>(kind: DocumentKind, onCreated?: (created: Output) => void) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  const mutationFn = useIdempotentMutationFn((input: Input, headers) => apiFetch<Output>(texts.path, { method: 'POST', json: input, headers }));
  return useMutation({
    mutationFn,
    onSuccess: async (created) => {
      showToast({ title: texts.created, type: 'success' });
      onCreated?.(created);
      await invalidateDocumentLists(queryClient, kind);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, texts.createFailed), type: 'error' }),
  });
}

/** PUT: 'X uppdaterad!' then `onSaved` (the edit page navigates); errors 'Fel' with 'Failed to update …'. */
export function useUpdateDocument<Input, Output = unknown>(kind: DocumentKind, id: string, onSaved: (saved: Output) => void) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  return useMutation({
    mutationFn: (input: Input) => apiFetch<Output>(itemUrl(kind, id), { method: 'PUT', json: input }),
    onSuccess: async (saved) => {
      showToast({ title: texts.updated, type: 'success' });
      await invalidateDocumentLists(queryClient, kind);
      onSaved(saved);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, texts.updateFailed), type: 'error' }),
  });
}

/** DELETE from the admin panel's lists: 'X borttagen!'; errors 'Fel' with 'Fel vid borttagning'. */
export function useDeleteDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(itemUrl(kind, id), { method: 'DELETE' }),
    onSuccess: async () => {
      showToast({ title: texts.removed, type: 'success' });
      await invalidateDocumentLists(queryClient, kind);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Fel vid borttagning'), type: 'error' }),
  });
}
