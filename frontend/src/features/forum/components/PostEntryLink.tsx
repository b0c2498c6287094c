import { HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { artistPath, entryLabel, entryPath } from '@mello/contracts';
import { useEntryRef } from '../api';

/**
 * The archive entry a post is about (a hunt started from "Saknas video? Starta en efterlysning"): a link back to
 * the entry on its year page and to the artist. Nothing while loading, or when the entry is gone.
 */
export function PostEntryLink({ entryId }: { entryId: string }) {
  const entry = useEntryRef(entryId).data;
  if (!entry) return null;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="post-entry">
      <Text color="fg.muted">Gäller:</Text>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={entryPath(entry)}>{entryLabel(entry)}</RouterLink>
      </Link>
      {entry.artistSlug !== '' && (
        <>
          <Text aria-hidden color="fg.muted">
            ·
          </Text>
          <Link asChild color="brand.fg">
            <RouterLink to={artistPath(entry.artistSlug)}>Mer om {entry.artist}</RouterLink>
          </Link>
        </>
      )}
    </HStack>
  );
}
