import { Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { pageMeta } from '@mello/contracts';
import { useArticles } from '../../../api/archive';
import { NetworkError } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { ArticleAdminActions } from '../components/ArticleAdminActions';
import { ArticleByline } from '../components/ArticleByline';
import { ArticleImage } from '../../../components/articles/ArticleImage';
import { ArticleMeta } from '../../../components/articles/ArticleMeta';
import { ArticleSources } from '../components/ArticleSources';
import { findArticle } from '../article-selection';
import { Markdown } from '../../../components/markdown/Markdown';
import { ShareButton } from '../components/ShareButton';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';

/** Shown instead of the body when an article has no text yet (spec: a fixed placeholder). */
const EMPTY_CONTENT_PLACEHOLDER =
  'Den fullständiga texten till den här artikeln är inte publicerad ännu. Läs sammanfattningen ovan så länge, eller utforska fler artiklar i arkivet.';

/** /article/{id}: all articles are loaded and the one with the id is shown (spec section 2, Article detail). */
export default function ArticlePage() {
  const { id = '' } = useParams();
  const { data, isPending, error, refetch } = useArticles();
  const { isAdmin } = useCurrentUser();
  const article = findArticle(data, id);

  if (isPending) {
    return (
      <PageContainer>
        <LoadingText>Laddar artikel...</LoadingText>
      </PageContainer>
    );
  }
  if (error instanceof NetworkError) {
    return (
      <PageContainer>
        <ServerUnreachable onRetry={() => void refetch()} />
      </PageContainer>
    );
  }
  if (!article) {
    return (
      <PageContainer>
        <PageMetaOf meta={pageMeta.article(id, null)} />
        <EmptyState as="h1" title="Artikel hittades inte" description="Artikeln du letar efter finns inte.">
          <Button asChild colorPalette="brand">
            <RouterLink to="/blog">
              <LuArrowLeft aria-hidden />
              Tillbaka till artiklar
            </RouterLink>
          </Button>
        </EmptyState>
      </PageContainer>
    );
  }

  return (
    <PageContainer maxW="4xl">
      <PageMetaOf meta={pageMeta.article(id, article)} />
      <Link asChild color="fg.muted" fontSize="sm" mb="6" _hover={{ color: 'brand.fg' }}>
        <RouterLink to="/blog">
          <LuArrowLeft aria-hidden />
          Alla artiklar
        </RouterLink>
      </Link>
      <Box as="article">
        <Stack as="header" gap="5" mb="8">
          <ArticleMeta article={article} />
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
            {article.title}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" lineHeight="tall">
            {article.excerpt}
          </Text>
          <Flex gap="4" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
            <ArticleByline author={article.author} authorTitle={article.authorTitle} />
            <HStack gap="2" wrap="wrap">
              <ShareButton title={article.title} text={article.excerpt} />
              {isAdmin && <ArticleAdminActions article={article} />}
            </HStack>
          </Flex>
        </Stack>
        {article.imageUrl && <ArticleImage src={article.imageUrl} title={article.title} eager width={1200} height={675} mb="10" borderRadius="xl" />}
        <Box mb="12">
          {article.content.trim() !== '' ? (
            <Markdown>{article.content}</Markdown>
          ) : (
            <Text fontSize="lg" color="fg.muted" fontStyle="italic">
              {EMPTY_CONTENT_PLACEHOLDER}
            </Text>
          )}
        </Box>
        <ArticleSources sources={article.sources} />
      </Box>
      <Flex mt="12" pt="6" borderTopWidth="1px" borderColor="border" justify="center">
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/blog">
            Fler artiklar
            <LuArrowRight aria-hidden />
          </RouterLink>
        </Button>
      </Flex>
    </PageContainer>
  );
}
