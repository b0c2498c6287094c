import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

/**
 * Screen readers hear that the link leaves the site in a new tab, after what else they should hear of it (`children`,
 * said after a space: "med Loreen "); nothing of it shows.
 */
export function VisuallyNewTab({ children }: { children?: ReactNode }) {
  return (
    <Box as="span" srOnly>
      {' '}
      {children}(öppnas i en ny flik)
    </Box>
  );
}
