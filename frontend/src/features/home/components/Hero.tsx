import { Box, Button, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { LuArrowRight, LuMessagesSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/** The spec's tagline statistics of the home hero. */
const STATS = [
  { value: '65+', label: 'år av musik' },
  { value: '1000+', label: 'bidrag totalt' },
  { value: '20+', label: 'oförglömliga klassiker' },
];

export function Hero() {
  return (
    <Box as="section" aria-labelledby="hero-heading" position="relative" overflow="hidden" borderBottomWidth="1px" borderColor="border">
      {/* Stage lights: decorative only. */}
      <Box
        aria-hidden="true"
        position="absolute"
        inset="0"
        pointerEvents="none"
        bgImage="radial-gradient(40rem 22rem at 75% 20%, rgba(255, 92, 173, 0.28), transparent 70%), radial-gradient(30rem 18rem at 15% 90%, rgba(255, 194, 61, 0.16), transparent 70%)"
      />
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '16', md: '24' }} position="relative">
        <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="gold.fg" mb="4">
          Fanarkivet för Melodifestivalen · 1958–2024
        </Text>
        <Heading
          as="h1"
          id="hero-heading"
          fontFamily="heading"
          fontWeight="900"
          lineHeight="1.05"
          letterSpacing="tight"
          fontSize={{ base: '4xl', md: '6xl', lg: '7xl' }}
          maxW="4xl"
        >
          Varje final, varje vinnare,{' '}
          <Text as="span" bgImage="linear-gradient(90deg, {colors.brand.400}, {colors.gold.400})" bgClip="text" color="transparent">
            varje minne.
          </Text>
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" mt="6" maxW="2xl">
          Utforska Melodifestivalens historia år för år, se klassiska framträdanden och hjälp oss att hitta material som har gått förlorat.
        </Text>
        <Flex gap="3" mt="8" wrap="wrap">
          <Button asChild size="xl" colorPalette="gold">
            <RouterLink to="/years">
              Utforska alla år <LuArrowRight aria-hidden="true" />
            </RouterLink>
          </Button>
          <Button asChild size="xl" variant="outline" colorPalette="brand" color="fg" borderColor="brand.400">
            <RouterLink to="/forum">
              <LuMessagesSquare aria-hidden="true" /> Gå till forumet
            </RouterLink>
          </Button>
        </Flex>
        <SimpleGrid as="dl" columns={3} gap={{ base: '4', md: '10' }} mt={{ base: '12', md: '16' }} maxW="2xl">
          {STATS.map((stat) => (
            <Flex key={stat.label} direction="column-reverse">
              <Text as="dt" color="fg.muted" fontSize={{ base: 'sm', md: 'md' }}>
                {stat.label}
              </Text>
              <Text as="dd" fontFamily="heading" fontWeight="900" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1" color="fg">
                {stat.value}
              </Text>
            </Flex>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
