import { Box, Button, List, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import type { EntryView, SourceRef } from '@mello/contracts';
import { LuBookOpen } from 'react-icons/lu';
import { singleSourceFields } from '../format';
import { DATA_NOTE_LEAD, DataText } from './DataNote';
import { DisputeDetails } from './DisputeMarker';
import { SourceName } from './SourceName';

/**
 * An entry's sources on demand: where its values come from (each linked to /kallor), what confirmed them and which
 * fields rest on one source only, its disputes and notes.
 */
export function EntrySources({ entry }: { entry: EntryView }) {
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="ghost" color="fg.muted" aria-label={`Källor för ${entry.artist} – ${entry.song}`} px="1.5">
          <LuBookOpen aria-hidden="true" />
          Källor
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="min(32rem, calc(100vw - 2rem))" maxH="70vh" overflowY="auto">
            <Popover.Arrow />
            <Popover.Body>
              <EntrySourceDetails entry={entry} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The popover's content: rendered once it opens, never by the server. */
function EntrySourceDetails({ entry }: { entry: EntryView }) {
  const singles = singleSourceFields(entry.unconfirmed);
  return (
    <Stack gap="4" fontSize="sm">
      <Popover.Title fontWeight="bold" fontSize="md">
        {entry.artist} – {entry.song}
      </Popover.Title>
      <SourceList title="Källor" sources={entry.sources} empty="Inga källor angivna." />
      <SourceList title="Bekräftad av" sources={entry.verifiedBy} empty="Inte bekräftad av en oberoende källa." />
      {singles.length > 0 && (
        <Box data-single-source>
          <Text fontWeight="semibold">Vilar på en enda källa</Text>
          <Text color="fg.muted">
            Ingen oberoende källa bekräftar de här uppgifterna{singles.some((single) => single.note) && ' (med källmaterialets anteckningar, på engelska)'}:
          </Text>
          <List.Root ps="5" gap="1" color="fg.muted" wordBreak="break-word">
            {singles.map((single, index) => (
              <List.Item key={index}>
                {single.label}
                {single.label && single.note && ' – '}
                {single.note && <DataText>{single.note}</DataText>}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {entry.disputed.length > 0 && (
        <Stack gap="3">
          <Text fontWeight="semibold">Omstridda uppgifter</Text>
          {entry.disputed.map((dispute, index) => (
            <Box key={index} ps="3" borderStartWidth="2px" borderColor="orange.fg">
              <DisputeDetails dispute={dispute} />
            </Box>
          ))}
        </Stack>
      )}
      {entry.notes && (
        <Box>
          <Text fontWeight="semibold">{DATA_NOTE_LEAD}</Text>
          <DataText as="p" color="fg.muted" wordBreak="break-word">
            {entry.notes}
          </DataText>
        </Box>
      )}
    </Stack>
  );
}

function SourceList({ title, sources, empty }: { title: string; sources: readonly SourceRef[]; empty: string }) {
  return (
    <Box>
      <Text fontWeight="semibold">{title}</Text>
      {sources.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <List.Root ps="5" gap="1" color="fg.muted" wordBreak="break-word">
          {sources.map((source) => (
            <List.Item key={source.key}>
              <SourceName source={source} />
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
