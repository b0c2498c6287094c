import { Badge, HStack, Text } from '@chakra-ui/react';
import { LuCalendar, LuClock } from 'react-icons/lu';
import type { Article } from '@mello/contracts';
import { articleCategoryLabel } from '../../lib/badges';
import { formatDate } from '../../lib/dates';

/** Category badge, published date and read time ('N min'), as cards and the article page show them. */
export function ArticleMeta({ article }: { article: Article }) {
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
      <Badge colorPalette="brand" variant="solid">
        {articleCategoryLabel(article.category)}
      </Badge>
      <HStack gap="1">
        <LuCalendar aria-hidden />
        <Text asChild>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </Text>
      </HStack>
      <HStack gap="1">
        <LuClock aria-hidden />
        <Text>
          <Text as="span" srOnly>
            Lästid
          </Text>
          {article.readTime} min
        </Text>
      </HStack>
    </HStack>
  );
}
