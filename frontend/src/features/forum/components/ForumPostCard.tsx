import { Badge, Card, Flex, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../../../components/content/link-card';
import { Link as RouterLink } from 'react-router-dom';
import { LuCoins } from 'react-icons/lu';
import { plainMarkdown, type ForumPost } from '@mello/contracts';
import { formatCount } from '../../../lib/dates';
import { useNow } from '../../../app/now';
import { relativeTime } from '../../../lib/relative-time';
import { Highlight } from '../../../live/Highlight';
import { ForumBadges } from './ForumBadges';
import { ForumCounts } from './ForumCounts';
import { TagList } from './TagList';

/**
 * A post in the forum list (spec section 2): badges, title (the link to /forum/post/{id}), a three-line excerpt,
 * #tags, the reward in kr, the author, the relative time, and the counts. Live changes make it glow briefly.
 */
export function ForumPostCard({ post, headingAs = 'h2' }: { post: ForumPost; headingAs?: 'h2' | 'h3' }) {
  const now = useNow();
  return (
    <Highlight id={post.id}>
      <LinkBox asChild>
        <Card.Root
          {...linkCardStyle('1px')}
          borderLeftWidth="4px"
          borderLeftColor={post.status === 'solved' ? 'green.500' : post.category === 'lost-media' ? 'brand.solid' : 'border.emphasized'}
        >
          <Card.Body gap="3" p={{ base: '4', md: '5' }}>
            <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
              <ForumBadges post={post} size="md" />
              {post.reward > 0 && (
                <Badge size="md" variant="solid" colorPalette="gold">
                  <LuCoins aria-hidden />
                  <span>
                    {formatCount(post.reward)} kr
                    <Text as="span" srOnly>
                      {' '}
                      i belöning
                    </Text>
                  </span>
                </Badge>
              )}
            </Flex>
            <Heading as={headingAs} size="lg" lineHeight="short">
              <LinkOverlay asChild>
                <RouterLink to={`/forum/post/${encodeURIComponent(post.id)}`}>{post.title}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Text color="fg.muted" lineClamp={3} whiteSpace="pre-line">
              {plainMarkdown(post.content)}
            </Text>
            <TagList tags={post.tags} />
            <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="1">
              <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
                <Text fontWeight="semibold" color="fg">
                  {post.authorName}
                </Text>
                <Text aria-hidden>·</Text>
                <Text asChild>
                  <time dateTime={post.createdAt}>{relativeTime(post.createdAt, now)}</time>
                </Text>
              </HStack>
              <ForumCounts post={post} />
            </Flex>
          </Card.Body>
        </Card.Root>
      </LinkBox>
    </Highlight>
  );
}
