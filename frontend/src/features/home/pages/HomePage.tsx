import { Container, Stack } from '@chakra-ui/react';
import { BelowTheFold } from '../../../components/BelowTheFold';
import { FeaturedArticlesSection } from '../components/FeaturedArticlesSection';
import { FeaturedVideoSection } from '../components/FeaturedVideoSection';
import { Hero } from '../components/Hero';
import { HomeYears } from '../components/HomeYears';
import { LostMediaSection } from '../components/LostMediaSection';
import { Timeline } from '../components/Timeline';
import { SearchBlock } from '../../../components/search/SearchBlock';
import { useStaticPageMeta } from '../../../seo/use-page-meta';

/** Below the hero and the search block, in reading order, each with a height between its desktop and phone ones. */
const SECTIONS = [
  { Section: HomeYears, estimate: '70rem' },
  { Section: Timeline, estimate: '66rem' },
  { Section: LostMediaSection, estimate: '34rem' },
  { Section: FeaturedVideoSection, estimate: '37rem' },
  { Section: FeaturedArticlesSection, estimate: '36rem' },
];

export default function HomePage() {
  useStaticPageMeta('home');
  return (
    <>
      <Hero />
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '12', md: '16' }}>
        <Stack gap={{ base: '16', md: '24' }}>
          <SearchBlock withHeading />
          {SECTIONS.map(({ Section, estimate }, index) => (
            <BelowTheFold key={index} estimate={estimate}>
              <Section />
            </BelowTheFold>
          ))}
        </Stack>
      </Container>
    </>
  );
}
