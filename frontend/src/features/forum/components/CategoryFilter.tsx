import { Button, Wrap } from '@chakra-ui/react';
import { FORUM_CATEGORIES } from '@mello/contracts';
import { forumCategoryLabel } from '../../../lib/badges';
import type { ForumCategoryFilter } from '../../../live/forum-cache';

const FILTERS: readonly ForumCategoryFilter[] = ['all', ...FORUM_CATEGORIES];

/** 'Alla' and the four forum categories as toggle buttons; the chosen one is pressed. */
export function CategoryFilter({ value, onChange }: { value: ForumCategoryFilter; onChange: (value: ForumCategoryFilter) => void }) {
  return (
    <Wrap role="group" aria-label="Filtrera på kategori" gap="2">
      {FILTERS.map((filter) => {
        const active = filter === value;
        return (
          <Button
            key={filter}
            size="sm"
            borderRadius="full"
            colorPalette={active ? 'brand' : 'gray'}
            variant={active ? 'solid' : 'outline'}
            aria-pressed={active}
            onClick={() => onChange(filter)}
          >
            {filter === 'all' ? 'Alla' : forumCategoryLabel(filter)}
          </Button>
        );
      })}
    </Wrap>
  );
}
