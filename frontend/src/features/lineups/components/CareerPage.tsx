import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { PageMeta } from '@mello/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { usePageMeta } from '../../../seo/use-page-meta';
import { CareerEntries, CareerSummary, type CareerEntry } from './CareerEntries';

/** What an artist's and a songwriter's page both show: a name, other names and every entry with its outcome. */
export type Career = { name: string; aliases: string[]; entries: CareerEntry[]; entryCount: number; wins: number; bestFinalPlace: number | null };

/**
 * The page of a person or act across the years (/artist/{slug}, /songwriter/{slug}): loading, unreachable and
 * not-found views, then the career. The two pages differ only in their words and whether each entry names its artist.
 */
export function CareerPage<T extends Career>(props: {
  query: UseQueryResult<T | null>;
  meta: (career: T | null) => PageMeta;
  kicker: string;
  loadingText: string;
  notFound: { title: string; description: string };
  aliasesLead: string;
  showArtist: boolean;
  /** What the page shows after the entries (the artist page: its videos and forum threads). */
  after?: (career: T) => ReactNode;
}) {
  const { data: career, isPending, error, refetch } = props.query;
  usePageMeta(isPending || error ? null : props.meta(career ?? null));

  if (isPending) return <LoadingText>{props.loadingText}</LoadingText>;
  if (error instanceof NetworkError) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!career) {
    return (
      <PageContainer>
        <EmptyState as="h1" title={props.notFound.title} description={props.notFound.description}>
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
            {props.kicker}
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight" overflowWrap="anywhere">
            {career.name}
          </Heading>
          {career.aliases.length > 0 && (
            <Text color="fg.muted">
              {props.aliasesLead} {career.aliases.join(', ')}
            </Text>
          )}
        </Stack>
        <CareerSummary entryCount={career.entryCount} wins={career.wins} bestFinalPlace={career.bestFinalPlace} />
        <CareerEntries entries={career.entries} name={career.name} showArtist={props.showArtist} />
        {props.after?.(career)}
      </Stack>
    </PageContainer>
  );
}
