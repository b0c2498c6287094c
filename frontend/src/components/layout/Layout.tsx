import { Box, Flex } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { MAIN_CONTENT_ID } from './nav-links';
import { SkipLink } from './SkipLink';

export function Layout() {
  const { pathname, hash } = useLocation();
  // A new screen starts at its top, as a full page load would; an address with an anchor (#…) at the anchor, which
  // the screen that has it scrolls to (YearLineupSection).
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
      <Footer />
    </Flex>
  );
}
