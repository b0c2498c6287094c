import { z } from 'zod';
import { route } from '../http/route';
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
export const authApi = {
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    body: RegisterInputSchema,
    response: AuthUserSchema,
    status: 201,
    labels: SIGN_IN_LABELS,
    summary: 'Skapar ett konto och loggar in det',
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    body: LoginInputSchema,
    response: AuthUserSchema,
    labels: SIGN_IN_LABELS,
    summary: 'Loggar in med e-post och lösenord',
  }),
  logout: route({ method: 'POST', path: '/api/auth/logout', response: z.object({ ok: z.literal(true) }), summary: 'Avslutar sessionen' }),
  user: route({ method: 'GET', path: '/api/auth/user', response: AuthUserSchema, summary: 'Den inloggade användaren (401 utan session)' }),
};

/**
 * Browser navigations, not data calls (product decision 3): /api/login leads to the sign-in page (with the page to
 * return to), /api/logout ends the session and goes to '/'. Plain links, so no contract beyond their paths.
 */
export const AUTH_PAGES = { login: '/api/login', logout: '/api/logout' } as const;
