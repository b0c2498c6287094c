import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ARTIST_NOT_FOUND_DESCRIPTION, ARTIST_NOT_FOUND_TITLE, pageMeta } from '@mello/contracts';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { usePageMeta } from '../../../seo/use-page-meta';
import { useArtist } from '../api';
import { CareerEntries, CareerSummary } from '../components/CareerEntries';

/** /artist/{slug}: an act's name, other names and every entry across the years; the not-found view otherwise. */
export default function ArtistPage() {
  const { slug = '' } = useParams();
  const { data: artist, isPending, error, refetch } = useArtist(slug);
  usePageMeta(isPending || error ? null : pageMeta.artist(slug, artist ?? null));

  if (isPending) return <LoadingText>Laddar artist...</LoadingText>;
  if (error instanceof NetworkError) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!artist) {
    return (
      <PageContainer>
        <EmptyState as="h1" title={ARTIST_NOT_FOUND_TITLE} description={ARTIST_NOT_FOUND_DESCRIPTION}>
          <Button asChild colorPalette="gold">
            <RouterLink to="/statistik">
              <LuArrowLeft aria-hidden="true" /> Till statistiken
            </RouterLink>
          </Button>
        </EmptyState>
      </PageContainer>
    );
  }
  return (
    <PageContainer maxW="5xl">
      <Stack gap="8">
        <Stack gap="3">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="gold.fg">
            Artist
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight" overflowWrap="anywhere">
            {artist.name}
          </Heading>
          {artist.aliases.length > 0 && <Text color="fg.muted">Även känd som {artist.aliases.join(', ')}</Text>}
        </Stack>
        <CareerSummary entryCount={artist.entryCount} wins={artist.wins} bestFinalPlace={artist.bestFinalPlace} />
        <CareerEntries entries={artist.entries} name={artist.name} showArtist={false} />
      </Stack>
    </PageContainer>
  );
}
