import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { SONGWRITER_NOT_FOUND_DESCRIPTION, SONGWRITER_NOT_FOUND_TITLE, pageMeta } from '@mello/contracts';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { usePageMeta } from '../../../seo/use-page-meta';
import { useSongwriter } from '../api';
import { CareerEntries, CareerSummary } from '../components/CareerEntries';

/** /songwriter/{slug}: a songwriter, other spellings and every entry they wrote, with its artist; the not-found view otherwise. */
export default function SongwriterPage() {
  const { slug = '' } = useParams();
  const { data: songwriter, isPending, error, refetch } = useSongwriter(slug);
  usePageMeta(isPending || error ? null : pageMeta.songwriter(slug, songwriter ?? null));

  if (isPending) return <LoadingText>Laddar låtskrivare...</LoadingText>;
  if (error instanceof NetworkError) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!songwriter) {
    return (
      <PageContainer>
        <EmptyState as="h1" title={SONGWRITER_NOT_FOUND_TITLE} description={SONGWRITER_NOT_FOUND_DESCRIPTION}>
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
            Låtskrivare
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight" overflowWrap="anywhere">
            {songwriter.name}
          </Heading>
          {songwriter.aliases.length > 0 && <Text color="fg.muted">Även krediterad som {songwriter.aliases.join(', ')}</Text>}
        </Stack>
        <CareerSummary entryCount={songwriter.entryCount} wins={songwriter.wins} bestFinalPlace={songwriter.bestFinalPlace} />
        <CareerEntries entries={songwriter.entries} name={songwriter.name} showArtist />
      </Stack>
    </PageContainer>
  );
}
