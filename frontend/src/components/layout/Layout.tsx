import { Box, Flex } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BelowTheFold } from '../BelowTheFold';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { NavBar } from './NavBar';
import { MAIN_CONTENT_ID } from './nav-links';
import { SkipLink } from './SkipLink';

/**
 * The footer's code is a chunk of its own, loaded while the page hydrates: it is below the fold on every page, so the
 * first screen's JavaScript does not wait for it. The server renders it as part of the page (entry-server.tsx waits
 * for every lazy part); in the browser React keeps that HTML until the chunk is there, then adopts it in a pass of
 * its own (a Suspense boundary), so the page's hydration is one long task less on a slow phone (issue 17, TBT).
 */
const Footer = lazy(() => import('./Footer').then(({ Footer }) => ({ default: Footer })));

export function Layout() {
  const { pathname, hash } = useLocation();
  // A new screen starts at its top, as a full page load would; an address with an anchor (#…) at the anchor, which
  // the screen that has it scrolls to (lib/anchor.ts).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <Flex direction="column" minHeight="100vh">
      <SkipLink />
      <NavBar />
      {/* At least a screen tall: while a page's code loads, the footer waits below the fold instead of being
          pushed down when the page arrives (a layout shift). */}
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minHeight="100vh" outline="none">
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      <BelowTheFold estimate="40rem">
        <Suspense>
          <Footer />
        </Suspense>
      </BelowTheFold>
    </Flex>
  );
}
