import { Container, Stack } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { FeaturedArticlesSection } from '../components/home/FeaturedArticlesSection';
import { FeaturedVideoSection } from '../components/home/FeaturedVideoSection';
import { Hero } from '../components/home/Hero';
import { HomeYears } from '../components/home/HomeYears';
import { LostMediaSection } from '../components/home/LostMediaSection';
import { Timeline } from '../components/home/Timeline';
import { SearchBlock } from '../components/search/SearchBlock';
import { useStagedReveal } from '../lib/use-staged-reveal';
import { usePageMeta } from '../seo/use-page-meta';

/** Below the hero and the search block, in reading order: revealed one after another (useStagedReveal). */
const SECTIONS = [HomeYears, Timeline, LostMediaSection, FeaturedVideoSection, FeaturedArticlesSection];

export default function HomePage() {
  usePageMeta(pageMeta.home());
  const shown = useStagedReveal(SECTIONS.length + 1);
  return (
    <>
      <Hero />
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '12', md: '16' }}>
        <Stack gap={{ base: '16', md: '24' }}>
          <SearchBlock withHeading />
          {SECTIONS.slice(0, shown - 1).map((Section) => (
            <Section key={Section.name} />
          ))}
        </Stack>
      </Container>
    </>
  );
}
