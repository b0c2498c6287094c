import { useState } from 'react';
import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { TimelineEntry } from '@mello/contracts';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { actionLabel, actionPalette, actorLabel } from '../audit-labels';
import { formatValue } from '../../../lib/diff';
import { ChangeList } from './ChangeView';
import { RestoreButton } from './RestoreButton';
import { VersionPanel } from './VersionPanel';

type Props = {
  kind: string;
  itemId: string;
  entry: TimelineEntry;
  /** The event's place in the timeline, counted from 1 (stream revisions start at 0). */
  number: number;
  /** For a restore: the number of the event whose version it brought back. */
  restores?: number;
  /** The newest event of an existing item: its version is the current one, so there is nothing to restore. */
  current: boolean;
  /** Set for kinds whose versions can be restored (RESTORABLE_KINDS: years, videos, articles, entries, artists, sources). */
  restore?: { pending: boolean; onRestore: (revision: number) => void };
};

/** One event of an item's stream: what happened, who, when, what changed, and its version on request. */
export function TimelineEntryCard({ kind, itemId, entry, number, restores, current, restore }: Props) {
  const [showVersion, setShowVersion] = useState(false);
  // A creation lists every field: folded by default so the timeline stays readable.
  const [showChanges, setShowChanges] = useState(entry.action !== 'created');
  const deleted = entry.action === 'deleted';
  return (
    <Box as="li" position="relative" ps={{ base: '6', md: '8' }} pb="6" listStyleType="none" aria-label={`Händelse ${number}: ${actionLabel(entry.action)}`}>
      {/* The timeline's line and dot. */}
      <Box position="absolute" left="2" top="3" bottom="0" w="2px" bg="border" aria-hidden="true" />
      <Box position="absolute" left="0.5" top="2" w="3.5" h="3.5" borderRadius="full" bg={`${actionPalette(entry.action)}.solid`} aria-hidden="true" />
      <Box borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg.panel" p={{ base: '4', md: '5' }}>
        <Flex gap="3" wrap="wrap" align="center" mb="3">
          <Badge colorPalette={actionPalette(entry.action)} size="lg">
            {actionLabel(entry.action)}
          </Badge>
          <Text fontWeight="semibold">Händelse {number}</Text>
          {restores !== undefined && <Text fontSize="sm">återställer händelse {restores}</Text>}
          {current && (
            <Badge colorPalette="gold" variant="outline">
              Aktuell version
            </Badge>
          )}
          <Text color="fg.muted" fontSize="sm">
            {formatValue(entry.at)} · {actorLabel(entry.actor)}
          </Text>
        </Flex>
        <Stack gap="4">
          {entry.changes.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {deleted ? 'Objektet raderades.' : 'Inga fält ändrades.'}
            </Text>
          ) : showChanges ? (
            <ChangeList kind={kind} changes={entry.changes} />
          ) : (
            <Button variant="plain" size="sm" px="0" alignSelf="flex-start" color="brand.fg" onClick={() => setShowChanges(true)}>
              Visa fälten ({entry.changes.length})
            </Button>
          )}
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setShowVersion(!showVersion)} aria-expanded={showVersion}>
              {showVersion ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
              {showVersion ? 'Dölj version' : 'Visa version'}
            </Button>
            {restore && !deleted && !current && <RestoreButton number={number} pending={restore.pending} onConfirm={() => restore.onRestore(entry.revision)} />}
          </Flex>
          {showVersion && <VersionPanel kind={kind} id={itemId} revision={entry.revision} number={number} />}
        </Stack>
      </Box>
    </Box>
  );
}
