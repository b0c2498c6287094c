import { HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The wordmark: a gold star on a midnight stage, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <HStack asChild gap="2" textDecoration="none" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/" onClick={onNavigate} aria-label="Melloarkivet, till startsidan">
        <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#d61f7d" />
          <path d="M32 9l6.5 14.6 15.9 1.6-11.9 10.7 3.4 15.6L32 43.4l-13.9 8.1 3.4-15.6L9.6 25.2l15.9-1.6z" fill="#ffc23d" />
        </svg>
        <Text as="span" fontFamily="heading" fontWeight="800" fontSize="xl" letterSpacing="tight" color="fg">
          Mello
          <Text as="span" color="gold.fg">
            arkivet
          </Text>
        </Text>
      </RouterLink>
    </HStack>
  );
}
