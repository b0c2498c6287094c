import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { barPercent } from '../format';

export type Bar = { key: string; label: string; to?: string; value: number; valueText: string };

/** A simple bar chart as a list: label, a bar in proportion to the largest value, and the value in words. */
export function BarList({ bars, label, compact = false }: { bars: readonly Bar[]; label: string; compact?: boolean }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <Stack as="ol" aria-label={label} gap={compact ? '1' : '2.5'} listStyleType="none" m="0" p="0">
      {bars.map((bar) => (
        <Flex as="li" key={bar.key} align="center" gap="3" fontSize={compact ? 'xs' : 'sm'}>
          <Box w={compact ? '12' : { base: '32', md: '48' }} flexShrink="0" overflowWrap="anywhere">
            {bar.to ? (
              <Link asChild color="fg" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={bar.to}>{bar.label}</RouterLink>
              </Link>
            ) : (
              bar.label
            )}
          </Box>
          <Box flex="1" minW="0" h={compact ? '2.5' : '3'} borderRadius="full" bg="bg.muted" aria-hidden="true">
            <Box h="full" w={`${barPercent(bar.value, max)}%`} borderRadius="full" bgImage="linear-gradient(90deg, {colors.brand.500}, {colors.gold.400})" />
          </Box>
          <Text flexShrink="0" minW={compact ? '6' : '20'} textAlign="end" color="fg.muted">
            {bar.valueText}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}
