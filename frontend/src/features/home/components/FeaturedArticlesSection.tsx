import { Box, SimpleGrid } from '@chakra-ui/react';
import { useArticles } from '../../../api/archive';
import { ArticleCard } from '../../../components/articles/ArticleCard';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { SectionHeader } from './SectionHeader';

/** Spec section 9: up to 3 featured articles on home. */
const HOME_ARTICLE_COUNT = 3;

export function FeaturedArticlesSection() {
  const { data, isPending } = useArticles();
  const featured = (data ?? []).filter((article) => article.featured).slice(0, HOME_ARTICLE_COUNT);

  return (
    <Box as="section" aria-labelledby="home-articles">
      <SectionHeader
        id="home-articles"
        eyebrow="Artiklar"
        title="Utvalda artiklar"
        description="Analyser och berättelser ur festivalens historia."
        link={{ to: '/blog', label: 'Alla artiklar' }}
      />
      {isPending ? (
        <LoadingText>Laddar artiklar...</LoadingText>
      ) : featured.length === 0 ? (
        <EmptyState title="Inga artiklar tillgängliga" as="h3" />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
          {featured.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
