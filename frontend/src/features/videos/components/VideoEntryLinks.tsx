import { HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { artistPath, entryLabel, entryPath, type EntryRef } from '@mello/contracts';

/**
 * The entry a video shows: a link to it on its year page (`/year/{year}#entry-{id}`) and to the artist. Inside a
 * card whose overlay opens the video, these links sit above the overlay (LinkBox lifts other links).
 */
export function VideoEntryLinks({ entry }: { entry: EntryRef }) {
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="video-entry">
      <Text color="fg.muted">Bidrag:</Text>
      <Link asChild color="brand.fg" position="relative" zIndex="1">
        <RouterLink to={entryPath(entry)}>{entryLabel(entry)}</RouterLink>
      </Link>
      {entry.artistSlug !== '' && (
        <>
          <Text aria-hidden color="fg.muted">
            ·
          </Text>
          <Link asChild color="brand.fg" position="relative" zIndex="1">
            <RouterLink to={artistPath(entry.artistSlug)}>Om {entry.artist}</RouterLink>
          </Link>
        </>
      )}
    </HStack>
  );
}
