import { Button, Popover, Portal } from '@chakra-ui/react';
import type { EntryView } from '@mello/contracts';
import { LuVideo } from 'react-icons/lu';
import { EntryMediaLinks } from './EntryMediaLinks';

/**
 * An entry's videos and lost-media hunts on demand ('Media'): the links are fetched when the popover opens, so a
 * year page of forty entries does not ask for forty link lists up front.
 */
export function EntryMedia({ entry }: { entry: EntryView }) {
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="ghost" color="fg.muted" aria-label={`Media: video och efterlysningar för ${entry.artist} – ${entry.song}`} px="1.5">
          <LuVideo aria-hidden="true" />
          Media
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="min(26rem, calc(100vw - 2rem))">
            <Popover.Arrow />
            <Popover.Body>
              <Popover.Title fontWeight="bold" mb="2">
                {entry.artist} – {entry.song}
              </Popover.Title>
              <EntryMediaLinks entry={entry} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
