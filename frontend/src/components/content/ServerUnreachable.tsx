import { Button } from '@chakra-ui/react';
import { EmptyState } from '../EmptyState';

/**
 * What a content page shows when the API cannot be reached at all: a friendly Swedish line and a way to try
 * again. Other failed list loads show the empty state (spec section 8: failed lists default to empty).
 */
export function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState title="Kunde inte nå servern" description="Kontrollera din anslutning och försök igen.">
      <Button colorPalette="brand" onClick={onRetry}>
        Försök igen
      </Button>
    </EmptyState>
  );
}
