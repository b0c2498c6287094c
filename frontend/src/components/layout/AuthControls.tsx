import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { AUTH_PAGES, displayName } from '@mello/contracts';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { loginHref, useCurrentUser } from '../../auth/current-user';

type Props = { variant: 'desktop' | 'mobile'; onNavigate?: () => void };

/**
 * Spec 'Shared layout': nothing while the user loads; 'Logga in' when logged out; the name and 'Logga ut' when
 * logged in ('Inloggad' too in the mobile menu); 'Admin' only for the administrator. Login and logout are full
 * page navigations to the server, never data calls (product decision 3).
 */
export function AuthControls({ variant, onNavigate }: Props) {
  const { user, isLoading, isAdmin } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return null;

  const mobile = variant === 'mobile';
  if (!user) {
    return (
      <Button asChild colorPalette="gold" size="sm" width={mobile ? 'full' : 'auto'}>
        <a href={loginHref(`${location.pathname}${location.search}`)}>Logga in</a>
      </Button>
    );
  }

  return (
    // minW 0: beside the links the name gives way (truncated) rather than the controls spilling over the links.
    <Stack direction={mobile ? 'column' : 'row'} align={mobile ? 'stretch' : 'center'} gap="3" minW="0">
      {mobile && (
        <Badge colorPalette="green" variant="subtle" alignSelf="flex-start">
          Inloggad
        </Badge>
      )}
      {isAdmin && (
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <RouterLink to="/admin" onClick={onNavigate}>
            Admin
          </RouterLink>
        </Button>
      )}
      {/* Below xl an administrator's row has no room for the name beside 'Admin' (it was cut to nothing): shown from xl. */}
      <Text
        fontSize="sm"
        fontWeight="semibold"
        color="fg"
        truncate
        maxW={mobile ? 'full' : '14rem'}
        display={!mobile && isAdmin ? { base: 'none', xl: 'block' } : undefined}
        title={displayName(user)}
      >
        {displayName(user)}
      </Text>
      <Button asChild size="sm" variant="outline">
        <a href={AUTH_PAGES.logout}>Logga ut</a>
      </Button>
    </Stack>
  );
}
