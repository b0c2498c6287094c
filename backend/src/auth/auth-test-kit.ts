import { sql } from 'slonik';
import { ApiClient, type Reply, type TestBackend } from '../../test/harness';

/** Shared by the accounts' integration tests: expected bodies and helpers over one test backend. */
export const WRONG_CREDENTIALS = { error: 'Fel e-postadress eller lösenord' };
export const EMAIL_TAKEN = { error: 'Det finns redan ett konto med den e-postadressen' };
export const NOT_SIGNED_IN = { error: 'Inte inloggad' };
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The session id in a client's cookie jar (the signed cookie's value), or undefined. */
export const sidOf = (client: ApiClient): string | undefined => /(?:^|; )mello\.sid=([^;]+)/.exec(client.cookieHeader)?.[1];

/** The Set-Cookie line of the session cookie in a reply. */
export const sessionSetCookie = (reply: Reply): string | undefined => reply.headers.getSetCookie().find((line) => line.startsWith('mello.sid='));

export const whoAmI = async (client: ApiClient) => client.get('/api/auth/user');

/** Helpers bound to the backend a test file started (read lazily: it exists only after beforeAll). */
export function authKit(backend: () => TestBackend) {
  let emailCounter = 0;
  return {
    /** A fresh address per call, so tests never depend on each other's accounts. */
    freshEmail: (label = 'medlem') => `${label}-${++emailCounter}@example.se`,
    userCount: async (): Promise<number> => Number(await backend().pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.users`)),
    sessionCount: async (): Promise<number> => Number(await backend().pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.sessions`)),
    sessionRow: async (sid: string) =>
      (await backend().pool.maybeOne(sql.unsafe`
        SELECT sess, expire > now() AS live, extract(epoch FROM expire - now()) AS seconds_left FROM public.sessions WHERE sid = ${sid}`)) as {
        sess: Record<string, unknown>;
        live: boolean;
        seconds_left: number;
      } | null,
    /** A request that carries exactly the given Cookie header (a copied or stolen cookie), outside any jar. */
    withCookie: (cookie: string, method: string, url: string, json?: unknown) =>
      new ApiClient(backend().url).request(method, url, { json, headers: { cookie } }),
  };
}
