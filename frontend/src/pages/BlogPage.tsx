import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pageMeta, type Article } from '@mello/contracts';
import { useArticles } from '../api/archive';
import { NetworkError } from '../api/http';
import { ArticleCard } from '../components/articles/ArticleCard';
import { splitFeaturedArticle } from '../components/articles/article-selection';
import { EmptyState } from '../components/EmptyState';
import { LoadingText } from '../components/LoadingText';
import { PageContainer } from '../components/PageContainer';
import { PageMetaOf } from '../components/content/PageMetaOf';
import { ServerUnreachable } from '../components/content/ServerUnreachable';

const NO_ARTICLES: Article[] = [];

/** /blog: the featured article and a grid of the others (spec section 2, Article list). */
export default function BlogPage() {
  const { data, isPending, error, refetch } = useArticles();
  const articles = data ?? NO_ARTICLES;
  const { featured, others } = splitFeaturedArticle(articles);

  return (
    <PageContainer>
      {!isPending && <PageMetaOf meta={pageMeta.blog(articles)} />}
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
          {others.length > 0 && (
            <Box as="section" aria-labelledby="more-articles-heading">
              <Heading id="more-articles-heading" as="h2" size="xl" mb="4">
                Fler artiklar
              </Heading>
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
                {others.map((article) => (
                  <Box as="li" key={article.id}>
                    <ArticleCard article={article} />
                  </Box>
                ))}
              </SimpleGrid>
            </Box>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
