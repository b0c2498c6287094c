import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, TEST_ADMIN, type Reply, type TestBackend } from '../../test/harness';
import { ensureAdminAccount } from './admin-bootstrap';
import { EMAIL_TAKEN, NOT_SIGNED_IN, UUID, WRONG_CREDENTIALS, authKit, sessionSetCookie, sidOf, whoAmI } from './auth-test-kit';

/**
 * Sign-up, sign-in, sign-out, the session cookie and its row in `sessions`, the browser navigations
 * /api/login and /api/logout and the administrator bootstrap, against a real backend.
 */

let backend: TestBackend;
let anonymous: ApiClient;
const { freshEmail, userCount, sessionCount, sessionRow, withCookie } = authKit(() => backend);

beforeAll(async () => {
  backend = await startTestBackend();
  anonymous = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

describe('sign-up (POST /api/auth/register)', () => {
  it('creates a member with a normalised e-mail and their names, signs them in, and GET /api/auth/user returns them', async () => {
    const before = await userCount();
    const client = new ApiClient(backend.url);
    const reply = await client.post('/api/auth/register', {
      email: '  Anna.Svensson@Example.SE ',
      password: 'hemligt-lösenord',
      firstName: ' Anna ',
      lastName: 'Svensson',
      displayName: '  Anna från Örebro ',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      email: 'anna.svensson@example.se',
      firstName: 'Anna',
      lastName: 'Svensson',
      profileImageUrl: null,
      publicName: 'Anna från Örebro',
      isAdmin: false,
    });
    expect(await userCount()).toBe(before + 1);

    const me = await whoAmI(client);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reply.body);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('stores an scrypt hash, never the password itself', async () => {
    const email = freshEmail();
    await new ApiClient(backend.url).register(email, 'mitt-klartext-lösen');
    const stored = String(await backend.pool.oneFirst(sql.unsafe`SELECT password_hash FROM public.users WHERE email = ${email}`));
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('mitt-klartext-lösen');
  });

  it('leaves missing or blank names as null', async () => {
    const plain: Reply<any> = await new ApiClient(backend.url).register(freshEmail());
    expect(plain.body).toMatchObject({ firstName: null, lastName: null });
    const blank: Reply<any> = await new ApiClient(backend.url).register(freshEmail(), 'member-password-1', { firstName: '   ', lastName: '' });
    expect(blank.body).toMatchObject({ firstName: null, lastName: null });
  });

  it('accepts a password of exactly 8 characters (the minimum)', async () => {
    const client = new ApiClient(backend.url);
    const email = freshEmail();
    const reply = await client.post('/api/auth/register', { email, password: 'mello8te', displayName: 'Åtta Tecken' });
    expect(reply.status).toBe(201);
    expect((await new ApiClient(backend.url).post('/api/auth/login', { email, password: 'mello8te' })).status).toBe(200);
  });

  it('refuses an e-mail that is already registered, in any letter case (409), and keeps the first account as it was', async () => {
    const email = freshEmail('unik');
    const first: Reply<any> = await new ApiClient(backend.url).register(email, 'forsta-losenordet', { firstName: 'Första' });
    const before = await userCount();
    for (const variant of [email, email.toUpperCase(), ` ${email.replace('unik', 'UNIK')} `]) {
      const client = new ApiClient(backend.url);
      const reply = await client.post('/api/auth/register', {
        email: variant,
        password: 'andra-losenordet',
        firstName: 'Andra',
        displayName: `Andra ${variant.trim().length}`,
      });
      expect(reply.status, variant).toBe(409);
      expect(reply.body, variant).toEqual(EMAIL_TAKEN);
      expect(sessionSetCookie(reply), variant).toBeUndefined();
      expect((await whoAmI(client)).status, variant).toBe(401);
    }
    expect(await userCount()).toBe(before);
    const login = await new ApiClient(backend.url).post('/api/auth/login', { email, password: 'forsta-losenordet' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual(first.body);
    expect((await new ApiClient(backend.url).post('/api/auth/login', { email, password: 'andra-losenordet' })).status).toBe(401);
  });
});

describe('sign-in (POST /api/auth/login) and the current user', () => {
  it('GET /api/auth/user answers 401 with a JSON error when nobody is signed in', async () => {
    const reply = await anonymous.get('/api/auth/user');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(NOT_SIGNED_IN);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('signs a member in with the right password, whatever the case and surrounding spaces of the e-mail', async () => {
    const email = freshEmail('inloggning');
    const registered: Reply<any> = await new ApiClient(backend.url).register(email, 'rätt-lösenord', { firstName: 'Greta', lastName: 'Berg' });
    const client = new ApiClient(backend.url);
    const reply = await client.post('/api/auth/login', { email: `  ${email.toUpperCase()} `, password: 'rätt-lösenord' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(registered.body);
    const me = await whoAmI(client);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...registered.body, firstName: 'Greta', lastName: 'Berg', isAdmin: false });
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and message, and signs nobody in', async () => {
    const email = freshEmail();
    await new ApiClient(backend.url).register(email, 'rätt-lösenord');
    const sessionsBefore = await sessionCount();
    const attempts = [
      { email, password: 'fel-lösenord' },
      { email, password: 'RÄTT-LÖSENORD' },
      { email: freshEmail('finns-inte'), password: 'rätt-lösenord' },
      { email: 'inte-ens-en-adress', password: 'rätt-lösenord' },
    ];
    const replies: Reply[] = [];
    for (const attempt of attempts) {
      const client = new ApiClient(backend.url);
      const reply = await client.post('/api/auth/login', attempt);
      replies.push(reply);
      expect(reply.status, attempt.email).toBe(401);
      expect(reply.body, attempt.email).toEqual(WRONG_CREDENTIALS);
      expect(sessionSetCookie(reply), attempt.email).toBeUndefined();
      expect((await whoAmI(client)).status).toBe(401);
    }
    // One message for both cases: nothing in the answer tells which part was wrong.
    expect(new Set(replies.map((reply) => reply.text)).size).toBe(1);
    expect(await sessionCount()).toBe(sessionsBefore);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax on path /, not Secure over plain http, and carries only a signed session id', async () => {
    const reply: Reply<any> = await new ApiClient(backend.url).register(freshEmail());
    const line = sessionSetCookie(reply);
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*httponly/i);
    expect(line).toMatch(/;\s*samesite=lax/i);
    expect(line).toMatch(/;\s*path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*secure/i);
    const value = /^mello\.sid=([^;]+)/.exec(line!)![1]!;
    expect(value).toMatch(UUID);
    expect(value).not.toContain(reply.body.id);
    const signature = reply.headers.getSetCookie().find((cookie) => cookie.startsWith('mello.sid.sig='));
    expect(signature).toMatch(/;\s*httponly/i);
  });

  it('keeps the session in PostgreSQL: one row per session id with the user id and an expiry (14 days by default)', async () => {
    const client = new ApiClient(backend.url);
    const registered: Reply<any> = await client.register(freshEmail());
    const sid = sidOf(client)!;
    const row = await sessionRow(sid);
    expect(row).not.toBeNull();
    expect(row!.sess.userId).toBe(registered.body.id);
    expect(row!.live).toBe(true);
    expect(Number(row!.seconds_left)).toBeGreaterThan(13 * 24 * 3600);
    expect(Number(row!.seconds_left)).toBeLessThanOrEqual(14 * 24 * 3600 + 1);
  });

  it('gets a new id at every sign-in, and the id from before no longer authenticates anyone (session fixation)', async () => {
    const email = freshEmail('fixering');
    await new ApiClient(backend.url).register(email, 'fixering-lösen');

    // The attacker's browser has a live session of its own…
    const attacker = new ApiClient(backend.url);
    await attacker.register(freshEmail('angripare'));
    const planted = attacker.cookieHeader;
    const plantedSid = sidOf(attacker)!;

    // …and plants that cookie in the victim's browser, who then signs in.
    const victim = new ApiClient(backend.url);
    const login = await victim.request('POST', '/api/auth/login', {
      json: { email, password: 'fixering-lösen' },
      headers: { cookie: planted },
    });
    expect(login.status).toBe(200);
    const newSid = sidOf(victim);
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(plantedSid);
    expect((await whoAmI(victim)).body.email).toBe(email);

    // The planted id was replaced, not upgraded: it is gone from the store and signs in nobody.
    expect(await sessionRow(plantedSid)).toBeNull();
    const replay = await withCookie(planted, 'GET', '/api/auth/user');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(NOT_SIGNED_IN);
  });

  it('changes value between before and after a sign-in in the same browser', async () => {
    const client = new ApiClient(backend.url);
    const first: Reply<any> = await client.register(freshEmail());
    const before = sidOf(client)!;
    const secondEmail = freshEmail();
    await new ApiClient(backend.url).register(secondEmail, 'andra-kontot-1');
    await client.login(secondEmail, 'andra-kontot-1');
    const after = sidOf(client)!;
    expect(after).not.toBe(before);
    const me = await whoAmI(client);
    expect(me.body.email).toBe(secondEmail);
    expect(me.body.id).not.toBe(first.body.id);
  });

  it('is refused when its value or signature was tampered with', async () => {
    const client = new ApiClient(backend.url);
    await client.register(freshEmail());
    const sid = sidOf(client)!;
    const signature = /mello\.sid\.sig=([^;]+)/.exec(client.cookieHeader)![1]!;
    const otherClient = new ApiClient(backend.url);
    await otherClient.register(freshEmail());
    const otherSid = sidOf(otherClient)!;

    const forged = [
      `mello.sid=${sid}`, // unsigned
      `mello.sid=${sid}; mello.sid.sig=${signature.slice(0, -2)}xx`,
      `mello.sid=${otherSid}; mello.sid.sig=${signature}`, // someone else's id with this signature
      `mello.sid=${sid.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}; mello.sid.sig=${signature}`,
    ];
    for (const cookie of forged) {
      const reply = await withCookie(cookie, 'GET', '/api/auth/user');
      expect(reply.status, cookie).toBe(401);
      expect(reply.body, cookie).toEqual(NOT_SIGNED_IN);
    }
    expect((await whoAmI(client)).status).toBe(200);
  });

  it('stops authenticating once the account is gone', async () => {
    const client = new ApiClient(backend.url);
    const registered: Reply<any> = await client.register(freshEmail('raderad'));
    await backend.pool.query(sql.unsafe`DELETE FROM public.users WHERE id = ${registered.body.id}::uuid`);
    const reply = await whoAmI(client);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('sign-out', () => {
  it('GET /api/logout ends the session, clears the cookie and redirects to /; the old cookie no longer authenticates', async () => {
    const client = new ApiClient(backend.url);
    await client.register(freshEmail('utloggning'));
    const oldCookie = client.cookieHeader;
    const sid = sidOf(client)!;
    expect(await sessionRow(sid)).not.toBeNull();

    const reply = await client.get('/api/logout');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/');
    expect(sessionSetCookie(reply)).toMatch(/^mello\.sid=;.*expires=Thu, 01 Jan 1970/i);

    expect(await sessionRow(sid)).toBeNull();
    expect((await whoAmI(client)).status).toBe(401);
    const replay = await withCookie(oldCookie, 'GET', '/api/auth/user');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(NOT_SIGNED_IN);
  });

  it('an administrator cookie kept after sign-out cannot write to the archive any more', async () => {
    const admin = await adminClient(backend);
    const oldCookie = admin.cookieHeader;
    expect((await admin.get('/api/logout')).status).toBe(302);
    const replay = await withCookie(oldCookie, 'POST', '/api/years', sampleYear({ year: 1999 }));
    expect(replay.status).toBe(401);
    expect((await anonymous.get('/api/years')).body).toEqual([]);
  });

  it('POST /api/auth/logout does the same for data calls and answers { ok: true }', async () => {
    const client = new ApiClient(backend.url);
    await client.register(freshEmail());
    const oldCookie = client.cookieHeader;
    const sid = sidOf(client)!;
    const reply = await client.post('/api/auth/logout');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true });
    expect(await sessionRow(sid)).toBeNull();
    expect((await withCookie(oldCookie, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('GET /api/logout without a session still redirects to / and stores nothing', async () => {
    const before = await sessionCount();
    const reply = await new ApiClient(backend.url).get('/api/logout');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/');
    expect(await sessionCount()).toBe(before);
  });
});

describe('GET /api/login (browser navigation to the sign-in page)', () => {
  const navigate = (query: string, headers: Record<string, string> = {}) => new ApiClient(backend.url).get(`/api/login${query}`, headers);

  it('redirects to /login with the returnTo of the query, kept with its own query string', async () => {
    const cases: Array<[string, string]> = [
      ['/years/1974', '/login?returnTo=%2Fyears%2F1974'],
      ['/forum?category=help&q=abba', `/login?returnTo=${encodeURIComponent('/forum?category=help&q=abba')}`],
      ['/', '/login'],
    ];
    for (const [returnTo, location] of cases) {
      const reply = await navigate(`?returnTo=${encodeURIComponent(returnTo)}`);
      expect(reply.status, returnTo).toBe(302);
      expect(reply.headers.get('location'), returnTo).toBe(location);
    }
  });

  it('redirects to plain /login without a returnTo or Referer', async () => {
    const reply = await navigate('');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/login');
  });

  it('takes the return path from a same-origin Referer', async () => {
    const reply = await navigate('', { referer: `${backend.url}/forum/posts/42?sida=2` });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe(`/login?returnTo=${encodeURIComponent('/forum/posts/42?sida=2')}`);
  });

  it('prefers the explicit returnTo over the Referer', async () => {
    const reply = await navigate(`?returnTo=${encodeURIComponent('/videos')}`, { referer: `${backend.url}/forum` });
    expect(reply.headers.get('location')).toBe('/login?returnTo=%2Fvideos');
  });

  it('never redirects off the site (no open redirect), whatever the returnTo or Referer', async () => {
    const port = new URL(backend.url).port;
    const hostile = [
      '//evil.com',
      '//evil.com/path',
      'https://evil.com',
      'http://evil.com/years',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      ' //evil.com',
      'javascript:alert(1)',
      'evil.com',
    ];
    for (const returnTo of hostile) {
      const reply = await navigate(`?returnTo=${encodeURIComponent(returnTo)}`);
      expect(reply.status, JSON.stringify(returnTo)).toBe(302);
      expect(reply.headers.get('location'), JSON.stringify(returnTo)).toBe('/login');
    }
    const hostileReferers = [
      'https://evil.com/years/1974',
      `http://127.0.0.1:${Number(port) + 1}/years`,
      `https://127.0.0.1:${port}/years`,
      `http://127.0.0.1:${port}.evil.com/years`,
      'inte en adress',
    ];
    for (const referer of hostileReferers) {
      const reply = await navigate('', { referer });
      expect(reply.status, referer).toBe(302);
      expect(reply.headers.get('location'), referer).toBe('/login');
    }
  });

  it('does not send the user back to the sign-in page itself', async () => {
    expect((await navigate(`?returnTo=${encodeURIComponent('/login?returnTo=/forum')}`)).headers.get('location')).toBe('/login');
    expect((await navigate('', { referer: `${backend.url}/login` })).headers.get('location')).toBe('/login');
  });
});

describe('the administrator account', () => {
  it('is created at start-up: signing in with ADMIN_EMAIL and ADMIN_PASSWORD gives isAdmin true', async () => {
    const admin = new ApiClient(backend.url);
    const reply = await admin.post('/api/auth/login', TEST_ADMIN);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ email: TEST_ADMIN.email, isAdmin: true, firstName: 'Admin', lastName: null });
    const me = await whoAmI(admin);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reply.body);
    const rows = Number(await backend.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.users WHERE lower(email) = ${TEST_ADMIN.email}`));
    expect(rows).toBe(1);
  });

  it('is not created twice or overwritten at the next start (the password stays)', async () => {
    const before = await userCount();
    expect(await ensureAdminAccount(backend.pool, TEST_ADMIN.email, 'ett-helt-annat-lösen')).toBe('exists');
    expect(await ensureAdminAccount(backend.pool, TEST_ADMIN.email.toUpperCase(), 'ett-helt-annat-lösen')).toBe('exists');
    expect(await userCount()).toBe(before);
    expect((await new ApiClient(backend.url).post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    expect((await new ApiClient(backend.url).post('/api/auth/login', { email: TEST_ADMIN.email, password: 'ett-helt-annat-lösen' })).status).toBe(401);
  });

  it('cannot be registered by anyone, in any letter case (409), and registering changes nothing', async () => {
    const before = await userCount();
    const variants = [TEST_ADMIN.email, TEST_ADMIN.email.toUpperCase(), 'Admin@Test.Melloarkivet.SE', `  ${TEST_ADMIN.email}  `];
    for (const email of variants) {
      const client = new ApiClient(backend.url);
      const reply = await client.post('/api/auth/register', { email, password: 'kapat-admin-lösen', firstName: 'Kapare', displayName: 'Kapare' });
      expect(reply.status, email).toBe(409);
      expect(reply.body, email).toEqual(EMAIL_TAKEN);
      expect((await whoAmI(client)).status, email).toBe(401);
    }
    expect(await userCount()).toBe(before);
    expect((await new ApiClient(backend.url).post('/api/auth/login', { email: TEST_ADMIN.email, password: 'kapat-admin-lösen' })).status).toBe(401);
    const admin = await adminClient(backend);
    expect((await whoAmI(admin)).body).toMatchObject({ isAdmin: true, firstName: 'Admin' });
  });

  it('a member is never isAdmin', async () => {
    const client = new ApiClient(backend.url);
    const reply: Reply<any> = await client.register(freshEmail('admin'), 'member-password-1', { firstName: 'Admin' });
    expect(reply.body.isAdmin).toBe(false);
    expect((await whoAmI(client)).body.isAdmin).toBe(false);
  });
});
