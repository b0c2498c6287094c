import { Box, IconButton, List, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import type { DisputeView } from '@mello/contracts';
import { LuCircleAlert } from 'react-icons/lu';
import { disputedValueText, fieldLabel } from '../format';
import { Unknown } from '../../../components/content/Unknown';
import { DataNote } from './DataNote';
import { SourceName } from './SourceName';

/**
 * The mark next to a value the sources disagree on. Activating it (click, Enter or Space) opens every value the
 * sources give, with the sources and the compiler's note: the page shows the dispute instead of hiding it.
 */
export function DisputeMarker({ dispute }: { dispute: DisputeView }) {
  const label = fieldLabel(dispute.field);
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom' }}>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={`Omstridd uppgift: ${label}. Visa alla värden och källor`}
          size="2xs"
          variant="ghost"
          colorPalette="orange"
          color="orange.fg"
          minW="5"
          h="5"
          ms="1"
          verticalAlign="middle"
        >
          <LuCircleAlert aria-hidden="true" />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="min(28rem, calc(100vw - 2rem))">
            <Popover.Arrow />
            <Popover.Body>
              <DisputeDetails dispute={dispute} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/**
 * Every value of a dispute, then its sources (each known key linked to /kallor) and the data's note (also listed
 * in an entry's source details). Rendered in a popover only, never by the server.
 */
export function DisputeDetails({ dispute }: { dispute: DisputeView }) {
  return (
    <Stack gap="2" fontSize="sm">
      <Text fontWeight="bold">Källorna är oeniga: {fieldLabel(dispute.field)}</Text>
      <Box>
        <Text color="fg.muted">Värden som anges:</Text>
        <List.Root ps="5" gap="0.5">
          {dispute.values.map((value, index) => (
            <List.Item key={index} fontWeight="semibold">
              {disputedValueText(value) ?? <Unknown />}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {dispute.sources.length > 0 && (
        <Box>
          <Text color="fg.muted">Källor:</Text>
          <List.Root ps="5" gap="0.5" wordBreak="break-word">
            {dispute.sources.map((source, index) => (
              <List.Item key={index}>
                <SourceName source={source} />
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {dispute.note && <DataNote color="fg.muted" text={dispute.note} />}
    </Stack>
  );
}
