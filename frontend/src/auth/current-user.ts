import { useQuery } from '@tanstack/react-query';
import { atom } from 'jotai';
import { AUTH_PAGES, authApi, type AuthUser } from '@mello/contracts';
import { callRoute, routeKey } from '../api/call';
import { useHydrated } from '../lib/use-hydrated';

/** The signed-in user's key (its URL): the server puts the signed-in user in the page's initial data under the same key. */
export const currentUserKey = routeKey(authApi.user);

/**
 * Spec section 4: the user is fetched once and never refetched; any failure (401, network) means logged out,
 * so the query resolves to null instead of failing.
 */
async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    return await callRoute(authApi.user);
  } catch {
    return null;
  }
}

/**
 * The signed-in user, or null; loading while a screen is still server HTML. The server renders every page as the
 * user still loading (its HTML is the same for everyone), and a screen's code may arrive after the user is known
 * (the layout asks at once; a lazy screen hydrates later): that screen's hydrating render must still write the
 * server's HTML, or React throws it away and renders it anew. Its user-dependent parts appear right after.
 */
export function useCurrentUser(): { user: AuthUser | null; isLoading: boolean; isAdmin: boolean } {
  const { data, isPending } = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const hydrated = useHydrated();
  const user = hydrated ? (data ?? null) : null;
  return { user, isLoading: !hydrated || isPending, isAdmin: user?.isAdmin === true };
}

/** The server's login page flow; a full navigation, never a data call (product decision 3). */
export function loginHref(returnTo?: string): string {
  const target = returnTo ?? `${window.location.pathname}${window.location.search}`;
  return `${AUTH_PAGES.login}?returnTo=${encodeURIComponent(target)}`;
}

export function goToLogin(returnTo?: string): void {
  window.location.assign(loginHref(returnTo));
}

export function goToLogout(): void {
  window.location.assign(AUTH_PAGES.logout);
}

/** Whether the mobile navigation menu is open; closed again whenever a link is chosen. */
export const mobileMenuOpenAtom = atom(false);
