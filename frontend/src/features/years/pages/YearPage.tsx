import { Button, Grid, Stack } from '@chakra-ui/react';
import { pageMeta, YEAR_NOT_FOUND_DESCRIPTION } from '@mello/contracts';
import { lazy, Suspense } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useYear } from '../../../api/archive';
import { NetworkError } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { BelowTheFold } from '../../../components/BelowTheFold';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { NoContestReason } from '../components/NoContestReason';
import { AboutYearCard, QuickFactsCard, SourcesList, VideoMaterialCard } from '../components/YearDetails';
import { YearHero } from '../components/YearHero';
import { YearNeighbours } from '../components/YearNeighbours';
import { YearLineupSection } from '../../lineups';
import { usePageMeta } from '../../../seo/use-page-meta';
import { yearLabelOf, yearNumberOf } from '../../../lib/year-param';

/** Only the administrator sees them: a chunk loaded once the signed-in state says so (YearAdminActions). */
const YearAdminActions = lazy(() => import('../components/YearAdminActions'));

/**
 * /year/{year}: loading, then the year, or the not-found view for an unknown year, a non-number or a failure the
 * server answered (with why, for a year when no Melodifestival was held). When the server cannot be reached at all
 * (offline), the page says so with a retry, as the other content pages do: not that the year is not in the archive.
 */
export default function YearPage() {
  const { year: param = '' } = useParams();
  const yearNumber = yearNumberOf(param);
  const yearLabel = yearLabelOf(param);
  const { data: year, isLoading, error, refetch } = useYear(yearNumber);
  const unreachable = error instanceof NetworkError;
  const { isAdmin } = useCurrentUser();
  // While loading (or unreachable), the head stays as it is (the server's tags are already right for this URL).
  usePageMeta(isLoading || unreachable ? null : Number.isNaN(yearNumber) ? pageMeta.yearNotFound(param) : pageMeta.year(yearNumber, year ?? null));

  if (isLoading) return <LoadingText>Laddar år {yearLabel}...</LoadingText>;
  if (unreachable) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!year) {
    return (
      <PageContainer>
        <EmptyState as="h1" title={`År ${yearLabel} hittades inte`} description={YEAR_NOT_FOUND_DESCRIPTION}>
          <NoContestReason year={yearNumber} />
          <Button asChild colorPalette="gold">
            <RouterLink to="/years">
              <LuArrowLeft aria-hidden="true" /> Tillbaka till alla år
            </RouterLink>
          </Button>
        </EmptyState>
      </PageContainer>
    );
  }

  const adminActions = isAdmin && (
    <Suspense fallback={null}>
      <YearAdminActions year={year} />
    </Suspense>
  );

  return (
    <PageContainer>
      <Stack gap="8">
        <Button asChild variant="ghost" alignSelf="flex-start" size="sm" color="fg.muted">
          <RouterLink to="/years">
            <LuArrowLeft aria-hidden="true" /> Alla år
          </RouterLink>
        </Button>
        <YearHero year={year}>{adminActions}</YearHero>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
          <AboutYearCard year={year} />
          <Stack gap="6">
            <QuickFactsCard year={year} />
            {year.videoUrl && <VideoMaterialCard videoUrl={year.videoUrl} />}
          </Stack>
        </Grid>
        {/* Below the first screen (BelowTheFold): the lineup's tables and cards are most of the page's markup. */}
        <BelowTheFold estimate="60rem">
          <YearLineupSection year={year.year} />
        </BelowTheFold>
        <BelowTheFold estimate="12rem">
          <SourcesList sources={year.sources} />
        </BelowTheFold>
        <YearNeighbours year={year.year} />
      </Stack>
    </PageContainer>
  );
}
