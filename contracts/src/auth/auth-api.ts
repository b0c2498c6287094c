import { z } from 'zod';
import { API_PREFIX, route } from '../http/route';
import { AuthUserSchema, LoginInputSchema, RegisterInputSchema } from './auth';

/**
 * The sign-in form's Swedish names of its fields: the form shows them as its labels, and a 400 of the server names
 * a field by them ('E-post (email): Ogiltig e-postadress'), so both speak of a field the same way.
 */
export const SIGN_IN_LABELS = {
  email: 'E-post',
  password: 'Lösenord',
  displayName: 'Visningsnamn',
  firstName: 'Förnamn',
  lastName: 'Efternamn',
} as const;

/** The session's calls (spec section 4, product decisions 2, 3 and 10). */
/** The sign-in calls' common prefix (their writes are not counted by the per-member write limit). */
export const AUTH_API_PREFIX = `${API_PREFIX}/auth` as const;

export const authApi = {
  register: route({
    method: 'POST',
    path: `${AUTH_API_PREFIX}/register`,
    body: RegisterInputSchema,
    response: AuthUserSchema,
    status: 201,
    labels: SIGN_IN_LABELS,
    summary: 'Skapar ett konto och loggar in det',
  }),
  login: route({
    method: 'POST',
    path: `${AUTH_API_PREFIX}/login`,
    body: LoginInputSchema,
    response: AuthUserSchema,
    labels: SIGN_IN_LABELS,
    summary: 'Loggar in med e-post och lösenord',
  }),
  logout: route({ method: 'POST', path: `${AUTH_API_PREFIX}/logout`, response: z.object({ ok: z.literal(true) }), summary: 'Avslutar sessionen' }),
  user: route({ method: 'GET', path: `${AUTH_API_PREFIX}/user`, response: AuthUserSchema, summary: 'Den inloggade användaren (401 utan session)' }),
};

/**
 * Browser navigations, not data calls (product decision 3): /api/login leads to the sign-in page (with the page to
 * return to), /api/logout ends the session and goes to '/'. Plain links, so no contract beyond their paths.
 */
export const AUTH_PAGES = { login: `${API_PREFIX}/login` as const, logout: `${API_PREFIX}/logout` as const };
