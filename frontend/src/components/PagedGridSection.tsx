import type { ReactNode } from 'react';
import { Box, Heading, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import { EmptyState } from './EmptyState';
import { LoadMore } from './LoadMore';

type Props<T> = {
  /** The heading's id, which labels the section (and by which the e2e tests find the list). */
  headingId: string;
  title: string;
  /** The category filter above the grid. */
  filter: ReactNode;
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown in place of the grid when the chosen category has nothing. */
  emptyTitle: string;
  columns: SimpleGridProps['columns'];
  /** Lets a card fill its grid cell's height (the video cards). */
  stretch?: boolean;
  /** The list's paging (useListPages): the next page, and whether another category's page is on its way. */
  paging: { hasMore: boolean; loadingMore: boolean; switching: boolean; loadMore: () => void };
};

/**
 * A list section of the archive's paged screens (the article list, the video archive): its heading, its category
 * filter, the cards in a grid and LoadMore. While another category's page is on its way the previous cards stay,
 * marked busy, and LoadMore waits (useListPages' `switching`).
 */
export function PagedGridSection<T>({ headingId, title, filter, items, keyOf, renderItem, emptyTitle, columns, stretch, paging }: Props<T>) {
  return (
    <Box as="section" aria-labelledby={headingId} aria-busy={paging.switching}>
      <Heading id={headingId} as="h2" size="xl" mb="4">
        {title}
      </Heading>
      <Box mb="6">{filter}</Box>
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} as="h3" />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={columns} gap="6">
          {items.map((item) => (
            <Box as="li" key={keyOf(item)} {...(stretch ? { display: 'flex', flexDirection: 'column' } : {})}>
              {renderItem(item)}
            </Box>
          ))}
        </SimpleGrid>
      )}
      <LoadMore hasMore={paging.hasMore} loading={paging.loadingMore || paging.switching} onLoadMore={paging.loadMore} />
    </Box>
  );
}

/** The featured item's section above such a list, its heading in gold. */
export function FeaturedSection({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading id={headingId} as="h2" size="lg" mb="4" color="gold.fg">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
