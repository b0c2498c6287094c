import { Box, Button, Card, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { AUTH_PAGES, displayName, pageMeta } from '@mello/contracts';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/current-user';
import { PageContainer } from '../../../components/PageContainer';
import { SignInForm } from '../components/SignInForm';
import { safeReturnTo } from '../../../lib/return-to';
import { usePageMeta } from '../../../seo/use-page-meta';

/** The product's own sign-in and register page; /api/login leads here with the page to return to. */
export default function LoginPage() {
  usePageMeta(pageMeta.login());
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { user } = useCurrentUser();

  return (
    <PageContainer maxW="lg">
      <Stack gap="6">
        <Box textAlign="center">
          <Heading as="h1" size="3xl" fontWeight="900">
            Välkommen till Melloarkivet
          </Heading>
          <Text color="fg.muted" mt="2">
            Logga in eller skapa ett konto för att skriva i forumet, svara och gilla inlägg.
          </Text>
        </Box>
        <Card.Root bg="bg.panel" borderColor="border">
          <Card.Body p={{ base: '5', md: '8' }}>
            {/* While the user is unknown (the server's HTML, the same for everyone) the forms show: what a visitor
                here needs; a signed-in member sees their name once known. */}
            {user ? (
              <Stack gap="4" textAlign="center">
                <Text>
                  Du är inloggad som <strong>{displayName(user)}</strong>.
                </Text>
                <Button asChild colorPalette="gold">
                  <a href={returnTo}>Fortsätt</a>
                </Button>
                <Button asChild variant="outline">
                  <a href={AUTH_PAGES.logout}>Logga ut</a>
                </Button>
              </Stack>
            ) : (
              <Tabs.Root defaultValue="login" variant="enclosed" fitted>
                <Tabs.List mb="6">
                  <Tabs.Trigger value="login">Logga in</Tabs.Trigger>
                  <Tabs.Trigger value="register">Skapa konto</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login">
                  <SignInForm mode="login" returnTo={returnTo} />
                </Tabs.Content>
                <Tabs.Content value="register">
                  <SignInForm mode="register" returnTo={returnTo} />
                </Tabs.Content>
              </Tabs.Root>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </PageContainer>
  );
}
