import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStatus, AuditPage, ItemTimeline, ItemVersion, RestorableKind } from '@mello/contracts';
import { apiFetch, errorMessage, withQuery } from '../../api/http';
import { showToast } from '../../components/toaster';
import { invalidateDocumentLists } from './document-api';
import { showsLineups } from './lineup-query-keys';

/** The audit API of contracts/src/admin/audit.ts (admin only). Keys follow the URL, as everywhere in the client. */
export const auditKeys = {
  all: ['/api/admin/history'] as const,
  log: (filters: AuditFilters) => ['/api/admin/history', filters] as const,
  timeline: (kind: string, id: string) => ['/api/admin/history', kind, id] as const,
  version: (kind: string, id: string, revision: number) => ['/api/admin/history', kind, id, 'versions', revision] as const,
  status: ['/api/admin/status'] as const,
};

/** The site-wide log's filters as the history tab keeps them (and as the URL carries them). */
export type AuditFilters = { kind: string; user: string; from: string; to: string };
export const PAGE_SIZE = 50;

const itemPath = (kind: string, id: string) => `/api/admin/history/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** GET /api/admin/history, newest first, one page of PAGE_SIZE after another ('Visa fler' follows nextBefore). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.log(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<AuditPage>(
        withQuery('/api/admin/history', {
          kind: filters.kind === 'all' ? null : filters.kind,
          user: filters.user.trim(),
          from: filters.from,
          to: filters.to,
          before: pageParam,
          limit: PAGE_SIZE,
        }),
      ),
    getNextPageParam: (page) => page.nextBefore,
  });
}

export const timelineQuery = (kind: string, id: string) =>
  queryOptions({ queryKey: auditKeys.timeline(kind, id), queryFn: () => apiFetch<ItemTimeline>(itemPath(kind, id)) });

export const useItemTimeline = (kind: string, id: string) => useQuery(timelineQuery(kind, id));

export const useItemVersion = (kind: string, id: string, revision: number | null) =>
  useQuery({
    queryKey: auditKeys.version(kind, id, revision ?? -1),
    queryFn: () => apiFetch<ItemVersion>(`${itemPath(kind, id)}/versions/${revision}`),
    enabled: revision !== null,
  });

export const useAdminStatus = () => useQuery({ queryKey: auditKeys.status, queryFn: () => apiFetch<AdminStatus>('/api/admin/status') });

/**
 * POST …/restore {revision}: brings that version back as a new event (history is never rewritten). Then the
 * item's timeline, the log and the archive lists showing it are refetched, so the new event appears.
 */
export function useRestoreVersion(kind: RestorableKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => apiFetch<unknown>(`${itemPath(kind, id)}/restore`, { method: 'POST', json: { revision } }),
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
