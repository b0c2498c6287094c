import { Box, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { artistPath, songwriterPath } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import {
  useSearchArticles,
  useSearchArtists,
  useSearchEntries,
  useSearchForum,
  useSearchSongwriters,
  useSearchVideos,
  useSearchYears,
} from '../../../api/search';
import { ArticleCard } from '../../../components/articles/ArticleCard';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { EntryHit } from './EntryHit';
import { ForumHit } from './ForumHit';
import { activeFilterLabels, anyMayHaveMore, hitsLabel, mayHaveMore, totalHits } from '../search-summary';
import { SearchSection } from './SearchSection';
import { PersonHit } from './PersonHit';
import { VideoHit } from './VideoHit';
import { YearHit } from './YearHit';

type Props = { q: string; category: string; decade: string };

const gridProps = { as: 'ul', listStyleType: 'none', gap: '5' } as const;

/**
 * The result sections for a non-empty query, each with its count even when it is 0: År, Bidrag (entries),
 * Artister (acts), Låtskrivare (songwriters), Artiklar, Videos, Forum. Only the years search takes the category
 * and decade from the address (product decision 5); the other searches get q alone (spec section 7). A failed
 * search counts as no hits (spec section 8), except when the server cannot be reached at all.
 */
export function SearchResults({ q, category, decade }: Props) {
  const years = useSearchYears({ q, category, decade });
  const entries = useSearchEntries(q);
  const artists = useSearchArtists(q);
  const songwriters = useSearchSongwriters(q);
  const articles = useSearchArticles(q);
  const videos = useSearchVideos(q);
  const forum = useSearchForum(q);
  const all = [years, entries, artists, songwriters, articles, videos, forum];

  if (all.some((query) => query.isPending)) return <LoadingText>Söker...</LoadingText>;
  if (all.some((query) => query.error instanceof NetworkError)) {
    return <ServerUnreachable onRetry={() => all.forEach((query) => void query.refetch())} />;
  }

  const found = {
    years: years.data ?? [],
    entries: entries.data ?? [],
    artists: artists.data ?? [],
    songwriters: songwriters.data ?? [],
    articles: articles.data ?? [],
    videos: videos.data ?? [],
    forum: forum.data ?? [],
  };
  const counts = {
    years: found.years.length,
    entries: found.entries.length,
    artists: found.artists.length,
    songwriters: found.songwriters.length,
    articles: found.articles.length,
    videos: found.videos.length,
    forum: found.forum.length,
  };
  const filters = activeFilterLabels({ category, decade });

  return (
    <Stack gap={{ base: '10', md: '12' }}>
      <Box role="status" aria-live="polite">
        <Text fontSize="lg">
          {hitsLabel(totalHits(counts), anyMayHaveMore(counts))} för <strong>”{q}”</strong>
        </Text>
        {filters.length > 0 && (
          <Text color="fg.muted" fontSize="sm" mt="1">
            Årsresultaten är filtrerade på {filters.join(' och ')}.{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to={`/search?q=${encodeURIComponent(q)}`}>Visa alla år</RouterLink>
            </Link>
          </Text>
        )}
      </Box>

      {totalHits(counts) === 0 && <EmptyState title="Inga resultat hittades" description="Prova att söka efter en artist, en låt eller ett årtal." />}
      <SearchSection id="search-years" name="År" noun="år" hits={found.years} more={mayHaveMore(counts, 'years')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((year) => (
              <li key={year.id}>
                <YearHit year={year} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-entries" name="Bidrag" noun="bidrag" hits={found.entries} more={mayHaveMore(counts, 'entries')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((entry) => (
              <li key={entry.id}>
                <EntryHit entry={entry} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-artists" name="Artister" noun="artister" hits={found.artists} more={mayHaveMore(counts, 'artists')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((artist) => (
              <li key={artist.id}>
                <PersonHit person={artist} to={artistPath(artist.slug)} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-songwriters" name="Låtskrivare" noun="låtskrivare" hits={found.songwriters} more={mayHaveMore(counts, 'songwriters')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((songwriter) => (
              <li key={songwriter.slug}>
                <PersonHit person={songwriter} to={songwriterPath(songwriter.slug)} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-articles" name="Artiklar" noun="artiklar" hits={found.articles} more={mayHaveMore(counts, 'articles')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, md: 2, lg: 3 }}>
            {shown.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-videos" name="Videos" noun="videos" hits={found.videos} more={mayHaveMore(counts, 'videos')}>
        {(shown) => (
          <SimpleGrid {...gridProps} columns={{ base: 1, lg: 2 }}>
            {shown.map((video) => (
              <li key={video.id}>
                <VideoHit video={video} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </SearchSection>
      <SearchSection id="search-forum" name="Forum" noun="inlägg" hits={found.forum} more={mayHaveMore(counts, 'forum')}>
        {(shown) => (
          <Stack {...gridProps}>
            {shown.map((post) => (
              <li key={post.id}>
                <ForumHit post={post} />
              </li>
            ))}
          </Stack>
        )}
      </SearchSection>
    </Stack>
  );
}
