import { Box, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { LuMenu, LuX } from 'react-icons/lu';
import { Link, useLocation } from 'react-router-dom';
import { mobileMenuOpenAtom } from '../../auth/current-user';
import { useHydrated } from '../../lib/use-hydrated';
import { NotificationBellSlot } from '../../features/notifications/components/NotificationBellSlot';
import { AuthControls } from './AuthControls';
import { Brand } from './Brand';
import { NAV_LINKS, navCurrent, type NavLinkItem } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

export function NavBar() {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  const close = () => setOpen(false);
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu, from its links or its button, and leaves focus on the button (a disclosure's keys).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    toggle.current?.focus();
  };
  // A link chosen in the open menu closes it: focus goes to the button first, or it would fall with the link to the
  // top of the document (a pointer's press does not show it as keyboard focus).
  const closeFromMenu = () => {
    toggle.current?.focus();
    close();
  };
  // Any navigation (a link, the back button) closes the mobile menu.
  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="rgba(18, 10, 46, 0.88)"
      backdropFilter="saturate(160%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border"
      onKeyDown={open ? closeOnEscape : undefined}
    >
      <Container maxW="7xl" px={{ base: '4', md: '8' }}>
        <Flex as="nav" aria-label="Huvudmeny" height="16" align="center" justify="space-between" gap="6">
          {/* The brand and the user's controls share the space beside the links equally, so the controls, which
              appear only once the page knows its user (after hydration), never move the links. */}
          <Box flex="1 1 0" minW="0">
            <Brand onNavigate={close} />
          </Box>
          <HStack as="ul" listStyleType="none" gap="1" display={{ base: 'none', lg: 'flex' }}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem link={link} pathname={pathname} />
              </li>
            ))}
          </HStack>
          <HStack flex="1 1 0" minW="0" justify="flex-end" gap="2" display={{ base: 'none', lg: 'flex' }}>
            <NotificationBellSlot />
            <AuthControls variant="desktop" />
          </HStack>
          <Box display={{ base: 'inline-flex', lg: 'none' }}>
            <NotificationBellSlot />
          </Box>
          <IconButton
            ref={toggle}
            display={{ base: 'inline-flex', lg: 'none' }}
            // In the server's HTML the button keeps its place but is not offered until the script can answer it.
            visibility={hydrated ? undefined : 'hidden'}
            variant="ghost"
            aria-label={open ? 'Stäng menyn' : 'Öppna menyn'}
            aria-expanded={open}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setOpen(!open)}
          >
            {open ? <LuX /> : <LuMenu />}
          </IconButton>
        </Flex>
      </Container>
      {open && (
        <Box id={MOBILE_MENU_ID} display={{ lg: 'none' }} borderTopWidth="1px" borderColor="border" bg="bg.muted">
          <Container maxW="7xl" px="4" py="4">
            <Stack as="ul" listStyleType="none" gap="1" aria-label="Huvudmeny">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavItem link={link} pathname={pathname} onNavigate={closeFromMenu} block />
                </li>
              ))}
            </Stack>
            <Box mt="4" pt="4" borderTopWidth="1px" borderColor="border">
              <AuthControls variant="mobile" onNavigate={closeFromMenu} />
            </Box>
          </Container>
        </Box>
      )}
    </Box>
  );
}

type NavItemProps = { link: NavLinkItem; pathname: string; onNavigate?: () => void; block?: boolean };

function NavItem({ link, pathname, onNavigate, block }: NavItemProps) {
  return (
    <Box
      asChild
      display={block ? 'block' : 'inline-block'}
      // Narrower between lg and xl, where the links and an administrator's controls share 1024 px.
      px={block ? '3' : { base: '2', xl: '3' }}
      py="2"
      borderRadius="md"
      fontWeight="semibold"
      fontSize={block ? 'md' : 'sm'}
      color="fg.muted"
      _hover={{ color: 'fg', bg: 'bg.emphasized' }}
      css={{ '&[aria-current]': { color: 'var(--chakra-colors-gold-fg)', bg: 'var(--chakra-colors-bg-emphasized)' } }}
    >
      <Link to={link.to} aria-current={navCurrent(link, pathname)} onClick={onNavigate}>
        {link.label}
      </Link>
    </Box>
  );
}
