import { useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ARTICLE_FIELD_LABELS,
  articleApi,
  VIDEO_FIELD_LABELS,
  videoApi,
  YEAR_FIELD_LABELS,
  yearApi,
  type Article,
  type ArticleCreateInput,
  type VideoCreateInput,
  type VideoView,
  type Year,
  type YearCreateInput,
} from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { articlePagesKeys } from '../articles';
import { videoPagesKeys } from '../videos';
import { yearPagesKey } from '../years';
import { callRoute, callWithETag, routeKey } from '../../api/call';
import { errorMessage, isStaleEdit } from '../../api/http';
import { useIdempotentMutationFn } from '../../api/idempotency';
import { showToast } from '../../components/toaster';
import { auditKeys } from './audit-api';
import { checkBody } from '../../lib/form-validation';
import type { FieldErrors } from './form-values';

/** The admin's curated documents and what each one's calls, caches and toasts are (spec sections 7 and 8). */
export type DocumentKind = 'year' | 'video' | 'article';

/** What each kind's form sends and what its calls answer. */
type Documents = {
  year: { input: YearCreateInput; item: Year };
  video: { input: VideoCreateInput; item: VideoView };
  article: { input: ArticleCreateInput; item: Article };
};
export type DocumentInput<K extends DocumentKind> = Documents[K]['input'];
export type DocumentItem<K extends DocumentKind> = Documents[K]['item'];

const DOCUMENTS = {
  year: {
    api: yearApi,
    labels: YEAR_FIELD_LABELS,
    keys: [archiveKeys.years, archiveKeys.yearSummaries, yearPagesKey, archiveKeys.yearsByNumber],
    created: 'År skapat!',
    createFailed: 'Fel vid skapande av år',
    removed: 'År borttaget!',
    updated: 'År uppdaterat!',
    updateFailed: 'Failed to update year',
  },
  video: {
    api: videoApi,
    labels: VIDEO_FIELD_LABELS,
    keys: [archiveKeys.videos, ...videoPagesKeys, routeKey(videoApi.byId).slice(0, 1)],
    created: 'Video skapad!',
    createFailed: 'Fel vid skapande av video',
    removed: 'Video borttagen!',
    updated: 'Video uppdaterad!',
    updateFailed: 'Failed to update video',
  },
  article: {
    api: articleApi,
    labels: ARTICLE_FIELD_LABELS,
    keys: [archiveKeys.articles, ...articlePagesKeys],
    created: 'Artikel skapad!',
    createFailed: 'Fel vid skapande av artikel',
    removed: 'Artikel borttagen!',
    updated: 'Artikel uppdaterad!',
    updateFailed: 'Failed to update article',
  },
} as const;

/**
 * The search results of each kind: their keys start with the search path, the list's with 'search' after its first
 * segment (years → search/years). Derived until search has its contracts.
 */
const searchKey = (kind: DocumentKind) => {
  const segments = DOCUMENTS[kind].api.list.path.split('/');
  return [[...segments.slice(0, 2), 'search', ...segments.slice(2)].join('/')];
};

/**
 * After any change: the kind's lists and searches, and the audit log (it has a new event). The kind's lists are
 * fetched again even where no screen shows them now (`refetchType: 'all'`), and the caller waits for them: a save
 * leads to the page showing the document (the article, the year, the video archive), which would otherwise open on
 * the old copy and swap in the new one a moment later.
 */
export function invalidateDocumentLists(queryClient: QueryClient, kind: DocumentKind) {
  return Promise.all([
    ...DOCUMENTS[kind].keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })),
    ...[searchKey(kind), auditKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

export const documentLabels = (kind: DocumentKind) => DOCUMENTS[kind].labels;

/**
 * Checks a form's payload with the contract's body schema before it is sent: when refused, the fields' messages
 * and a toast naming each field as the form labels it, and no request (lib/form-validation.ts).
 */
function useFormCheck(kind: DocumentKind, mode: 'create' | 'update') {
  const [errors, setErrors] = useState<FieldErrors>({});
  const check = (payload: unknown): boolean => {
    const result = checkBody(DOCUMENTS[kind].api[mode], payload);
    if (result.ok) {
      setErrors({});
      return true;
    }
    setErrors(result.errors);
    showToast({ title: 'Kontrollera formuläret', description: result.summary.join('; '), type: 'error' });
    return false;
  };
  return { errors, check };
}

/**
 * POST: 'X skapad!' and `onCreated` (the form resets); errors 'Fel' with the server's error or the spec fallback.
 * Each submission carries an Idempotency-Key, so a resent create makes one item (api/idempotency.ts).
 */
export function useCreateDocument<K extends DocumentKind>(kind: K, onCreated?: (created: DocumentItem<K>) => void) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  const form = useFormCheck(kind, 'create');
  const mutationFn = useIdempotentMutationFn(
    async (input: DocumentInput<K>, headers) => (await callRoute(texts.api.create, { body: input as never, headers })) as DocumentItem<K>,
  );
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (created) => {
      showToast({ title: texts.created, type: 'success' });
      onCreated?.(created);
      await invalidateDocumentLists(queryClient, kind);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, texts.createFailed), type: 'error' }),
  });
  return { ...mutation, formErrors: form.errors, submit: (input: DocumentInput<K>) => form.check(input) && mutation.mutate(input) };
}

