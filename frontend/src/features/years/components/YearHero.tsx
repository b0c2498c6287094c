import { Badge, Box, Button, Flex, Heading, HStack, Image, Text } from '@chakra-ui/react';
import type { Year } from '@mello/contracts';
import { LuCalendar, LuMapPin, LuMic, LuPlay } from 'react-icons/lu';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';

/** The top of a year page: image (if any), the year, 'Klassiker', winner and song, date, place and host. */
export function YearHero({ year, children }: { year: Year; children?: React.ReactNode }) {
  const place = [year.venue, year.city].filter(Boolean).join(', ');
  return (
    <Box borderRadius="3xl" overflow="hidden" borderWidth="1px" borderColor="border" bg="bg.muted" position="relative">
      {year.imageUrl && (
        <Image
          src={year.imageUrl}
          alt={`${year.winner} i Melodifestivalen ${year.year}`}
          width={1200}
          height={500}
          aspectRatio={{ base: '16 / 9', md: '12 / 5' }}
          objectFit="cover"
          w="full"
        />
      )}
      <Box p={{ base: '6', md: '10' }} bgImage="radial-gradient(40rem 20rem at 100% 0%, rgba(214, 31, 125, 0.25), transparent 70%)">
        <HStack gap="3" mb="3">
          <Text fontFamily="heading" fontWeight="900" fontSize={{ base: '5xl', md: '7xl' }} lineHeight="1" color="gold.fg">
            {year.year}
          </Text>
          {year.isClassic && (
            <Badge colorPalette="brand" variant="solid" size="lg">
              Klassiker
            </Badge>
          )}
        </HStack>
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} fontWeight="800">
          {year.winner} – ”{year.song}”
        </Heading>
        <Flex gap={{ base: '2', md: '6' }} mt="5" color="fg.muted" direction={{ base: 'column', md: 'row' }} wrap="wrap">
          {year.date && <Fact icon={<LuCalendar />}>{year.date}</Fact>}
          {place && <Fact icon={<LuMapPin />}>{place}</Fact>}
          {year.host && <Fact icon={<LuMic />}>Programledare: {year.host}</Fact>}
        </Flex>
        {(year.videoUrl || children) && (
          <Flex gap="3" mt="8" wrap="wrap">
            {year.videoUrl && (
              <Button asChild colorPalette="gold" size="lg">
                <a href={year.videoUrl} target="_blank" rel="noopener noreferrer">
                  <LuPlay aria-hidden="true" /> Se Prestation
                  <VisuallyNewTab />
                </a>
              </Button>
            )}
            {children}
          </Flex>
        )}
      </Box>
    </Box>
  );
}

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <HStack gap="2">
      <Box as="span" color="brand.fg" aria-hidden="true">
        {icon}
      </Box>
      <Text as="span">{children}</Text>
    </HStack>
  );
}
