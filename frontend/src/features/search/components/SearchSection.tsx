import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { SECTION_FIRST_SHOWN, SECTION_SHOW_MORE, sectionTitle, showMoreLabel } from '../search-summary';

type Props<T> = {
  id: string;
  name: string;
  /** What the 'Visa fler' button calls the hits, in lower case ('bidrag', 'inlägg'). */
  noun: string;
  hits: readonly T[];
  more?: boolean;
  /** The list of the hits shown: a `ul` whose `li`s are the hits, in order. */
  children: (shown: readonly T[]) => React.ReactNode;
};

/**
 * One kind of result with its count in the heading ('Artiklar (2)'); shown with 'Forum (0)' too, so every kind
 * searched is listed. The first hits are shown, and 'Visa fler' shows more (search-summary.ts, SECTION_FIRST_SHOWN);
 * focus then moves to the first hit it added, so a keyboard reader goes on from there.
 */
export function SearchSection<T>({ id, name, noun, hits, more = false, children }: Props<T>) {
  const [shown, setShown] = useState(SECTION_FIRST_SHOWN);
  const firstAdded = useRef<number | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (firstAdded.current === null) return;
    const added = list.current?.querySelectorAll('li')[firstAdded.current];
    firstAdded.current = null;
    added?.querySelector<HTMLElement>('a, button')?.focus();
  }, [shown]);
  const remaining = hits.length - shown;
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} as="h2" size="xl" mb="4">
        {sectionTitle(name, hits.length, more)}
      </Heading>
      {hits.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Inga träffar
        </Text>
      ) : (
        <div ref={list}>{children(hits.slice(0, shown))}</div>
      )}
      {remaining > 0 && (
        <Button
          variant="outline"
          mt="5"
          onClick={() => {
            firstAdded.current = shown;
            setShown(shown + SECTION_SHOW_MORE);
          }}
        >
          {showMoreLabel(noun, remaining)}
        </Button>
      )}
    </Box>
  );
}
