import { useState } from 'react';
import { Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { LineupShow, YearLineup } from '@mello/contracts';
import { LuPlus } from 'react-icons/lu';
import { LoadingText } from '../../../../components/LoadingText';
import { movedOrder, newEntryValues, orderInShow } from '../entry-form';
import { useDeleteEntry, useReorder, useYearLineup } from '../lineup-api';
import { EditEntryForm, EntryForm } from './EntryForm';
import { EntryRow } from './EntryRow';

/** What is open: one entry's edit form, or the add form of one show (null: a year without shows yet). */
type Open = { kind: 'edit'; entryId: string } | { kind: 'add'; show: string | null } | null;

/**
 * 'Startfält' below the year's form: each show of the year (Deltävling 1…N, Andra chansen, Final) with its
 * entries in running order. Every change is its own command, saved at once; the year's own form is separate.
 */
export function LineupEditor({ year }: { year: number }) {
  const lineup = useYearLineup(year);
  const [open, setOpen] = useState<Open>(null);
  return (
    <Stack as="section" aria-labelledby="startfalt" gap="5">
      <div>
        <Heading as="h2" id="startfalt" size="2xl" fontWeight="900">
          Startfält
        </Heading>
        <Text color="fg.muted" mt="1">
          Varje ändring av ett bidrag sparas direkt, för sig. Okända värden visas som ”–”.
        </Text>
      </div>
      {lineup.isLoading && <LoadingText>Laddar startfältet...</LoadingText>}
      {lineup.isError && <Text color="fg.error">Kunde inte hämta startfältet.</Text>}
      {lineup.data && <Shows lineup={lineup.data} open={open} setOpen={setOpen} />}
    </Stack>
  );
}

function Shows({ lineup, open, setOpen }: { lineup: YearLineup; open: Open; setOpen: (open: Open) => void }) {
  const hasHeats = lineup.shows.some((show) => show.kind === 'heat');
  return (
    <>
      {lineup.gaps.length > 0 && (
        <Stack gap="1" fontSize="sm" color="fg.muted">
          <Text fontWeight="semibold">Uppgifterna är ofullständiga:</Text>
          <List.Root ps="5">
            {lineup.gaps.map((gap) => (
              <List.Item key={gap}>{gap}</List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      {lineup.shows.map((show) => (
        <ShowEditor key={show.key ?? show.kind} year={lineup.year} show={show} hasHeats={hasHeats} open={open} setOpen={setOpen} />
      ))}
      {lineup.shows.length === 0 &&
        (open?.kind === 'add' ? (
          <EntryForm
            mode="create"
            year={lineup.year}
            title={`Nytt bidrag ${lineup.year}`}
            initial={newEntryValues(lineup.year, null, false)}
            onDone={() => setOpen(null)}
          />
        ) : (
          <Stack align="flex-start" gap="3">
            <Text color="fg.muted">Inga bidrag än.</Text>
            <Button colorPalette="gold" variant="outline" onClick={() => setOpen({ kind: 'add', show: null })}>
              <LuPlus aria-hidden /> Lägg till bidrag
            </Button>
          </Stack>
        ))}
    </>
  );
}

type ShowProps = { year: number; show: LineupShow; hasHeats: boolean; open: Open; setOpen: (open: Open) => void };

function ShowEditor({ year, show, hasHeats, open, setOpen }: ShowProps) {
  const reorder = useReorder(year);
  const remove = useDeleteEntry(year);
  const ids = show.entries.map((entry) => entry.id);
  const move = (index: number, delta: -1 | 1) => {
    const entryIds = movedOrder(ids, index, delta);
    if (!entryIds || show.key === null) return null;
    const key = show.key;
    return () => reorder.mutate({ show: key, entryIds });
  };
  const adding = open?.kind === 'add' && open.show === show.key;
  const headingId = `show-${show.key ?? show.kind}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} bg="bg.panel" borderColor="border">
      <Card.Body p={{ base: '4', md: '6' }}>
        <Heading as="h3" id={headingId} size="lg">
          {show.name}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="md">
            ({show.entries.length})
          </Text>
        </Heading>
        {show.description && (
          <Text fontSize="sm" color="fg.muted">
            {show.description}
          </Text>
        )}
        {show.key !== null && show.entries.some((entry) => orderInShow(show, entry) === null) && (
          <Text fontSize="sm" color="fg.muted" mt="1">
            Några startnummer är okända (”–”). Flyttas ett bidrag får alla bidrag startnummer i den ordning som visas.
          </Text>
        )}
        {show.key === null && (
          <Text fontSize="sm" color="fg.muted" mt="1">
            Ordningen följer deltävling och placering; den ändras i bidragens fält.
          </Text>
        )}
        <List.Root as="ol" listStyleType="none" mt="3" aria-label={`Startordning ${show.name}`}>
          {show.entries.map((entry, index) => {
            const editing = open?.kind === 'edit' && open.entryId === entry.id;
            return (
              <EntryRow
                key={entry.id}
                show={show}
                entry={entry}
                onMoveUp={move(index, -1)}
                onMoveDown={move(index, 1)}
                moving={reorder.isPending}
                editing={editing}
                onEdit={() => setOpen(editing ? null : { kind: 'edit', entryId: entry.id })}
                deleting={remove.isPending && remove.variables === entry.id}
                onDelete={() => remove.mutate(entry.id)}
              >
                {editing && (
                  <EditEntryForm
                    entryId={entry.id}
                    artist={entry.artistRef}
                    year={year}
                    title={`Redigera bidrag: ${entry.artist} – ${entry.song}`}
                    onDone={() => setOpen(null)}
                  />
                )}
              </EntryRow>
            );
          })}
        </List.Root>
        {show.key !== null &&
          (adding ? (
            <EntryForm
              mode="create"
              year={year}
              title={`Nytt bidrag i ${show.name}`}
              initial={newEntryValues(year, show, hasHeats)}
              onDone={() => setOpen(null)}
            />
          ) : (
            <Button mt="3" size="sm" colorPalette="gold" variant="outline" alignSelf="flex-start" onClick={() => setOpen({ kind: 'add', show: show.key })}>
              <LuPlus aria-hidden /> Lägg till bidrag
            </Button>
          ))}
      </Card.Body>
    </Card.Root>
  );
}
