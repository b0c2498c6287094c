import { Badge, Box, Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { StreamStep } from '@mello/contracts';
import { LuArrowLeft, LuChevronLeft, LuChevronRight, LuFilter } from 'react-icons/lu';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { formatValue } from '../../../lib/diff';
import { actorLabel, inFieldOrder, kindLabel } from '../audit-labels';
import { ChangeList } from '../components/ChangeView';
import { FieldList } from '../components/VersionPanel';
import { useEventStream } from './events-api';

type Props = { name: string; step: number; onStep: (revision: number) => void; onClose: () => void; onFilter: () => void };

/**
 * One stream, one event at a time: 'Föregående'/'Nästa' step through it; for a stream the admin history folds
 * (years, videos, articles, entries, artists, sources, forum posts and replies) the document's state after the
 * event and what the event changed are shown; for any other stream the event's data only, and the view says so.
 */
export function StreamView({ name, step, onStep, onClose, onFilter }: Props) {
  const stream = useEventStream(name);
  const back = (
    <Button variant="ghost" size="sm" onClick={onClose} alignSelf="flex-start">
      <LuArrowLeft aria-hidden /> Tillbaka till händelserna
    </Button>
  );
  if (stream.isPending) return <LoadingText>Laddar strömmen...</LoadingText>;
  if (stream.isError) {
    return (
      <Stack gap="4">
        {back}
        <Text color="fg.error" role="alert">
          Kunde inte läsa strömmen: {errorMessage(stream.error, stream.error.message)}
        </Text>
      </Stack>
    );
  }
  const { events, kind } = stream.data;
  const index = Math.min(step, events.length - 1);
  const event = events[index]!;

  return (
    <Stack gap="5" as="section" aria-label={`Strömmen ${name}`}>
      <Flex gap="2" wrap="wrap" justify="space-between">
        {back}
        <Button variant="outline" size="sm" onClick={onFilter}>
          <LuFilter aria-hidden /> Visa strömmens händelser i listan
        </Button>
      </Flex>
      <div>
        <Heading as="h2" size="lg" wordBreak="break-all">
          {name}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt="1">
          {kind
            ? `${kindLabel(kind)}: tillståndet efter varje händelse och vad den ändrade.`
            : 'Den här sortens ström har ingen vikning: bara händelsernas data visas.'}
        </Text>
      </div>
      <Flex gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => onStep(index - 1)} disabled={index === 0}>
          <LuChevronLeft aria-hidden /> Föregående
        </Button>
        <Text fontWeight="semibold" aria-live="polite" data-testid="stream-step">
          Händelse {index + 1} av {events.length}
        </Text>
        <Button size="sm" variant="outline" onClick={() => onStep(index + 1)} disabled={index === events.length - 1}>
          Nästa <LuChevronRight aria-hidden />
        </Button>
      </Flex>
      <StepDetails kind={kind} event={event} />
    </Stack>
  );
}

function StepDetails({ kind, event }: { kind: string | null; event: StreamStep }) {
  const fields = event.state ? inFieldOrder(kind ?? '', Object.entries(event.state), ([field]) => field) : [];
  return (
    <Stack gap="5">
      <Flex gap="2" wrap="wrap" align="center">
        <Badge colorPalette="gold">{event.type}</Badge>
        {event.deleted && <Badge colorPalette="red">Raderat</Badge>}
        <Text fontSize="sm" color="fg.muted">
          {formatValue(event.recordedAt)} · {actorLabel(event.actor)}
        </Text>
      </Flex>
      {kind && (
        <Box as="section" aria-label="Ändringar" borderWidth="1px" borderColor="border" borderRadius="xl" p="4">
          <Heading as="h3" size="sm" mb="3">
            Ändringar
          </Heading>
          {event.changes.length > 0 ? (
            <ChangeList kind={kind} changes={event.changes} />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {event.deleted ? 'Dokumentet raderades.' : event.state ? 'Inga fält ändrades.' : 'Händelsen ändrar inte dokumentet.'}
            </Text>
          )}
        </Box>
      )}
      {kind && event.state && (
        <Box as="section" aria-label="Tillstånd efter händelsen" borderWidth="1px" borderColor="border" borderRadius="xl" p="4" bg="bg.subtle">
          <Heading as="h3" size="sm" mb="3">
            Tillstånd efter händelsen
          </Heading>
          <FieldList kind={kind} fields={fields} />
        </Box>
      )}
      <Box as="section" aria-label="Händelsens data">
        <Heading as="h3" size="sm" mb="2">
          Data
        </Heading>
        <JsonBlock value={event.data} />
      </Box>
      <Box as="details">
        <Box as="summary" cursor="pointer" fontWeight="semibold" fontSize="sm">
          Metadata och position
        </Box>
        <JsonBlock value={{ position: event.position, revision: event.revision, ...event.metadata }} />
      </Box>
    </Stack>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  return (
    <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-word" p="3" borderRadius="md" fontSize="xs" maxH="96" overflow="auto">
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
