import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuExternalLink, LuSearch, LuVideo } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { forumPostPath, startHuntPath } from '@mello/contracts';
import { entryLinksQuery } from '../../../api/archive';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';

/** The entry whose media links are shown: its id (for GET /api/entries/{id}/links) and how it is named. */
export type EntryMediaLinksProps = {
  entry: { id: string; year: number; artist: string; song: string };
};

const huntCount = (count: number) => (count === 1 ? '1 öppen efterlysning' : `${count} öppna efterlysningar`);

/**
 * An entry's media, self-contained (it fetches GET /api/entries/{id}/links itself, one request per entry, cached):
 *
 * - its videos (docs/content.md: a video of the entry's year billed under its artist or an alias), each a link
 *   opening the video in a new tab;
 * - when it has none: "Saknas video? Starta en efterlysning", a link to the forum's new-post dialog as a
 *   lost-media hunt about this entry (/forum?ny=efterlysning&bidrag={id}). A logged-out visitor gets the forum's
 *   own notice there and is sent to log in and back (product decision 6, as 'Bidra Med Material');
 * - its open hunts (lost-media posts about it not marked solved): the count, and a link to each.
 *
 * Shows nothing while loading or when the entry is unknown. Mounted in the lineup's per-entry 'Media' popover (EntryMedia).
 */
export function EntryMediaLinks({ entry }: EntryMediaLinksProps) {
  const { data: links } = useQuery(entryLinksQuery(entry.id));
  if (!links) return null;
  const name = `${entry.artist} – ${entry.song} (${entry.year})`;
  return (
    <Stack gap="1" fontSize="sm" data-testid="entry-media-links">
      {links.videos.length > 0 ? (
        links.videos.map((video) => (
          <Link key={video.id} href={video.videoUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
            <LuVideo aria-hidden />
            Se video: {video.title}
            <VisuallyNewTab />
            <LuExternalLink aria-hidden />
          </Link>
        ))
      ) : (
        <Link asChild color="gold.fg" aria-label={`Saknas video? Starta en efterlysning för ${name}`}>
          <RouterLink to={startHuntPath(entry.id)}>
            <LuSearch aria-hidden />
            Saknas video? Starta en efterlysning
          </RouterLink>
        </Link>
      )}
      {links.hunts.length > 0 && (
        <Stack gap="0.5" as="section" aria-label={`Efterlysningar för ${name}`}>
          <Text color="fg.muted">{huntCount(links.hunts.length)}:</Text>
          <HStack as="ul" listStyleType="none" gap="3" wrap="wrap">
            {links.hunts.map((hunt) => (
              <li key={hunt.id}>
                <Link asChild color="brand.fg">
                  <RouterLink to={forumPostPath(hunt.id)}>{hunt.title}</RouterLink>
                </Link>
              </li>
            ))}
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
