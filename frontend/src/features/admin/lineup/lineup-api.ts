import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { artistApi, entryApi, lineupApi, STALE_EDIT_MESSAGES, statisticsApi, type BodyOf, type SavedArtist, type SavedEntry } from '@mello/contracts';
import { archiveKeys } from '../../../api/archive';
import { callRoute, callWithETag, routeKey, routeQuery } from '../../../api/call';
import { errorMessage, isStaleEdit } from '../../../api/http';
import { useIdempotentMutationFn } from '../../../api/idempotency';
import { showToast } from '../../../components/toaster';
import { auditKeys } from '../audit-api';

/**
 * The year edit page's lineup: the year's shows with their entries, the acts for the picker, and the entry and
 * artist commands (docs/content.md, "Editing a lineup"), from the contracts of contracts/src/archive/lineup-api.ts.
 * Every command invalidates the year's queries, so the lineup here and on the public year page show the saved state.
 */

/** Query keys follow the URL: the lineup sits under the year's key, so invalidating the year refreshes both. */
export const lineupKeys = {
  lineup: (year: number) => routeKey(lineupApi.year, { params: { year } }),
  artists: routeKey(artistApi.list),
};

export const yearLineupQuery = (year: number) =>
  queryOptions({ queryKey: lineupKeys.lineup(year), queryFn: () => callRoute(lineupApi.year, { params: { year } }) });
export const artistsQuery = () => routeQuery(artistApi.list);

export const useYearLineup = (year: number) => useQuery(yearLineupQuery(year));
/** Loaded only once a picker is opened: ~1,000 acts are not needed to read the lineup. */
export const useArtists = (enabled: boolean) => useQuery({ ...artistsQuery(), enabled });

/**
 * After a command: the year (its lineup, the public page's views of it), the acts (their entry counts), the
 * statistics and the audit log. A changed year number moves the entry: both years are refreshed.
 */
export function invalidateLineup(queryClient: QueryClient, years: readonly number[]) {
  const keys: (readonly unknown[])[] = [...new Set(years)].map((year) => archiveKeys.year(year));
  keys.push(lineupKeys.artists, routeKey(statisticsApi.get), auditKeys.all);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type EntryCreateBody = BodyOf<typeof entryApi.create>;
export type EntryUpdateBody = BodyOf<typeof entryApi.update>;

/** The toast of a refused command: the server's Swedish reason (a taken running order, a concurrent edit …). */
const failed = (title: string) => (error: unknown) => showToast({ title, description: errorMessage(error, 'Försök igen.'), type: 'error' });

/** POST /api/entries with the submission's Idempotency-Key (a double click makes one entry). */
export function useCreateEntry(year: number, onCreated: (saved: SavedEntry) => void) {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn((body: EntryCreateBody, headers) => callRoute(entryApi.create, { body, headers }));
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      showToast({ title: 'Bidrag tillagt!', type: 'success' });
      await invalidateLineup(queryClient, [year, saved.year]);
      onCreated(saved);
    },
    onError: failed('Kunde inte lägga till bidraget'),
  });
}

/** An entry as its edit form opens it, with its revision (ETag) to send back in If-Match. */
export type OpenedEntry = { data: SavedEntry; etag: string | null };

/** GET /api/entries/{id} with its ETag. */
export const fetchEntryForEdit = (id: string): Promise<OpenedEntry> => callWithETag(entryApi.byId, { params: { id } });

/**
 * The edit form's copy of the entry: read once when the form opens (not refetched under it, as the admin edit
 * pages read theirs), so the values and the revision the save is based on come from one answer.
 */
export function useOpenedEntry(id: string) {
  return useQuery({
    queryKey: ['edit', 'entry', id],
    queryFn: () => fetchEntryForEdit(id),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A save refused because someone else saved the entry since the form opened: their version, and the server's message. */
export type EntryConflict = { message: string; newer: OpenedEntry };

/**
 * PUT /api/entries/{id}: every field, an emptied one as null, with If-Match of the revision the form opened. A 412
 * fetches the newer version and hands it to `onConflict` (the form shows it beside the unsaved values); other
 * refusals are a toast.
 */
export function useUpdateEntry(year: number, id: string, handlers: { onSaved: (saved: SavedEntry) => void; onConflict: (conflict: EntryConflict) => void }) {
  const queryClient = useQueryClient();
  const refused = failed('Kunde inte spara bidraget');
  return useMutation({
    mutationFn: ({ body, etag }: { body: EntryUpdateBody; etag: string | null }) =>
      callRoute(entryApi.update, { params: { id }, body, headers: etag ? { 'If-Match': etag } : {} }),
    onSuccess: async (saved) => {
      showToast({ title: 'Bidrag uppdaterat!', type: 'success' });
      await invalidateLineup(queryClient, [year, saved.year]);
      handlers.onSaved(saved);
    },
    onError: async (error) => {
      if (!isStaleEdit(error)) return refused(error);
      try {
        handlers.onConflict({ message: error.serverError ?? STALE_EDIT_MESSAGES.entry, newer: await fetchEntryForEdit(id) });
      } catch (newerFailed) {
        // Deleted meanwhile, or the server out of reach: the reason, and the typed values stay in the form.
        refused(newerFailed);
      }
    },
  });
}

export function useDeleteEntry(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(entryApi.remove, { params: { id } }),
    onSuccess: async () => {
      showToast({ title: 'Bidrag borttaget!', type: 'success' });
      await invalidateLineup(queryClient, [year]);
    },
    onError: failed('Kunde inte ta bort bidraget'),
  });
}

/** POST /api/entries/reorder: the show's every entry in the new order. */
export function useReorder(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { show: string; entryIds: string[] }) => callRoute(entryApi.reorder, { body: { year, ...input } }),
    onError: failed('Kunde inte ändra startordningen'),
    // Moved or refused (someone else changed the show): the server's order is shown.
    onSettled: () => invalidateLineup(queryClient, [year]),
  });
}

/** POST /api/artists `{ name }`: a new act, picked at once. */
export function useCreateArtist(onCreated: (artist: SavedArtist) => void) {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn((name: string, headers) => callRoute(artistApi.create, { body: { name }, headers }));
  return useMutation({
    mutationFn,
    onSuccess: async (artist) => {
      showToast({ title: `Artist skapad: ${artist.name}`, type: 'success' });
      onCreated(artist);
      await queryClient.invalidateQueries({ queryKey: lineupKeys.artists });
    },
    onError: failed('Kunde inte skapa artisten'),
  });
}
