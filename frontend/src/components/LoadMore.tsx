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

/** What a focusable item of a list is: its card's link or button. */
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The end of a paged list: infinite scroll (an IntersectionObserver, set up in an effect, so the server's HTML and the
 * first render are the same) and the 'Visa fler' button, which is also the fallback where scrolling does not reach
 * it (a keyboard, a browser without the observer) and what the server's HTML shows. Renders nothing on the last page.
 * The list is the element just before it (every caller's `ul`/`ol`, an item a child). Pressing the button moves focus
 * to the first item it brought once that page is in: the button is disabled while the page loads and gone after the
 * last one, and either would drop a keyboard user's focus to the top of the document.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: Props) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });
  // The list and its length when the button was pressed: the first new item is the child at that index.
  const pressed = useRef<{ list: Element; length: number } | null>(null);
  useEffect(() => {
    const press = pressed.current;
    if (loading || !press) return;
    pressed.current = null;
    const firstNew = press.list.children[press.length]?.querySelector<HTMLElement>(FOCUSABLE);
    (firstNew ?? sentinel.current?.querySelector('button'))?.focus();
  }, [loading]);
  const press = () => {
    const list = sentinel.current?.previousElementSibling;
    pressed.current = list ? { list, length: list.children.length } : null;
    onLoadMore();
  };

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
      <Button variant="outline" onClick={press} disabled={loading}>
        {loading ? 'Laddar...' : 'Visa fler'}
      </Button>
    </Box>
  );
}
