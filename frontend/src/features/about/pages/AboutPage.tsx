import { Box, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { LuArchive, LuEye, LuMail, LuPhone, LuSend, LuShare2, LuUsers } from 'react-icons/lu';
import { goToLogin, useCurrentUser } from '../../../auth/current-user';
import { PageContainer } from '../../../components/PageContainer';
import { OpenDataSection } from '../../lineups';
import { showToast } from '../../../components/toaster';
import { usePageMeta } from '../../../seo/use-page-meta';

/** Spec section 9: the About statistics. */
const STATS = [
  { value: '65+', label: 'år dokumenterade' },
  { value: '1200+', label: 'bidrag arkiverade' },
  { value: '500+', label: 'lost media-fynd' },
  { value: '50+', label: 'bidragande forskare' },
];

const VALUES = [
  { icon: <LuArchive />, title: 'Bevarande', text: 'Vi samlar och bevarar Melodifestivalens historia så att den finns kvar för kommande generationer.' },
  { icon: <LuUsers />, title: 'Gemenskap', text: 'Arkivet byggs tillsammans med fans, samlare och forskare som delar med sig av sina fynd och sin kunskap.' },
  { icon: <LuEye />, title: 'Transparens', text: 'Vi redovisar våra källor och skiljer tydligt på det som är verifierat och det som ännu inte är det.' },
];

/** The spec's contact items, whose values are not published yet. */
const CONTACTS = [
  { icon: <LuMail />, label: 'E-post' },
  { icon: <LuShare2 />, label: 'Sociala medier' },
  { icon: <LuPhone />, label: 'Telefon' },
];

/** Spec section 9: the contact login redirect waits 1 s after its notice. */
const LOGIN_DELAY_MS = 1000;

export default function AboutPage() {
  usePageMeta(pageMeta.about());
  const { user } = useCurrentUser();

  const sendMessage = () => {
    if (user) {
      showToast({ title: 'Kommer snart', description: 'Kontaktfunktionen är under utveckling.', type: 'info' });
      return;
    }
    showToast({ title: 'Inloggning krävs', description: 'Du måste logga in för att kontakta oss. Dirigerar till inloggning...', type: 'info' });
    window.setTimeout(() => goToLogin(), LOGIN_DELAY_MS);
  };

  return (
    <PageContainer>
      <Stack gap={{ base: '14', md: '20' }}>
        <Stack gap="5" maxW="3xl">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="gold.fg">
            Om Oss
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight">
            Vi bevarar Melodifestivalens historia
          </Heading>
          <Text fontSize="xl" color="fg.muted">
            Melloarkivet är ett oberoende fanarkiv. Vårt uppdrag är att samla, beskriva och tillgängliggöra varje år av Melodifestivalen – vinnarna, låtarna,
            scenerna och människorna bakom – och att hitta det material som har gått förlorat.
          </Text>
        </Stack>

        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="5" aria-label="Arkivet i siffror">
          {STATS.map((stat) => (
            <Box key={stat.label} display="flex" flexDirection="column-reverse" p="6" borderRadius="2xl" bg="bg.muted" borderWidth="1px" borderColor="border">
              <Text as="dt" color="fg.muted">
                {stat.label}
              </Text>
              <Text as="dd" fontFamily="heading" fontWeight="900" fontSize={{ base: '3xl', md: '4xl' }} color="gold.fg" lineHeight="1.1">
                {stat.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>

        <Box as="section" aria-labelledby="about-values">
          <Heading as="h2" id="about-values" size="2xl" mb="6">
            Våra värderingar
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            {VALUES.map((value) => (
              <Card.Root key={value.title} bg="bg.panel" borderColor="border">
                <Card.Body gap="3" p="6">
                  <Box color="brand.fg" fontSize="2xl" aria-hidden="true">
                    {value.icon}
                  </Box>
                  <Heading as="h3" size="lg">
                    {value.title}
                  </Heading>
                  <Text color="fg.muted">{value.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>

        <OpenDataSection />

        <Box
          as="section"
          aria-labelledby="about-contact"
          p={{ base: '6', md: '10' }}
          borderRadius="3xl"
          borderWidth="1px"
          borderColor="border"
          bgImage="linear-gradient(135deg, rgba(214, 31, 125, 0.18), rgba(29, 20, 69, 0.9) 60%)"
        >
          <Heading as="h2" id="about-contact" size="2xl" mb="2">
            Kontakta oss
          </Heading>
          <Text color="fg.muted" mb="6">
            Har du frågor, tips eller material till arkivet? Hör av dig.
          </Text>
          <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap="4" mb="8">
            {/* A list's groups hold its terms and values directly (dl > div > dt, dd): the icon is in the term. */}
            {CONTACTS.map((item) => (
              <Box key={item.label}>
                <Text as="dt" fontWeight="semibold" display="flex" gap="3" alignItems="center">
                  <Box as="span" color="gold.fg" fontSize="xl" aria-hidden="true">
                    {item.icon}
                  </Box>
                  {item.label}
                </Text>
                {/* The spec leaves these values empty until the site has real channels. */}
                <Text as="dd" color="fg.muted" minH="1.5em" ps="8" />
              </Box>
            ))}
          </SimpleGrid>
          <Button size="lg" colorPalette="gold" onClick={sendMessage}>
            <LuSend aria-hidden="true" /> Skicka Meddelande
          </Button>
        </Box>
      </Stack>
    </PageContainer>
  );
}
