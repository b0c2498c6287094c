import { Badge, Box, Button, Flex, Heading, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { REBUILD_ALL, type DriftProjection, type RebuildRun } from '@mello/contracts';
import { LuHammer, LuRefreshCw, LuRotateCcw, LuX } from 'react-icons/lu';
import { errorMessage } from '../../../api/http';
import { ConfirmActionButton } from '../../../components/content/ConfirmActionButton';
import { LoadingText } from '../../../components/LoadingText';
import { formatCount } from '../../../lib/dates';
import { formatValue } from '../../../lib/diff';
import { useCancelRebuild, useDriftState, useLiveDrift, useRetryProjection, useStartRebuild } from '../drift-api';
import {
  STATUS_LABELS,
  etaLabel,
  eventsLabel,
  percentOf,
  phaseLabel,
  projectionRateLabel,
  rateLabel,
  resultOf,
  secondsLabel,
  targetLabel,
} from '../drift-format';

/**
 * The 'Drift' tab for maintainers (issue 18): every projection's status, checkpoint, lag, events per second and last error (with the
 * event it stopped on, and "Försök igen"); rebuilding every read model or one projection, with a live progress bar
 * every admin watching sees (pushed over Socket.IO from whichever process runs it) and "Avbryt"; and each run's
 * outcome. Admin only (the page's AdminOnly, and the server refuses everyone else).
 */
export function DriftTab() {
  const state = useDriftState();
  useLiveDrift();
  const start = useStartRebuild();
  // The run this page has seen running stays shown once it ended (at 100 %, with how it ended) until closed.
  const [shown, setShown] = useState<string | null>(null);
  const runningId = state.data?.rebuild?.id ?? null;
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (runningId && runningId !== shown) setShown(runningId);
  if (state.isPending) return <LoadingText>Laddar driftstatus...</LoadingText>;
  if (state.isError) {
    return (
      <Text color="fg.error" role="alert">
        Kunde inte läsa driftstatusen: {errorMessage(state.error, state.error.message)}
      </Text>
    );
  }
  const { head, projections, search, eventStore, rebuild, runs } = state.data;
  const busy = rebuild !== null || start.isPending;
  const panel = rebuild ?? runs.find((run) => run.id === shown) ?? null;
  return (
    <Stack gap="6">
      <Flex gap="4" wrap="wrap" align="center">
        <Text>
          Loggens senaste position:{' '}
          <Text as="strong" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {head ?? '—'}
          </Text>
        </Text>
        <Text>
          Händelselager: <strong>{eventStore === 'eventstoredb' ? 'EventStoreDB' : 'PostgreSQL'}</strong>
        </Text>
        <Text>
          Sökmotor: <strong>{search === 'typesense' ? 'Typesense' : 'PostgreSQL'}</strong>
        </Text>
        <Flex gap="2" ml={{ md: 'auto' }} wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => state.refetch()} disabled={state.isFetching}>
            <LuRefreshCw aria-hidden /> {state.isFetching ? 'Uppdaterar...' : 'Uppdatera'}
          </Button>
          <ConfirmActionButton
            label="Bygg om alla läsmodeller"
            pendingLabel="Startar..."
            icon={<LuHammer aria-hidden />}
            colorPalette="gold"
            variant="solid"
            title="Bygga om alla läsmodeller?"
            question="Alla läsmodeller byggs om från händelseloggen bredvid de nuvarande, som sajten svarar från tills ombyggnaden byts in. Det kan ta en stund."
            pending={busy}
            onConfirm={() => start.mutate(REBUILD_ALL)}
          />
        </Flex>
      </Flex>

      {panel && <RebuildPanel run={panel} onClose={() => setShown(null)} />}

      <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl">
        <Table.Root size="sm" aria-label="Projektioner">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>Projektion</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Position</Table.ColumnHeader>
              <Table.ColumnHeader>Eftersläpning</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Händelser/s</Table.ColumnHeader>
              <Table.ColumnHeader>Senaste fel</Table.ColumnHeader>
              <Table.ColumnHeader>Uppdaterad</Table.ColumnHeader>
              <Table.ColumnHeader>Åtgärder</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {projections.map((projection) => (
              <ProjectionRow key={projection.name} projection={projection} busy={busy} onRebuild={() => start.mutate(projection.name)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <RunList runs={runs} />
    </Stack>
  );
}

/** The running rebuild's progress (pushed live), or how the one this page watched ended. */
function RebuildPanel({ run, onClose }: { run: RebuildRun; onClose: () => void }) {
  const cancel = useCancelRebuild();
  const running = run.result === 'running';
  const result = resultOf(run.result);
  const percent = run.result === 'succeeded' ? 100 : percentOf(run);
  const details = [eventsLabel(run), rateLabel(run.eventsPerSecond), etaLabel(run.etaSeconds)].filter(Boolean).join(' · ');
  return (
    <Box borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" borderRadius="xl" p="4" aria-label="Ombyggnad" role="region">
      <Flex gap="3" wrap="wrap" align="center" mb="3">
        <Heading as="h2" size="md">
          {running ? 'Bygger om' : 'Ombyggnad av'} {targetLabel(run.target)}
        </Heading>
        <Badge colorPalette={running ? 'blue' : result.palette}>{running ? phaseLabel(run.phase) : result.label}</Badge>
        {running ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            ml="auto"
            onClick={() => cancel.mutate(run.id)}
            disabled={cancel.isPending || run.cancelRequested}
            aria-label={`Avbryt ombyggnaden av ${targetLabel(run.target)}`}
          >
            <LuX aria-hidden /> {run.cancelRequested ? 'Avbryter...' : 'Avbryt'}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" ml="auto" onClick={onClose}>
            Stäng
          </Button>
        )}
      </Flex>
      <Progress.Root value={percent} max={100} colorPalette={running ? 'blue' : result.palette} size="lg">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        <Flex justify="space-between" mt="2" gap="3" wrap="wrap">
          <Progress.ValueText>{percent === null ? '' : `${percent} %`}</Progress.ValueText>
          <Text fontSize="sm" data-testid="rebuild-figures">
            {details}
          </Text>
        </Flex>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Startad av {run.startedBy}, {formatValue(run.startedAt)}
        {run.durationSeconds !== null && `, tog ${secondsLabel(run.durationSeconds)}`}
      </Text>
      {run.error && (
        <Text fontSize="sm" color="fg.error" role="alert" wordBreak="break-word">
          {run.error}
        </Text>
      )}
    </Box>
  );
}

function ProjectionRow({ projection, busy, onRebuild }: { projection: DriftProjection; busy: boolean; onRebuild: () => void }) {
  const retry = useRetryProjection();
  const status = STATUS_LABELS[projection.status];
  return (
    <Table.Row bg="transparent">
      <Table.Cell fontWeight="semibold">{projection.name}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={status.palette}>{status.label}</Badge>
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="xs">
        {projection.position ?? '—'}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{projection.behind === 0 ? 'I fas' : `${formatCount(projection.behind)} händelser`}</Table.Cell>
      <Table.Cell whiteSpace="nowrap" textAlign="end" aria-label={`${projection.name}: händelser per sekund`}>
        {projectionRateLabel(projection.eventsPerSecond)}
      </Table.Cell>
      <Table.Cell minW="48" maxW="md" color={projection.lastError ? 'fg.error' : 'fg.muted'}>
        {projection.lastError ? (
          <>
            {projection.stoppedOn && (
              <Text fontWeight="semibold">
                Stannade på {projection.stoppedOn.type} i {projection.stoppedOn.streamName} (position {projection.stoppedOn.position})
              </Text>
            )}
            <Text>
              {projection.lastError} ({formatValue(projection.lastErrorAt)})
            </Text>
          </>
        ) : (
          'Inga fel'
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" color="fg.muted">
        {formatValue(projection.updatedAt)}
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" wrap="wrap">
          {projection.status === 'stopped' && (
            <Button
              size="xs"
              colorPalette="red"
              variant="solid"
              onClick={() => retry.mutate(projection.name)}
              disabled={retry.isPending}
              aria-label={`Försök igen: ${projection.name}`}
            >
              <LuRotateCcw aria-hidden /> Försök igen
            </Button>
          )}
          <ConfirmActionButton
            label="Bygg om"
            pendingLabel="Bygg om"
            name={`Bygg om projektionen ${projection.name}`}
            icon={<LuHammer aria-hidden />}
            colorPalette="gold"
            size="xs"
            title={`Bygga om projektionen ${projection.name}?`}
            question={`Projektionen ${projection.name} byggs om från händelseloggen bredvid den nuvarande; de andra fortsätter som vanligt.`}
            pending={busy}
            onConfirm={onRebuild}
          />
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

function RunList({ runs }: { runs: readonly RebuildRun[] }) {
  return (
    <Stack gap="3" as="section" aria-label="Ombyggnader">
      <Heading as="h2" size="md">
        Senaste ombyggnader
      </Heading>
      {runs.length === 0 ? (
        <Text color="fg.muted">Inga ombyggnader än.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {runs.map((run) => {
            const result = resultOf(run.result);
            return (
              <Box as="li" key={run.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="3">
                <Flex gap="2" wrap="wrap" align="center">
                  <Badge colorPalette={result.palette}>{result.label}</Badge>
                  <Text fontWeight="semibold">Ombyggnad av {targetLabel(run.target)}</Text>
                  {run.durationSeconds !== null && <Text color="fg.muted">på {secondsLabel(run.durationSeconds)}</Text>}
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {run.startedBy} · {formatValue(run.startedAt)} · {eventsLabel(run)}
                </Text>
                {run.error && (
                  <Text fontSize="sm" color="fg.error" wordBreak="break-word">
                    {run.error}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
