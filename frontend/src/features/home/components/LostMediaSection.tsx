import { Box, Button, Flex, Heading, List, Text } from '@chakra-ui/react';
import { LuMail, LuUpload } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { goToLogin, useCurrentUser } from '../../../auth/current-user';
import { showToast } from '../../../components/toaster';

/** Spec section 9: the login redirect waits 1 s after the contact notice and 1.5 s after the create-post one. */
const CONTACT_LOGIN_DELAY_MS = 1000;
const CREATE_POST_LOGIN_DELAY_MS = 1500;
/** Product decision 6: the forum's new-post dialog, opened with category lost-media. */
const CONTRIBUTE_PATH = '/forum?new=lost-media';
/** Where a signed-in reader's 'Kontakta Oss' leads, and so where a visitor is led once signed in. */
const CONTACT_PATH = '/about';

export function LostMediaSection() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();

  const contribute = () => {
    if (user) return navigate(CONTRIBUTE_PATH);
    showToast({ title: 'Logga in', description: 'Du måste logga in för att skapa inlägg.', type: 'info' });
    window.setTimeout(() => goToLogin(CONTRIBUTE_PATH), CREATE_POST_LOGIN_DELAY_MS);
  };

  const contact = () => {
    if (user) return navigate(CONTACT_PATH);
    showToast({ title: 'Inloggning krävs', description: 'Du måste logga in för att kontakta oss. Dirigerar till inloggning...', type: 'info' });
    window.setTimeout(() => goToLogin(CONTACT_PATH), CONTACT_LOGIN_DELAY_MS);
  };

  return (
    <Box
      as="section"
      aria-labelledby="home-lost-media"
      borderRadius="3xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="brand.800"
      bgImage="linear-gradient(135deg, rgba(214, 31, 125, 0.22), rgba(29, 20, 69, 0.9) 55%)"
      p={{ base: '6', md: '12' }}
    >
      <Text textTransform="uppercase" letterSpacing="widest" fontSize="xs" fontWeight="bold" color="gold.fg" mb="2">
        Lost Media
      </Text>
      <Heading as="h2" id="home-lost-media" size={{ base: '2xl', md: '3xl' }} fontWeight="800" maxW="2xl">
        Hjälp oss hitta det som har försvunnit
      </Heading>
      <Text color="fg.muted" mt="4" maxW="2xl" fontSize="lg">
        Delar av Melodifestivalens historia saknas fortfarande: sändningar, klipp och inspelningar som ingen har hittat ännu. Har du inspelningar, bilder,
        program eller minnen från en sändning? Varje fynd gör arkivet mer komplett.
      </Text>
      <List.Root mt="5" gap="2" color="fg.muted" ps="5">
        <List.Item>Hemmainspelningar på VHS eller Betamax</List.Item>
        <List.Item>Pressbilder, programblad och tidningsurklipp</List.Item>
        <List.Item>Tips om var material kan finnas i dag</List.Item>
      </List.Root>
      <Flex gap="3" mt="8" wrap="wrap">
        <Button size="lg" colorPalette="gold" onClick={contribute}>
          <LuUpload aria-hidden="true" /> Bidra Med Material
        </Button>
        <Button size="lg" variant="outline" colorPalette="brand" color="fg" borderColor="brand.400" onClick={contact}>
          <LuMail aria-hidden="true" /> Kontakta Oss
        </Button>
      </Flex>
    </Box>
  );
}
