import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuChartBar } from 'react-icons/lu';
import { pageMeta, type Year } from '@mello/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import { useSearchYears } from '../../../api/search';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { LoadMore } from '../../../components/LoadMore';
import { PageContainer } from '../../../components/PageContainer';
import { SearchBlock } from '../../../components/search/SearchBlock';
import { YearGrid } from '../../../components/years/YearGrid';
import { useYearPages } from '../use-year-pages';
import { hasSearchCriteria, readSearchParams } from '../../../lib/search-url';
import { usePageMeta } from '../../../seo/use-page-meta';

/**
 * All years. With text or a filter in the address bar the list comes from the year search; otherwise it is the
 * archive page by page, newest first (infinite scroll, 'Visa fler'). A failed load shows as an empty list (spec
 * section 8), except when the server is unreachable.
 */
export default function YearsPage() {
  const [params] = useSearchParams();
  const criteria = readSearchParams(params);
  const filtered = hasSearchCriteria(criteria);
  const all = useYearPages();
  const searched = useSearchYears(criteria, { enabled: filtered });
  const { isPending, error, refetch } = filtered ? searched : all;
  const years: Year[] = filtered ? (searched.data ?? []) : all.years;
  const more = !filtered && all.hasNextPage;
  usePageMeta(pageMeta.years(years));

  return (
    <PageContainer>
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight">
            Alla Melodifestivalen År
          </Heading>
          <Text color="fg.muted" fontSize="lg" maxW="2xl">
            Från 1958 till 2024: vinnare, låtar, scener och programledare från varje final.
          </Text>
          <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
            <RouterLink to="/statistik">
              <LuChartBar aria-hidden="true" /> Statistik: flest bidrag, flest segrar, högsta poäng
            </RouterLink>
          </Link>
        </Stack>
        <SearchBlock key={params.toString()} initial={criteria} />
        {isPending ? (
          <LoadingText>Laddar år...</LoadingText>
        ) : error instanceof NetworkError ? (
          <ServerUnreachable onRetry={() => void refetch()} />
        ) : years.length === 0 ? (
          filtered ? (
            <EmptyState title="Inga resultat hittades" description="Prova att justera dina sökkriterier" />
          ) : (
            <EmptyState title="Inga år hittades" description="Arkivet har inga år ännu." />
          )
        ) : (
          <>
            <Text color="fg.muted" aria-live="polite">
              {more ? `Visar de ${years.length} senaste åren` : years.length === 1 ? '1 år' : `${years.length} år`}
            </Text>
            <YearGrid years={years} showDescription headingAs="h2" />
            {!filtered && <LoadMore hasMore={all.hasNextPage} loading={all.isFetchingNextPage} onLoadMore={() => void all.fetchNextPage()} />}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
