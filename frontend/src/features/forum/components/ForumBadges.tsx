import { Badge, HStack, VisuallyHidden } from '@chakra-ui/react';
import type { ForumCategory, ForumPost, ForumPriority } from '@mello/contracts';
import { LuCalendar, LuCircleCheck } from 'react-icons/lu';
import { forumCategoryLabel, forumPriorityLabel } from '../../../lib/badges';

const CATEGORY_PALETTE: Record<ForumCategory, string> = { 'lost-media': 'brand', found: 'green', tips: 'blue', general: 'gray' };
const PRIORITY_PALETTE: Record<ForumPriority, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' };

/** Category, priority ('Kritisk', 'Högt', 'Medium', 'Lågt'), 'Löst' when solved, and the year the post is about. */
export function ForumBadges({ post, size = 'sm' }: { post: ForumPost; size?: 'sm' | 'md' }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Badge size={size} variant="subtle" colorPalette={CATEGORY_PALETTE[post.category] ?? 'gray'}>
        {forumCategoryLabel(post.category)}
      </Badge>
      {post.priority && (
        <Badge size={size} variant="outline" colorPalette={PRIORITY_PALETTE[post.priority] ?? 'gray'}>
          <span aria-hidden>●</span>
          <span>
            <VisuallyHidden>Prioritet: </VisuallyHidden>
            {forumPriorityLabel(post.priority)}
          </span>
        </Badge>
      )}
      {post.status === 'solved' && (
        <Badge size={size} variant="solid" colorPalette="green">
          <LuCircleCheck aria-hidden />
          Löst
        </Badge>
      )}
      {post.year !== null && (
        <Badge size={size} variant="surface" colorPalette="gold">
          <LuCalendar aria-hidden />
          {post.year}
        </Badge>
      )}
    </HStack>
  );
}
