import { Button, Grid, Stack } from '@chakra-ui/react';
import { pageMeta, YEAR_NOT_FOUND_DESCRIPTION } from '@mello/contracts';
import { LuArrowLeft, LuPencil } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useYear } from '../api/archive';
import { useCurrentUser } from '../auth/current-user';
import { ConfirmDeleteButton } from '../components/content/ConfirmDeleteButton';
import { EmptyState } from '../components/EmptyState';
import { LoadingText } from '../components/LoadingText';
import { PageContainer } from '../components/PageContainer';
import { useDeleteYear } from '../components/years/use-delete-year';
import { AboutYearCard, QuickFactsCard, SourcesList, VideoMaterialCard } from '../components/years/YearDetails';
import { YearHero } from '../components/years/YearHero';
import { YearLineupSection } from '../features/lineups/components/YearLineupSection';
import { usePageMeta } from '../seo/use-page-meta';
import { yearLabelOf, yearNumberOf } from '../lib/year-param';

/** /year/{year}: loading, then the year, or the not-found view for an unknown year, a non-number or any failure. */
export default function YearPage() {
  const { year: param = '' } = useParams();
  const yearNumber = yearNumberOf(param);
  const yearLabel = yearLabelOf(param);
  const { data: year, isLoading } = useYear(yearNumber);
  const { isAdmin } = useCurrentUser();
  const navigate = useNavigate();
  const remove = useDeleteYear(() => navigate('/years'));
  // While loading, the head stays as it is (the server's tags are already right for this URL).
  usePageMeta(isLoading ? null : Number.isNaN(yearNumber) ? pageMeta.yearNotFound(param) : pageMeta.year(yearNumber, year ?? null));

  if (isLoading) return <LoadingText>Laddar år {yearLabel}...</LoadingText>;
  if (!year) {
    return (
      <PageContainer>
        <EmptyState as="h1" title={`År ${yearLabel} hittades inte`} description={YEAR_NOT_FOUND_DESCRIPTION}>
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
    <>
      <Button asChild variant="outline" size="lg">
        <RouterLink to={`/admin/edit-year/${year.id}`}>
          <LuPencil aria-hidden="true" /> Redigera
        </RouterLink>
      </Button>
      <ConfirmDeleteButton size="lg" what={`året ${year.year}`} pending={remove.isPending} onConfirm={() => remove.mutate(year.id)} />
    </>
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
        <YearLineupSection year={year.year} />
        <SourcesList sources={year.sources} />
      </Stack>
    </PageContainer>
  );
}
