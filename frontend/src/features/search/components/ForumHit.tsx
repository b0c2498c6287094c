import { Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../../../components/content/link-card';
import { Link as RouterLink } from 'react-router-dom';
import type { ForumSearchHit } from '../../../api/search';
import { formatDate } from '../../../lib/dates';

/** A forum post in the search results: title, content, 'av {authorName}' and the Swedish date. */
export function ForumHit({ post }: { post: ForumSearchHit }) {
  return (
    <LinkBox asChild>
      <Card.Root {...linkCardStyle()}>
        <Card.Body gap="2" p="5">
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={`/forum/post/${encodeURIComponent(post.id)}`}>{post.title}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text color="fg.muted" lineClamp={2}>
            {post.content}
          </Text>
          <HStack gap="2" fontSize="sm" color="fg.subtle" wrap="wrap">
            <Text>av {post.authorName}</Text>
            <Text aria-hidden>·</Text>
            <Text asChild>
              <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
