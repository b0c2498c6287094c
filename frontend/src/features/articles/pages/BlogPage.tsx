import { Heading, Stack, Text } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { ArticleCard } from '../../../components/articles/ArticleCard';
import { ArticleCategoryFilter } from '../components/ArticleCategoryFilter';
import { parseArticleFilter } from '../article-selection';
import { useArticlePages } from '../use-article-pages';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { FeaturedSection, PagedGridSection } from '../../../components/PagedGridSection';
import { useCategoryParam } from '../../../lib/use-category-param';
import { PageContainer } from '../../../components/PageContainer';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';

/**
 * /blog: the featured article and a grid of the others (spec section 2, Article list), the others page by page
 * (infinite scroll, 'Visa fler') and by category; the server filters them and chooses the featured article.
 */
export default function BlogPage() {
  const { filter, category, choose } = useCategoryParam(parseArticleFilter);
  const { featured, pending: isPending, error, refetch, paging, articles: others } = useArticlePages(category);

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
          <FeaturedSection headingId="featured-article-heading" title="Utvald artikel">
            <ArticleCard article={featured} featured />
          </FeaturedSection>
          {(others.length > 0 || filter !== 'all') && (
            <PagedGridSection
              headingId="more-articles-heading"
              title="Fler artiklar"
              filter={<ArticleCategoryFilter value={filter} onChange={choose} />}
              items={others}
              keyOf={(article) => article.id}
              renderItem={(article) => <ArticleCard article={article} />}
              emptyTitle="Inga artiklar hittades"
              columns={{ base: 1, md: 2, lg: 3 }}
              paging={paging}
            />
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
