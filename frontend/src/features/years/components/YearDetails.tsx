import { Box, Button, Card, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { Year } from '@mello/contracts';
import { LuYoutube } from 'react-icons/lu';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';
import { Unknown } from '../../../components/content/Unknown';

/** 'Om {year}' with the description, 'Intressanta Fakta' and 'Kontroverser' (each only when non-empty). */
export function AboutYearCard({ year }: { year: Year }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body gap="6" p={{ base: '5', md: '8' }}>
        <Stack gap="3">
          <Heading as="h2" size="2xl">
            Om {year.year}
          </Heading>
          {year.description && (
            <Text fontSize="lg" lineHeight="tall" color="fg">
              {year.description}
            </Text>
          )}
        </Stack>
        <TextList title="Intressanta Fakta" items={year.facts} marker="gold.fg" />
        <TextList title="Kontroverser" items={year.controversies} marker="brand.fg" />
      </Card.Body>
    </Card.Root>
  );
}

function TextList({ title, items, marker }: { title: string; items: readonly string[]; marker: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="3">
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      <List.Root gap="2" ps="5" css={{ '& li::marker': { color: `var(--chakra-colors-${marker.replace('.', '-')})` } }}>
        {items.map((item, index) => (
          <List.Item key={index} color="fg.muted">
            {item}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** 'Snabbfakta': the key facts side by side; an empty field means "not verified" in the archive: the unknown mark. */
export function QuickFactsCard({ year }: { year: Year }) {
  const rows: [string, string][] = [
    ['År', String(year.year)],
    ['Vinnare', year.winner],
    ['Låt', year.song],
    ['Datum', year.date],
    ['Plats', year.venue],
    ['Stad', year.city],
    ['Programledare', year.host],
  ];
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body p="6">
        <Heading as="h2" size="lg" mb="4">
          Snabbfakta
        </Heading>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="3">
          {rows.map(([label, value]) => (
            <Box key={label} display="contents">
              <Text as="dt" color="fg.muted" fontSize="sm">
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold" fontSize="sm" textAlign="end">
                {value || <Unknown />}
              </Text>
            </Box>
          ))}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Videomaterial' with 'Se på YouTube', shown only when the year has a video link. */
export function VideoMaterialCard({ videoUrl }: { videoUrl: string }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body p="6" gap="4">
        <Heading as="h2" size="lg">
          Videomaterial
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Se vinnarbidraget från finalen.
        </Text>
        <Button asChild colorPalette="brand" width="full">
          <a href={videoUrl} target="_blank" rel="noopener noreferrer">
            <LuYoutube aria-hidden="true" /> Se på YouTube
            <VisuallyNewTab />
          </a>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Källor' at the bottom of the page, hidden when there are none. */
export function SourcesList({ sources }: { sources: readonly string[] }) {
  if (sources.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="year-sources" borderTopWidth="1px" borderColor="border" pt="8">
      <Heading as="h2" id="year-sources" size="lg" mb="3">
        Källor
      </Heading>
      <List.Root as="ol" gap="1" ps="5" color="fg.muted" fontSize="sm">
        {sources.map((source, index) => (
          <List.Item key={index}>
            {/^https?:\/\//.test(source) ? (
              <Link href={source} target="_blank" rel="noopener noreferrer" color="brand.fg" wordBreak="break-all">
                {source}
              </Link>
            ) : (
              source
            )}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
