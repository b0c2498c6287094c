import { Container, Stack } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { FeaturedArticlesSection } from '../components/home/FeaturedArticlesSection';
import { FeaturedVideoSection } from '../components/home/FeaturedVideoSection';
import { Hero } from '../components/home/Hero';
import { HomeYears } from '../components/home/HomeYears';
import { LostMediaSection } from '../components/home/LostMediaSection';
import { Timeline } from '../components/home/Timeline';
import { SearchBlock } from '../components/search/SearchBlock';
import { usePageMeta } from '../seo/use-page-meta';

/** Below the hero and the search block, in reading order. */
const SECTIONS = [HomeYears, Timeline, LostMediaSection, FeaturedVideoSection, FeaturedArticlesSection];

export default function HomePage() {
  usePageMeta(pageMeta.home());
  return (
    <>
      <Hero />
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '12', md: '16' }}>
        <Stack gap={{ base: '16', md: '24' }}>
          <SearchBlock withHeading />
          {SECTIONS.map((Section, index) => (
            <Section key={index} />
          ))}
        </Stack>
      </Container>
    </>
  );
}
