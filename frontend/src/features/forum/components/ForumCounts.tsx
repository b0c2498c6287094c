import { HStack, Text } from '@chakra-ui/react';
import { LuEye, LuHeart, LuMessageSquare } from 'react-icons/lu';
import type { ForumPost } from '@mello/contracts';
import { formatCount } from '../../../lib/dates';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Likes, replies and views: icons for the eye, the numbers and their Swedish names for screen readers. */
export function ForumCounts({ post }: { post: Pick<ForumPost, 'likes' | 'repliesCount' | 'views'> }) {
  const items = [
    { icon: LuHeart, count: post.likes, label: plural(post.likes, 'gillning', 'gillningar') },
    { icon: LuMessageSquare, count: post.repliesCount, label: 'svar' },
    { icon: LuEye, count: post.views, label: plural(post.views, 'visning', 'visningar') },
  ];
  return (
    <HStack gap="4" color="fg.muted" fontSize="sm">
      {items.map(({ icon: Icon, count, label }) => (
        <HStack key={label} gap="1" title={`${formatCount(count)} ${label}`}>
          <Icon aria-hidden />
          <Text>
            {formatCount(count)}
            <Text as="span" srOnly>
              {' '}
              {label}
            </Text>
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}
