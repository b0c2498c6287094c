import { Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../content/link-card';
import { Link as RouterLink } from 'react-router-dom';
import { LuArrowRight } from 'react-icons/lu';
import type { Article } from '@mello/contracts';
import { ArticleImage } from './ArticleImage';
import { ArticleMeta } from './ArticleMeta';

type Props = {
  article: Article;
  /** The blog's lead article: larger type and a side-by-side layout on wide screens. */
  featured?: boolean;
  headingAs?: 'h2' | 'h3';
};

/** An article teaser linking to /article/{id}; the whole card is the hit area, the title the link. */
export function ArticleCard({ article, featured = false, headingAs = 'h3' }: Props) {
  return (
    <LinkBox asChild>
      <Card.Root
        overflow="hidden"
        {...linkCardStyle('2px')}
        borderTopWidth="4px"
        borderTopColor={featured ? 'gold.solid' : 'brand.solid'}
        flexDirection={featured && article.imageUrl ? { base: 'column', md: 'row' } : 'column'}
        height="full"
      >
        {article.imageUrl && (
          <ArticleImage
            src={article.imageUrl}
            title={article.title}
            eager={featured}
            width={800}
            height={450}
            flexBasis={featured ? { md: '50%' } : undefined}
            flexShrink={0}
          />
        )}
        <Card.Body gap="3" p={featured ? { base: '5', md: '8' } : '5'}>
          <ArticleMeta article={article} />
          <Heading as={headingAs} size={featured ? { base: 'xl', md: '3xl' } : 'lg'} lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={`/article/${encodeURIComponent(article.id)}`}>{article.title}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text color="fg.muted" lineClamp={featured ? 4 : 3} fontSize={featured ? 'lg' : 'md'}>
            {article.excerpt}
          </Text>
          <HStack aria-hidden gap="1" color="brand.fg" fontWeight="semibold" mt="auto">
            <Text>Läs mer</Text>
            <LuArrowRight />
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