/** The document as an edit page opens it, with its revision (ETag) to send back in If-Match. */
export type Opened<K extends DocumentKind> = { data: DocumentItem<K>; etag: string | null };

/** GET of one document with its ETag: a year by number, a video or an article by id. */
export function fetchForEdit<K extends DocumentKind>(kind: K, key: { id: string; year?: number }): Promise<Opened<K>> {
  const opened =
    kind === 'year'
      ? callWithETag(yearApi.byYear, { params: { year: key.year ?? 0 } })
      : kind === 'video'
        ? callWithETag(videoApi.byId, { params: { id: key.id } })
        : callWithETag(articleApi.byId, { params: { id: key.id } });
  return opened as Promise<Opened<K>>;
}

/** The edit page's copy of the document: read once when the page opens (not refetched under the form). */
export function useOpenedDocument<K extends DocumentKind>(kind: K, key: { id: string; year?: number }, enabled = true) {
  return useQuery({
    queryKey: ['edit', kind, key.id],
    queryFn: () => fetchForEdit(kind, key),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A save refused because someone else saved since the page opened: their version, and the server's message. */
export type Conflict<K extends DocumentKind> = { message: string; newer: Opened<K> };

/**
 * PUT with If-Match of the revision the page opened: 'X uppdaterad!' then `onSaved` (the edit page navigates).
 * A 412 fetches the newer version and hands it to `onConflict` (the page shows it beside the unsaved values); other
 * errors 'Fel' with 'Failed to update …'.
 */
export function useUpdateDocument<K extends DocumentKind>(
  kind: K,
  key: { id: string; year?: number },
  handlers: { onSaved: (saved: DocumentItem<K>) => void; onConflict: (conflict: Conflict<K>) => void },
) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  const form = useFormCheck(kind, 'update');
  const mutation = useMutation({
    mutationFn: async ({ input, etag }: { input: DocumentInput<K>; etag: string | null }) => {
      const headers: Record<string, string> = etag ? { 'If-Match': etag } : {};
      return (await callRoute(texts.api.update, { params: { id: key.id }, body: input as never, headers })) as DocumentItem<K>;
    },
    onSuccess: async (saved) => {
      showToast({ title: texts.updated, type: 'success' });
      await invalidateDocumentLists(queryClient, kind);
      handlers.onSaved(saved);
    },
    onError: async (error) => {
      if (isStaleEdit(error)) {
        // The year's number may be what changed: the newer version is found by id in the list first.
        const year = kind === 'year' ? ((await callRoute(yearApi.list)).find((item) => item.id === key.id)?.year ?? key.year) : key.year;
        const newer = await fetchForEdit(kind, { id: key.id, year });
        handlers.onConflict({ message: error.serverError ?? 'Någon annan har ändrat detta sedan du öppnade det.', newer });
        return;
      }
      showToast({ title: 'Fel', description: errorMessage(error, texts.updateFailed), type: 'error' });
    },
  });
  return {
    ...mutation,
    formErrors: form.errors,
    submit: (input: DocumentInput<K>, etag: string | null) => form.check(input) && mutation.mutate({ input, etag }),
  };
}

/** What a form's focus follows: the fields refused before sending, else the last failed request. */
export const invalidOrFailed = (save: { formErrors: FieldErrors; error: unknown }): unknown =>
  Object.keys(save.formErrors).length > 0 ? save.formErrors : save.error;

/** DELETE from the admin panel's lists: 'X borttagen!'; errors 'Fel' with 'Fel vid borttagning'. */
export function useDeleteDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  const texts = DOCUMENTS[kind];
  return useMutation({
    mutationFn: (id: string) => callRoute(texts.api.remove, { params: { id } }),
    onSuccess: async () => {
      showToast({ title: texts.removed, type: 'success' });
      await invalidateDocumentLists(queryClient, kind);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Fel vid borttagning'), type: 'error' }),
  });
}
