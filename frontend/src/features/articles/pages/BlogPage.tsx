import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { pageMeta } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { ArticleCard } from '../components/ArticleCard';
import { ArticleCategoryFilter } from '../components/ArticleCategoryFilter';
import { parseArticleFilter, type ArticleFilter } from '../article-selection';
import { useArticlePages } from '../use-article-pages';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { LoadMore } from '../../../components/LoadMore';
import { PageContainer } from '../../../components/PageContainer';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';

/**
 * /blog: the featured article and a grid of the others (spec section 2, Article list), the others page by page
 * (infinite scroll, 'Visa fler') and by category; the server filters them and chooses the featured article.
 */
export default function BlogPage() {
  // The chosen category lives in the address, as the video archive's.
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseArticleFilter(searchParams.get('category'));
  const { pages, featured: featuredQuery, switching, articles: others } = useArticlePages(filter === 'all' ? null : filter);
  const isPending = pages.isPending || featuredQuery.isPending;
  const error = pages.error ?? featuredQuery.error;
  const refetch = () => Promise.all([pages.refetch(), featuredQuery.refetch()]);
  const featured = featuredQuery.data ?? null;
  const choose = (next: ArticleFilter) => setSearchParams(next === 'all' ? {} : { category: next }, { replace: true, preventScrollReset: true });

  return (
    <PageContainer>
      {!isPending && <PageMetaOf meta={pageMeta.blog(featured ? [featured, ...others] : others)} />}
      <Stack gap="3" mb={{ base: '8', md: '10' }}>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Artiklar
        </Heading>
        <Text color="fg.muted" fontSize="lg" maxW="3xl">
          Analyser, kulturhistoria och berättelser om Melodifestivalen genom åren.
        </Text>
      </Stack>

      {isPending ? (
        <LoadingText>Laddar artiklar...</LoadingText>
      ) : error instanceof NetworkError ? (
        <ServerUnreachable onRetry={() => void refetch()} />
      ) : !featured ? (
        <EmptyState title="Inga artiklar tillgängliga" />
      ) : (
        <Stack gap={{ base: '10', md: '14' }}>
          <Box as="section" aria-labelledby="featured-article-heading">
            <Heading id="featured-article-heading" as="h2" size="lg" mb="4" color="gold.fg">
              Utvald artikel
            </Heading>
            <ArticleCard article={featured} featured />
          </Box>
          {(others.length > 0 || filter !== 'all') && (
            <Box as="section" aria-labelledby="more-articles-heading" aria-busy={switching}>
              <Heading id="more-articles-heading" as="h2" size="xl" mb="4">
                Fler artiklar
              </Heading>
              <Box mb="6">
                <ArticleCategoryFilter value={filter} onChange={choose} />
              </Box>
              {others.length === 0 ? (
                <EmptyState title="Inga artiklar hittades" as="h3" />
              ) : (
                <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
                  {others.map((article) => (
                    <Box as="li" key={article.id}>
                      <ArticleCard article={article} />
                    </Box>
                  ))}
                </SimpleGrid>
              )}
              <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage || switching} onLoadMore={() => void pages.fetchNextPage()} />
            </Box>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
