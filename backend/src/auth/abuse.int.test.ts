import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, TEST_ADMIN, type Reply, type TestBackend, logHead } from '../../test/harness';

/** Cross-site requests (CSRF), content types of writes, and the rate limits of logins, sign-ups and writes. */

const CROSS_SITE = { error: 'Begäran kom från en annan webbplats och nekades' };
const NOT_JSON = { error: 'Innehållet måste vara JSON (Content-Type: application/json)' };

const userCount = async (backend: TestBackend): Promise<number> => Number(await backend.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.users`));
const sessionCount = async (backend: TestBackend): Promise<number> =>
  Number(await backend.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.sessions`));

describe('with the default limits', () => {
  let backend: TestBackend;
  let admin: ApiClient;
  let yearId: string;

  beforeAll(async () => {
    // No timed view flush: a refused call must append nothing, and a flush landing in that window would look like it did.
    backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
    admin = await adminClient(backend);
    const created = await admin.post('/api/years', sampleYear({ year: 1974 }));
    if (created.status !== 201) throw new Error(`fixture: ${created.status} ${created.text}`);
    yearId = created.body.id;
  });
  afterAll(async () => {
    await backend?.stop();
  });

  /** Everything a refused call could have changed. */
  const snapshot = async () => ({
    years: (await new ApiClient(backend.url).get('/api/years')).body,
    head: await logHead(backend),
    users: await userCount(backend),
  });

  describe('CSRF: state-changing calls sent by another site', () => {
    const foreignOrigins = () => {
      const { port } = new URL(backend.url);
      return [
        'https://evil.com',
        'http://evil.com',
        'null', // sandboxed frames, data: URLs
        `http://127.0.0.1:${Number(port) + 1}`, // another port is another origin
        `https://127.0.0.1:${port}`, // another scheme too
        `http://127.0.0.1:${port}.evil.com`,
        `http://localhost:${port}`, // another host name for the same server is not this origin either
      ];
    };

    const archiveWrites = () =>
      [
        ['POST', '/api/years', sampleYear({ year: 1980 })],
        ['PUT', `/api/years/${yearId}`, { winner: 'Kapad' }],
        ['DELETE', `/api/years/${yearId}`, undefined],
      ] as const;

    it('are refused with 403 by Origin, for the administrator, and change nothing', async () => {
      const before = await snapshot();
      for (const origin of foreignOrigins()) {
        for (const [method, url, json] of archiveWrites()) {
          const reply = await admin.request(method, url, { json, headers: { origin } });
          expect(reply.status, `${method} ${url} from ${origin}`).toBe(403);
          expect(reply.body, `${method} ${url} from ${origin}`).toEqual(CROSS_SITE);
        }
      }
      expect(await snapshot()).toEqual(before);
      // The administrator's session is untouched and works from the site itself.
      expect((await admin.get('/api/auth/user')).body.isAdmin).toBe(true);
    });

    it('are refused by Referer when there is no Origin header', async () => {
      const before = await snapshot();
      for (const referer of ['https://evil.com/sida', `http://127.0.0.1:${Number(new URL(backend.url).port) + 1}/`]) {
        for (const [method, url, json] of archiveWrites()) {
          const reply = await admin.request(method, url, { json, headers: { referer } });
          expect(reply.status, `${method} ${url} from ${referer}`).toBe(403);
          expect(reply.body).toEqual(CROSS_SITE);
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('trust Origin over Referer: a foreign Origin is refused even with a same-origin Referer', async () => {
      const before = await snapshot();
      const reply = await admin.post('/api/years', sampleYear({ year: 1981 }), { origin: 'https://evil.com', referer: `${backend.url}/admin` });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(CROSS_SITE);
      expect(await snapshot()).toEqual(before);
    });

    it('a cross-site sign-in (login CSRF) is refused and signs nobody in', async () => {
      const sessionsBefore = await sessionCount(backend);
      const client = new ApiClient(backend.url);
      const reply = await client.post('/api/auth/login', TEST_ADMIN, { origin: 'https://evil.com' });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(CROSS_SITE);
      expect(reply.headers.getSetCookie().some((cookie) => cookie.startsWith('mello.sid='))).toBe(false);
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect(await sessionCount(backend)).toBe(sessionsBefore);
    });

    it('a cross-site sign-up is refused and creates no account', async () => {
      const before = await userCount(backend);
      const reply = await new ApiClient(backend.url).post(
        '/api/auth/register',
        { email: 'csrf@example.se', password: 'member-password-1', displayName: 'Csrf' },
        { origin: 'https://evil.com' },
      );
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(CROSS_SITE);
      expect(await userCount(backend)).toBe(before);
    });

    it('a cross-site POST /api/auth/logout is refused and the user stays signed in', async () => {
      const member = new ApiClient(backend.url);
      await member.register('stannar-inloggad@example.se');
      const reply = await member.post('/api/auth/logout', undefined, { origin: 'https://evil.com' });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(CROSS_SITE);
      expect((await member.get('/api/auth/user')).status).toBe(200);
    });

    it('same-origin calls work: Origin of the site, its Referer, the configured public origin, or no Origin at all', async () => {
      const cases: Array<[string, Record<string, string>]> = [
        ['Origin of the site', { origin: backend.url }],
        ['Referer of the site', { referer: `${backend.url}/admin` }],
        ['PUBLIC_ORIGIN', { origin: backend.config.publicOrigin }],
        ['no Origin or Referer (not a browser)', {}],
      ];
      let year = 1990;
      for (const [name, headers] of cases) {
        year += 1;
        const reply = await admin.post('/api/years', sampleYear({ year }), headers);
        expect(reply.status, name).toBe(201);
        expect(reply.body.year, name).toBe(year);
      }
      const years = (await new ApiClient(backend.url).get('/api/years')).body as Array<{ year: number }>;
      expect(years.map((y) => y.year)).toEqual(expect.arrayContaining([1991, 1992, 1993, 1994]));
    });

    it('reads are not affected: a GET with a foreign Origin still answers', async () => {
      const reply = await new ApiClient(backend.url).get('/api/years', { origin: 'https://evil.com' });
      expect(reply.status).toBe(200);
      expect(Array.isArray(reply.body)).toBe(true);
    });
  });

  describe('content type of writes', () => {
    it('a write whose body is not JSON gets 415 and changes nothing, whoever sends it', async () => {
      const body = JSON.stringify(sampleYear({ year: 1982 }));
      const types = [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/jsonp',
      ];
      const before = await snapshot();
      for (const contentType of types) {
        for (const [method, url] of [
          ['POST', '/api/years'],
          ['PUT', `/api/years/${yearId}`],
        ] as const) {
          const reply = await admin.request(method, url, { body, headers: { 'content-type': contentType } });
          expect(reply.status, `${method} ${contentType}`).toBe(415);
          expect(reply.body, `${method} ${contentType}`).toEqual(NOT_JSON);
        }
        const anonymous = await new ApiClient(backend.url).request('POST', '/api/years', { body, headers: { 'content-type': contentType } });
        expect(anonymous.status, `anonymous ${contentType}`).toBe(415);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('JSON with a charset or a +json type is accepted', async () => {
      const cases: Array<[number, string]> = [
        [1983, 'application/json; charset=utf-8'],
        [1984, 'application/vnd.api+json'],
        [1985, 'application/vnd.melloarkivet+json'],
      ];
      for (const [year, contentType] of cases) {
        const reply = await admin.request('POST', '/api/years', { body: JSON.stringify(sampleYear({ year })), headers: { 'content-type': contentType } });
        expect(reply.status, `${contentType}: ${reply.text}`).toBe(201);
        expect(reply.body.year, contentType).toBe(year);
      }
    });

    it('an oversized write (> 100 kB) gets 413 and changes nothing', async () => {
      const before = await snapshot();
      const reply = await admin.post('/api/years', sampleYear({ year: 1986, description: 'x'.repeat(110 * 1024) }));
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ error: 'Innehållet är för stort' });
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe('rate limits (RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS=2, RATE_LIMIT_LOGIN_PER_IP=14, RATE_LIMIT_REGISTER_PER_IP=6, RATE_LIMIT_WRITES_PER_MINUTE=3)', () => {
  let backend: TestBackend;
  let admin: ApiClient;

  beforeAll(async () => {
    backend = await startTestBackend({
      RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '2',
      RATE_LIMIT_LOGIN_PER_IP: '14',
      RATE_LIMIT_REGISTER_PER_IP: '6',
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
    });
    admin = await adminClient(backend); // one login from this IP
    // The clock (Date, in which the limits count; the backend runs in this process) stands still, so a wait of a
    // second after failed sign-ins cannot run out between two requests however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await backend?.stop();
  });

  const login = (email: string, password: string) => new ApiClient(backend.url).post('/api/auth/login', { email, password });

  const expectTooMany = (reply: Reply<any>, message: RegExp, maxSeconds: number) => {
    expect(reply.status, reply.text).toBe(429);
    expect(reply.body).toEqual({ error: expect.stringMatching(message) });
    const retryAfter = reply.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
    expect(reply.headers.getSetCookie().some((cookie) => cookie.startsWith('mello.sid='))).toBe(false);
  };

  describe('writes per user', () => {
    it('the 4th write within a minute gets 429 with Retry-After and a Swedish message; nothing is written', async () => {
      const statuses: number[] = [];
      for (const year of [1960, 1961, 1962]) statuses.push((await admin.post('/api/years', sampleYear({ year }))).status);
      expect(statuses).toEqual([201, 201, 201]);

      const headBefore = await logHead(backend);
      const reply = await admin.post('/api/years', sampleYear({ year: 1963 }));
      expectTooMany(reply, /^För många ändringar på kort tid\. Försök igen om en minut\.$/, 60);
      const deleteReply = await admin.delete(`/api/years/${'0'.repeat(8)}-0000-4000-8000-000000000000`);
      expect(deleteReply.status).toBe(429);

      expect(await logHead(backend)).toBe(headBefore);
      const years = (await new ApiClient(backend.url).get('/api/years')).body as Array<{ year: number }>;
      expect(years.map((y) => y.year).sort()).toEqual([1960, 1961, 1962]);
    });

    it('is per user: reads still work for the limited user, and other users have their own allowance', async () => {
      expect((await admin.get('/api/years')).status).toBe(200);
      expect((await admin.get('/api/auth/user')).status).toBe(200);
      const member = new ApiClient(backend.url);
      await member.register('skrivare@example.se');
      // A member's writes are refused for lack of rights (403), not by the administrator's exhausted limit…
      const refused = await member.post('/api/years', sampleYear({ year: 1964 }));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'Endast administratören får göra detta' });
    });

    it('does not apply to anonymous callers (they get 401) or to /api/auth/ calls', async () => {
      const anonymous = new ApiClient(backend.url);
      for (let i = 0; i < 5; i += 1) {
        const reply = await anonymous.post('/api/years', sampleYear({ year: 1965 }));
        expect(reply.status).toBe(401);
      }
      const logout = await admin.post('/api/auth/logout');
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ ok: true });
    });
  });

  describe('sign-in', () => {
    it('per account and address: after 3 failed attempts that address waits, even with the right password (any letter case); other accounts are unaffected', async () => {
      const owner = new ApiClient(backend.url);
      await owner.register('utsatt@example.se', 'rätt-lösenord-1');
      await owner.register('granne@example.se', 'rätt-lösenord-2');

      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const reply = await login('utsatt@example.se', `gissning-${attempt}`);
        expect(reply.status, `attempt ${attempt}`).toBe(401);
        expect(reply.body).toEqual({ error: 'Fel e-postadress eller lösenord' });
      }
      // Two free failures, and the third asks this address to wait a second before its next attempt
      // (login-throttle.int.test.ts: the doubling waits, and the owner from another address).
      const sessionsBefore = await sessionCount(backend);
      const right = await login('utsatt@example.se', 'rätt-lösenord-1');
      expectTooMany(right, /^För många inloggningsförsök\. Försök igen om en sekund\.$/, 1);
      expectTooMany(await login('UTSATT@Example.se', 'rätt-lösenord-1'), /^För många inloggningsförsök\. Försök igen om en sekund\.$/, 1);
      expect(await sessionCount(backend)).toBe(sessionsBefore);

      const neighbour = await login('granne@example.se', 'rätt-lösenord-2');
      expect(neighbour.status).toBe(200);
    });

    it('a successful sign-in clears the failed attempts of that account from that address', async () => {
      const owner = new ApiClient(backend.url);
      await owner.register('glomsk@example.se', 'rätt-lösenord-3');
      expect((await login('glomsk@example.se', 'fel-1')).status).toBe(401);
      expect((await login('glomsk@example.se', 'fel-2')).status).toBe(401);
      expect((await login('glomsk@example.se', 'rätt-lösenord-3')).status).toBe(200);
      expect((await login('glomsk@example.se', 'fel-3')).status).toBe(401);
      expect((await login('glomsk@example.se', 'fel-4')).status).toBe(401);
      // Only two failures since the success: no wait yet.
      expect((await login('glomsk@example.se', 'rätt-lösenord-3')).status).toBe(200);
    });

    it('per IP: after 14 attempts from one address every account is refused with 429, even with the right password', async () => {
      // The earlier sign-ins of this block (11 counted attempts; those refused for a wait do not count) used most of
      // the allowance already.
      const sessionsBefore = await sessionCount(backend);
      let refusedAt = 0;
      for (let attempt = 1; attempt <= 15; attempt += 1) {
        // A new account name each time, so only the per-IP limit can be what stops it.
        const reply = await login(`okand-${attempt}@example.se`, 'vad-som-helst');
        if (reply.status === 429) {
          refusedAt = attempt;
          expectTooMany(reply, /^För många inloggningsförsök\. Försök igen om 15 minuter\.$/, 15 * 60);
          break;
        }
        expect(reply.status, `attempt ${attempt}`).toBe(401);
      }
      expect(refusedAt, 'the per-IP limit never triggered').toBe(4);
      expectTooMany(await login(TEST_ADMIN.email, TEST_ADMIN.password), /^För många inloggningsförsök\./, 15 * 60);
      expect(await sessionCount(backend)).toBe(sessionsBefore);
    });
  });

  describe('sign-up per IP', () => {
    it('after 6 new accounts from one address the next sign-up gets 429 and creates nothing', async () => {
      // Earlier tests in this block registered 4 accounts from this address; refusals for the administrator's
      // address do not count.
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await new ApiClient(backend.url).post('/api/auth/register', { email: TEST_ADMIN.email, password: 'member-password-1', displayName: 'Kapare' }))
            .status,
        ).toBe(409);
      }
      const before = await userCount(backend);
      const statuses: number[] = [];
      for (let i = 1; i <= 3; i += 1) {
        statuses.push(
          (await new ApiClient(backend.url).post('/api/auth/register', { email: `ny-${i}@example.se`, password: 'member-password-1', displayName: `Ny ${i}` }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(await userCount(backend)).toBe(before + 2);
      const refused = await new ApiClient(backend.url).post('/api/auth/register', {
        email: 'ny-4@example.se',
        password: 'member-password-1',
        displayName: 'Ny fyra',
      });
      expectTooMany(refused, /^För många nya konton från din adress\. Försök igen om 60 minuter\.$/, 60 * 60);
      expect(await userCount(backend)).toBe(before + 2);
    });
  });
});

describe('writes per user, however the path is spelt (RATE_LIMIT_WRITES_PER_MINUTE=3)', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('is not bypassed by spelling the path in another letter case: the router answers /API/… too, and it spends the same allowance', async () => {
    const member = new ApiClient(backend.url);
    await member.register('versaler@example.se');
    const post = { title: 'Versaler i adressen', content: 'Samma väg, annan stavning' };
    const statuses: number[] = [];
    for (const prefix of ['/api', '/API', '/Api']) statuses.push((await member.post(`${prefix}/forum/posts`, post)).status);
    expect(statuses).toEqual([201, 201, 201]);

    const headBefore = await logHead(backend);
    for (const prefix of ['/API', '/aPI', '/api']) {
      const reply = await member.post(`${prefix}/forum/posts`, post);
      expect(reply.status, `${prefix}: ${reply.text}`).toBe(429);
      expect(reply.body).toEqual({ error: 'För många ändringar på kort tid. Försök igen om en minut.' });
    }
    expect(await logHead(backend)).toBe(headBefore);
  });
});
