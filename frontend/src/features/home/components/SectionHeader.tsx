import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

type Props = { id: string; eyebrow?: string; title: string; description?: string; link?: { to: string; label: string } };

/** A home section's heading row: small gold eyebrow, title, optional line of text and a "see all" link. */
export function SectionHeader({ id, eyebrow, title, description, link }: Props) {
  return (
    <Flex justify="space-between" align={{ base: 'start', md: 'end' }} direction={{ base: 'column', md: 'row' }} gap="3" mb="8">
      <Box maxW="2xl">
        {eyebrow && (
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="xs" fontWeight="bold" color="gold.fg" mb="2">
            {eyebrow}
          </Text>
        )}
        <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} fontWeight="800">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" mt="2">
            {description}
          </Text>
        )}
      </Box>
      {link && (
        <Link asChild color="brand.fg" fontWeight="semibold" whiteSpace="nowrap">
          <RouterLink to={link.to}>
            {link.label} <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Link>
      )}
    </Flex>
  );
}
