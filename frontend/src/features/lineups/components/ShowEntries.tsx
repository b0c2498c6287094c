import { memo } from 'react';
import { Box, Flex, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { atLeast, useMediaQuery } from '../../../lib/use-media-query';
import { entryAnchorId, type EntryView, type LineupShow } from '@mello/contracts';
import { disputeOf, showNumbers } from '../format';
import { DisputeMarker } from './DisputeMarker';
import { ArtistName, FieldValue, Points, Songwriters, SongTitle } from './EntryParts';
import { EntryMedia } from './EntryMedia';
import { EntrySources } from './EntrySources';
import { ResultBadge } from './ResultBadge';

/** The winner's row and card stand out: a gold edge and tint. */
const winnerStyle = { bg: 'rgba(255, 194, 61, 0.10)', boxShadow: 'inset 4px 0 0 var(--chakra-colors-gold-400)' } as const;

/**
 * A show's entries: a table on wide screens, a card per entry on phones and tablets (so a 390 px phone never
 * scrolls sideways). Once the screen is known only one of the two is rendered, so each value exists once in the
 * page; before (the server's HTML, until hydration) both are, each shown by CSS on its screens only, and the
 * entries' anchors are on the cards, first in the page (YearLineupSection scrolls to the anchor once it knows).
 */
type ShowProps = { show: LineupShow; caption: string; /** The entries whose anchor this show holds (anchoredEntries). */ anchors: ReadonlySet<string> };

export const WIDE = atLeast('lg');
const NO_ANCHORS: ReadonlySet<string> = new Set();

export function ShowEntries(props: ShowProps) {
  const wide = useMediaQuery(WIDE);
  // Both layouts keep their place in the tree once the screen is known: the other one goes and the hydrated one
  // stays. Returned bare, the one kept was a new element and mounted anew (the whole lineup's cards on a phone,
  // a 170-470 ms task after hydration on a 4x slowed CPU, Lighthouse's phone).
  return (
    <>
      {wide !== true && (
        <Box hideFrom="lg">
          <ShowCards {...props} />
        </Box>
      )}
      {wide !== false && (
        <Box hideBelow="lg">
          <ShowTable {...props} anchors={wide ? props.anchors : NO_ANCHORS} />
        </Box>
      )}
    </>
  );
}

const anchorOf = (entry: EntryView, anchors: ReadonlySet<string>) => (anchors.has(entry.id) ? { id: entryAnchorId(entry.id), scrollMarginTop: '24' } : {});

const ShowTable = memo(function ShowTable({ show, caption, anchors }: ShowProps) {
  const { kind } = show;
  const numbered = kind !== 'second-chance';
  return (
    // Relative: visually hidden text inside (absolutely positioned) stays inside the scroll area, not beyond the page.
    <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl" position="relative" whiteSpace="normal">
      <Table.Root size="sm" aria-label={caption} css={{ '& td, & th': { verticalAlign: 'top' } }}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {numbered && (
              <Table.ColumnHeader w="12" title="Startnummer">
                Nr
              </Table.ColumnHeader>
            )}
            {kind === 'second-chance' && <Table.ColumnHeader w="24">Från</Table.ColumnHeader>}
            <Table.ColumnHeader>Artist</Table.ColumnHeader>
            <Table.ColumnHeader>Låt</Table.ColumnHeader>
            <Table.ColumnHeader>Låtskrivare</Table.ColumnHeader>
            {numbered && <Table.ColumnHeader w="16">Plac.</Table.ColumnHeader>}
            {kind === 'final' && <Table.ColumnHeader w="36">Poäng</Table.ColumnHeader>}
            <Table.ColumnHeader w="32">Resultat</Table.ColumnHeader>
            <Table.ColumnHeader w="20">
              <VisuallyHidden>Källor</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {show.entries.map((entry) => {
            const { runningOrder, place } = showNumbers(entry, kind);
            return (
              <Table.Row
                key={entry.id}
                {...anchorOf(entry, anchors)}
                data-entry={entry.id}
                data-result={entry.result ?? undefined}
                {...(entry.result === 'winner' ? winnerStyle : {})}
              >
                {runningOrder && (
                  <Table.Cell color="fg.muted">
                    <FieldValue entry={entry} field={runningOrder.field} value={runningOrder.value} />
                  </Table.Cell>
                )}
                {kind === 'second-chance' && (
                  <Table.Cell color="fg.muted" whiteSpace="nowrap">
                    {entry.heat === null ? '' : `Deltävling ${entry.heat}`}
                  </Table.Cell>
                )}
                <Table.Cell>
                  <ArtistName entry={entry} />
                </Table.Cell>
                <Table.Cell>
                  <SongTitle entry={entry} />
                </Table.Cell>
                <Table.Cell fontSize="xs" maxW="xs">
                  <Songwriters entry={entry} />
                </Table.Cell>
                {place && (
                  <Table.Cell fontWeight={entry.result === 'winner' ? 'bold' : undefined}>
                    <FieldValue entry={entry} field={place.field} value={place.value} />
                  </Table.Cell>
                )}
                {kind === 'final' && (
                  <Table.Cell>
                    <Points entry={entry} kind={kind} />
                  </Table.Cell>
                )}
                <Table.Cell>
                  <ResultWithDisputes entry={entry} />
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  <EntryMedia entry={entry} />
                  <EntrySources entry={entry} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});

const ShowCards = memo(function ShowCards({ show, caption, anchors }: ShowProps) {
  return (
    <Stack as="ol" gap="3" aria-label={caption} listStyleType="none" m="0" p="0">
      {show.entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} kind={show.kind} anchor={anchorOf(entry, anchors)} />
      ))}
    </Stack>
  );
});

function EntryCard({ entry, kind, anchor }: { entry: EntryView; kind: LineupShow['kind']; anchor: ReturnType<typeof anchorOf> }) {
  const { runningOrder, place } = showNumbers(entry, kind);
  return (
    <Box
      as="li"
      {...anchor}
      data-entry={entry.id}
      data-result={entry.result ?? undefined}
      borderWidth="1px"
      borderColor={entry.result === 'winner' ? 'gold.400' : 'border'}
      borderRadius="xl"
      p="4"
      {...(entry.result === 'winner' ? winnerStyle : { bg: 'bg.panel' })}
    >
      <Flex justify="space-between" align="center" gap="2" mb="2">
        <Text fontSize="sm" color="fg.muted">
          {runningOrder ? (
            <>
              Nr <FieldValue entry={entry} field={runningOrder.field} value={runningOrder.value} />
            </>
          ) : entry.heat !== null ? (
            `Från deltävling ${entry.heat}`
          ) : null}
        </Text>
        <ResultWithDisputes entry={entry} />
      </Flex>
      <Text fontSize="md" lineHeight="short" overflowWrap="anywhere">
        <ArtistName entry={entry} />
      </Text>
      <Text overflowWrap="anywhere">
        <SongTitle entry={entry} />
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="2" overflowWrap="anywhere">
        Låtskrivare: <Songwriters entry={entry} />
      </Text>
      <Flex mt="3" justify="space-between" align="flex-end" gap="3" wrap="wrap">
        <SimpleGrid as="dl" columns={kind === 'final' ? 2 : 1} columnGap="6" rowGap="0" fontSize="sm">
          {place && (
            <Box>
              <Text as="dt" color="fg.muted" fontSize="xs">
                Placering
              </Text>
              <Text as="dd" fontWeight="semibold">
                <FieldValue entry={entry} field={place.field} value={place.value} />
              </Text>
            </Box>
          )}
          {kind === 'final' && (
            <Box>
              <Text as="dt" color="fg.muted" fontSize="xs">
                Poäng
              </Text>
              <Box as="dd" fontWeight="semibold">
                <Points entry={entry} kind={kind} />
              </Box>
            </Box>
          )}
        </SimpleGrid>
        <Flex gap="1">
          <EntryMedia entry={entry} />
          <EntrySources entry={entry} />
        </Flex>
      </Flex>
    </Box>
  );
}

/**
 * The entry's result badge, with the mark of a dispute about what it rests on (2010: a heat result the sources give
 * as out or Andra chansen), so the dispute shows where the result does and not only in the entry's Källor.
 */
function ResultWithDisputes({ entry }: { entry: EntryView }) {
  const disputes = (['heatResult', 'andraChansen'] as const).flatMap((field) => disputeOf(entry, field) ?? []);
  return (
    <Box as="span" whiteSpace="nowrap">
      <ResultBadge result={entry.result} />
      {disputes.map((dispute) => (
        <DisputeMarker key={dispute.field} dispute={dispute} />
      ))}
    </Box>
  );
}
