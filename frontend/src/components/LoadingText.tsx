import { Flex, Spinner, Text } from '@chakra-ui/react';

/** The spec's loading lines ('Laddar år...', 'Söker...'), announced politely to screen readers. */
export function LoadingText({ children }: { children: React.ReactNode }) {
  return (
    <Flex role="status" aria-live="polite" align="center" justify="center" gap="3" py="16" px="4" color="fg.muted">
      <Spinner size="sm" color="brand.fg" aria-hidden="true" />
      <Text fontSize="lg">{children}</Text>
    </Flex>
  );
}
