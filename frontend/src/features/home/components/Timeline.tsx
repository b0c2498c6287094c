import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SectionHeader } from './SectionHeader';
import { TIMELINE } from './timeline';

/** Six fixed highlights on a vertical line, each linking to its year. */
export function Timeline() {
  return (
    <Box as="section" aria-labelledby="home-timeline">
      <SectionHeader id="home-timeline" eyebrow="Höjdpunkter" title="Ögonblick som skrev historia" />
      <Stack
        as="ol"
        listStyleType="none"
        gap="0"
        position="relative"
        ps={{ base: '8', md: '10' }}
        _before={{
          content: '""',
          position: 'absolute',
          insetStart: { base: '3', md: '4' },
          top: '2',
          bottom: '2',
          width: '2px',
          bgImage: 'linear-gradient(180deg, {colors.brand.500}, {colors.gold.400})',
        }}
      >
        {TIMELINE.map((item) => (
          <Box as="li" key={item.year} position="relative" pb="8" _last={{ pb: '0' }}>
            <Box
              aria-hidden="true"
              position="absolute"
              insetStart={{ base: '-6', md: '-7' }}
              top="1.5"
              boxSize="4"
              borderRadius="full"
              bg="gold.solid"
              boxShadow="0 0 0 4px var(--chakra-colors-night-950), 0 0 18px rgba(255, 194, 61, 0.6)"
            />
            <Text fontFamily="heading" fontWeight="900" fontSize="2xl" color="gold.fg" lineHeight="1.2">
              <Link asChild color="inherit">
                <RouterLink to={`/year/${item.year}`} aria-label={`${item.year}: ${item.title}`}>
                  {item.year}
                </RouterLink>
              </Link>
            </Text>
            <Text fontWeight="bold" fontSize="lg" mt="1">
              {item.title}
            </Text>
            <Text color="fg.muted" maxW="2xl" mt="1">
              {item.text}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
