import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { LoggedEvent } from '@mello/contracts';
import { LuRefreshCw } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { LoadMore } from '../../../components/LoadMore';
import { LoadingText } from '../../../components/LoadingText';
import { formatValue } from '../../../lib/diff';
import { actorLabel } from '../audit-labels';
import { EventFilterBar } from './EventFilterBar';
import { EVENT_FILTER_KEYS, useEventLog, type EventFilters } from './events-api';
import { StreamView } from './StreamView';

/** The URL's names of the open stream and the event shown in it (?strom=…&steg=…): back and a link bring them again. */
const STREAM_PARAM = 'strom';
const STEP_PARAM = 'steg';

/**
 * The 'Händelser' tab (issue 18): the stored event log, newest first, filtered by stream, type, user and dates,
 * paged with 'Visa fler' and scrolling; a row opens its stream, stepped through with the document's state and diff.
 * Filters and the open stream live in the URL.
 */
export default function EventsTab() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(EVENT_FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as EventFilters;
  const stream = params.get(STREAM_PARAM);
  const step = Number(params.get(STEP_PARAM) ?? '0');

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const applyFilters = (next: EventFilters) =>
    update((url) => {
      for (const key of EVENT_FILTER_KEYS) {
        const value = next[key].trim();
        if (value) url.set(key, value);
        else url.delete(key);
      }
    });
  const open = (name: string, revision: number) =>
    update((url) => {
      url.set(STREAM_PARAM, name);
      url.set(STEP_PARAM, String(revision));
    });
  const close = () =>
    update((url) => {
      url.delete(STREAM_PARAM);
      url.delete(STEP_PARAM);
    });

  if (stream) {
    return (
      <StreamView
        name={stream}
        step={Number.isInteger(step) && step >= 0 ? step : 0}
        onStep={(revision) => open(stream, revision)}
        onClose={close}
        onFilter={() => {
          applyFilters({ ...filters, stream });
          close();
        }}
      />
    );
  }
  return <EventLog filters={filters} onFilter={applyFilters} onOpen={open} />;
}

function EventLog({
  filters,
  onFilter,
  onOpen,
}: {
  filters: EventFilters;
  onFilter: (f: EventFilters) => void;
  onOpen: (stream: string, revision: number) => void;
}) {
  const log = useEventLog(filters);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack gap="6">
      <EventFilterBar filters={filters} onApply={onFilter} />
      <Flex justify="space-between" align="center" gap="4">
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {log.isSuccess && `Visar ${events.length} ${events.length === 1 ? 'händelse' : 'händelser'}${log.hasNextPage ? ' (fler finns)' : ''}`}
        </Text>
        <Button size="sm" variant="ghost" onClick={() => log.refetch()} disabled={log.isFetching}>
          <LuRefreshCw aria-hidden /> {log.isRefetching && !log.isFetchingNextPage ? 'Uppdaterar...' : 'Uppdatera'}
        </Button>
      </Flex>
      {log.isPending ? (
        <LoadingText>Laddar händelser...</LoadingText>
      ) : log.isError ? (
        <Text color="fg.error" role="alert">
          Kunde inte läsa händelserna: {errorMessage(log.error, log.error.message)}
        </Text>
      ) : events.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          Inga händelser hittades
        </Text>
      ) : (
        <Stack as="ol" aria-label="Händelser" gap="2" listStyleType="none">
          {events.map((event) => (
            <EventRow key={event.position} event={event} onOpen={() => onOpen(event.stream, event.revision)} />
          ))}
        </Stack>
      )}
      <LoadMore hasMore={log.hasNextPage} loading={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
    </Stack>
  );
}

/** One event: type, when, who, and its stream with its revision, opening the stream at it. */
function EventRow({ event, onOpen }: { event: LoggedEvent; onOpen: () => void }) {
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="lg" px="4" py="3" bg="bg.panel">
      <Flex gap="2" wrap="wrap" align="center" justify="space-between">
        <Flex gap="2" wrap="wrap" align="center" minW="0">
          <Badge colorPalette="gold">{event.type}</Badge>
          {!event.readable && (
            <Badge colorPalette="red" variant="outline">
              Kan inte läsas
            </Badge>
          )}
          <Text fontSize="sm" color="fg.muted">
            {formatValue(event.recordedAt)} · {actorLabel(event.actor)}
          </Text>
        </Flex>
        <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Öppna strömmen ${event.stream} vid händelse ${event.revision + 1}`}>
          Öppna strömmen
        </Button>
      </Flex>
      <Text fontFamily="mono" fontSize="xs" mt="1" wordBreak="break-all">
        {event.stream} #{event.revision + 1}
      </Text>
    </Box>
  );
}
