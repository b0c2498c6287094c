import { Box, Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_TOO_LONG_MESSAGE, pageMeta, searchText } from '@mello/contracts';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { SearchBox } from '../components/SearchBox';
import { SearchResults } from '../components/SearchResults';
import { readSearchParams } from '../../../lib/search-url';
import { useReaderView } from '../../../auth/reader-dependent';

/** /search?q=… (also category and decade, product decision 5): a search box and the result sections (years, entries, artists, songwriters, articles, videos, forum). */
export default function SearchPage() {
  // The server's HTML is the visitor's view: the administrator's own is asked for once they are known.
  useReaderView();
  const [searchParams] = useSearchParams();
  const { q, category, decade } = readSearchParams(searchParams);
  const criteria = `${q}\u0000${category}\u0000${decade}`;

  return (
    <PageContainer>
      <PageMetaOf meta={pageMeta.search(q)} />
      <Stack gap="6" mb={{ base: '8', md: '10' }}>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          {q ? 'Sökresultat' : 'Sök i arkivet'}
        </Heading>
        <Box maxW="2xl">
          <SearchBox key={q} initial={q} />
        </Box>
      </Stack>
      {!searchText.safeParse(q).success ? (
        // The API refuses it (400, the same rule): say why, rather than showing no hits for a search never made.
        <EmptyState title={SEARCH_TOO_LONG_MESSAGE} description="Korta ner sökfrågan och sök igen." />
      ) : q ? (
        // A new search starts fresh ('Söker...') instead of showing the previous query's hits.
        <SearchResults key={criteria} q={q} category={category} decade={decade} />
      ) : (
        <EmptyState title="Vad letar du efter?" description="Sök efter artister, låtar, låtskrivare, årtal, artiklar, videor och foruminlägg." />
      )}
    </PageContainer>
  );
}
