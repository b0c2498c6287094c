import { useEffect, useRef } from 'react';
import { Box, Button } from '@chakra-ui/react';

type Props = {
  /** Whether the server has another page. */
  hasMore: boolean;
  /** A page is on its way (the button says so and the sentinel waits). */
  loading: boolean;
  onLoadMore: () => void;
};

/** How far below the window the sentinel may be when the next page is asked for: it arrives before it is reached. */
const AHEAD = '600px';

/**
 * The end of a paged list: infinite scroll (an IntersectionObserver, set up in an effect, so the server's HTML and the
 * first render are the same) and the 'Visa fler' button, which is also the fallback where scrolling does not reach
 * it (a keyboard, a browser without the observer) and what the server's HTML shows. Renders nothing on the last page.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: Props) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <Box ref={sentinel} display="flex" justifyContent="center" mt="8">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Laddar...' : 'Visa fler'}
      </Button>
    </Box>
  );
}
