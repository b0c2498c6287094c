import { Box, Container, Grid, HStack, Heading, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { FaFacebookF, FaInstagram, FaTiktok, FaYoutube } from 'react-icons/fa6';
import { Link as RouterLink } from 'react-router-dom';
import { useNow } from '../../app/now';
import { swedishYear } from '../../lib/dates';
import { Brand } from './Brand';
import { NAV_LINKS } from './nav-links';

/** Pages the product does not have yet: shown as the spec asks, but they go nowhere. */
const PLACEHOLDER_LINKS = ['Integritetspolicy', 'Användarvillkor', 'Upphovsrätt', 'Kontakt', 'Press'];
const SOCIAL = [
  { label: 'Facebook', icon: <FaFacebookF /> },
  { label: 'Instagram', icon: <FaInstagram /> },
  { label: 'YouTube', icon: <FaYoutube /> },
  { label: 'TikTok', icon: <FaTiktok /> },
];
const goNowhere = (event: React.MouseEvent) => event.preventDefault();

export function Footer() {
  const now = useNow();
  return (
    <Box as="footer" mt="16" borderTopWidth="1px" borderColor="border" bg="bg.subtle">
      <Container maxW="7xl" px={{ base: '4', md: '8' }} py="12">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr' }} gap="10">
          <Stack gap="4" maxW="sm">
            <Brand />
            <Text color="fg.muted" fontSize="sm">
              Ett oberoende fanarkiv om Melodifestivalen – från 1958 till i dag. Vi samlar år, videor, artiklar och jakten på förlorat material.
            </Text>
            <HStack gap="2">
              {SOCIAL.map((item) => (
                <IconButton key={item.label} asChild variant="ghost" size="sm" aria-label={`${item.label} (kommer snart)`}>
                  <a href="#" onClick={goNowhere}>
                    {item.icon}
                  </a>
                </IconButton>
              ))}
            </HStack>
          </Stack>
          <FooterColumn title="Snabblänkar">
            {NAV_LINKS.map((link) => (
              <Link key={link.to} asChild color="fg.muted" _hover={{ color: 'gold.fg' }}>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </FooterColumn>
          <FooterColumn title="Information">
            {PLACEHOLDER_LINKS.map((label) => (
              <Link key={label} href="#" onClick={goNowhere} color="fg.muted" _hover={{ color: 'gold.fg' }}>
                {label}
              </Link>
            ))}
          </FooterColumn>
        </Grid>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="border" fontSize="sm" color="fg.muted">
          © {swedishYear(now)} Melloarkivet. Ett fanprojekt utan koppling till SVT.
        </Text>
      </Container>
    </Box>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack as="nav" aria-label={title} gap="2">
      <Heading as="h2" size="sm" color="fg" mb="1">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
