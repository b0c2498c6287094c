import { Badge, Button, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { AuditEntry } from '@mello/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { useAuditLog, type AuditFilters } from '../audit-api';
import { actionLabel, actionPalette, actorLabel, historyPath, kindLabel } from '../audit-labels';
import { formatValue } from '../../../lib/diff';
import { HistoryFilters } from './HistoryFilters';

const FILTER_KEYS = ['kind', 'user', 'from', 'to'] as const;

/** The filters as the URL holds them, so the log comes back as it was after visiting an item's history. */
function useFiltersInUrl(): [AuditFilters, (filters: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    kind: params.get('kind') || 'all',
    user: params.get('user') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const apply = (next: AuditFilters) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const key of FILTER_KEYS) {
        const value = next[key].trim();
        if (value && !(key === 'kind' && value === 'all')) updated.set(key, value);
        else updated.delete(key);
      }
      return updated;
    });
  return [filters, apply];
}

/** The 'Historik' tab: every change on the site, newest first, filterable, 'Visa fler' for older events. */
export function HistoryTab() {
  const [filters, setFilters] = useFiltersInUrl();
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack gap="6">
      <HistoryFilters filters={filters} onApply={setFilters} />
      <Flex justify="space-between" align="center" gap="4">
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {log.isSuccess && `Visar ${entries.length} ${entries.length === 1 ? 'händelse' : 'händelser'}${log.hasNextPage ? ' (fler finns)' : ''}`}
        </Text>
        {/* Data never goes stale on its own (spec section 9): forum moderation elsewhere shows up on request. */}
        <Button size="sm" variant="ghost" onClick={() => log.refetch()} disabled={log.isFetching}>
          <LuRefreshCw aria-hidden /> {log.isRefetching && !log.isFetchingNextPage ? 'Uppdaterar...' : 'Uppdatera'}
        </Button>
      </Flex>
      {log.isPending ? (
        <LoadingText>Laddar historik...</LoadingText>
      ) : log.isError ? (
        <Text color="fg.error" role="alert">
          Kunde inte läsa historiken: {errorMessage(log.error, log.error.message)}
        </Text>
      ) : entries.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          Inga händelser hittades
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl">
          <Table.Root size="sm" aria-label="Händelser">
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Tid</Table.ColumnHeader>
                <Table.ColumnHeader>Händelse</Table.ColumnHeader>
                <Table.ColumnHeader>Objekt</Table.ColumnHeader>
                <Table.ColumnHeader>Av</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <EntryRow key={entry.position} entry={entry} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {log.hasNextPage && (
        <Button alignSelf="center" variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Laddar...' : 'Visa fler'}
        </Button>
      )}
    </Stack>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Row bg="transparent">
      <Table.Cell whiteSpace="nowrap" color="fg.muted">
        {formatValue(entry.at)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Badge colorPalette={actionPalette(entry.action)} mr="2">
          {actionLabel(entry.action)}
        </Badge>
        {kindLabel(entry.kind)}
      </Table.Cell>
      <Table.Cell minW="60">
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={historyPath(entry.kind, entry.itemId)}>{entry.label || entry.itemId}</RouterLink>
        </Link>
        {!entry.exists && (
          <Badge ml="2" colorPalette="red" variant="outline">
            Borttaget
          </Badge>
        )}
        {entry.contentAuthor && (
          <Text fontSize="sm" color="fg.muted">
            Skrivet av {entry.contentAuthor}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{actorLabel(entry.actor)}</Table.Cell>
    </Table.Row>
  );
}
