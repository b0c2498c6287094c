import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, isAuditKind, type RestorableKind } from '@mello/contracts';
import { callRoute, routeKey, routeKeyPrefix, routeQuery } from '../../api/call';
import { errorMessage } from '../../api/http';
import { showToast } from '../../components/toaster';
import { invalidateDocumentLists } from './document-api';
import { showsLineups } from './lineup-query-keys';

/** The site-wide log's filters as the history tab keeps them (and as the URL carries them). */
export type AuditFilters = { kind: string; user: string; from: string; to: string };
export const PAGE_SIZE = 50;

/** The log's query of the tab's filters ('all' and an unknown kind are left out: every kind). */
const logQuery = (filters: AuditFilters) => ({
  kind: isAuditKind(filters.kind) ? filters.kind : undefined,
  user: filters.user.trim(),
  from: filters.from,
  to: filters.to,
  limit: PAGE_SIZE,
});

/** The audit API (contracts/src/admin/admin-api.ts, admin only). Keys derive from its contracts: they begin with the URL. */
export const auditKeys = {
  all: routeKeyPrefix(adminApi.history),
  log: (filters: AuditFilters) => routeKey(adminApi.history, { query: logQuery(filters) }),
  timeline: (kind: string, id: string) => routeKey(adminApi.timeline, { params: { kind, id } }),
  version: (kind: string, id: string, revision: number) => routeKey(adminApi.version, { params: { kind, id, revision } }),
};

/** GET /api/admin/history, newest first, one page of PAGE_SIZE after another ('Visa fler' follows nextBefore). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.log(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(adminApi.history, { query: { ...logQuery(filters), before: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextBefore,
  });
}

export const timelineQuery = (kind: string, id: string) => routeQuery(adminApi.timeline, { params: { kind, id } });

export const useItemTimeline = (kind: string, id: string) => useQuery(timelineQuery(kind, id));

export const useItemVersion = (kind: string, id: string, revision: number | null) =>
  useQuery({
    ...routeQuery(adminApi.version, { params: { kind, id, revision: revision ?? -1 } }),
    enabled: revision !== null,
  });

/**
 * POST …/restore {revision}: brings that version back as a new event (history is never rewritten). Then the
 * item's timeline, the log and the archive lists showing it are refetched, so the new event appears.
 */
export function useRestoreVersion(kind: RestorableKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => callRoute(adminApi.restore, { params: { kind, id }, body: { revision } }),
    onSuccess: async () => {
      showToast({ title: 'Version återställd!', description: 'Den valda versionen är nu den aktuella.', type: 'success' });
      const lists =
        kind === 'entry' || kind === 'artist' || kind === 'source'
          ? queryClient.invalidateQueries({ predicate: (query) => showsLineups(query.queryKey) })
          : invalidateDocumentLists(queryClient, kind);
      await Promise.all([queryClient.invalidateQueries({ queryKey: auditKeys.all }), lists]);
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Kunde inte återställa versionen'), type: 'error' }),
  });
}
