import { SIGN_IN_LABELS } from '@mello/contracts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, TEST_ADMIN, type Reply, type TestBackend } from '../../test/harness';
import { WRONG_CREDENTIALS, authKit, sessionSetCookie, whoAmI } from './auth-test-kit';

/** Bad input to the account calls: a clear 4xx JSON { error }, nothing stored, nobody signed in, never a 500. */

let backend: TestBackend;
const { freshEmail, userCount, sessionCount } = authKit(() => backend);

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.stop();
});

describe('bad input: a clear 4xx JSON { error }, nothing stored, nobody signed in, never a 500', () => {
  type BadCase = { name: string; body: string; contentType?: string; status: number; error?: string | RegExp; issuePaths?: string[] };
  const json = (value: unknown) => JSON.stringify(value);
  const NOT_AN_OBJECT = 'Förväntade ett JSON-objekt i anropets innehåll';
  const INVALID_JSON = 'Ogiltig JSON i anropets innehåll';
  const NOT_JSON = 'Innehållet måste vara JSON (Content-Type: application/json)';
  const TOO_LARGE = 'Innehållet är för stort';
  const INVALID_FIELDS = /^Ogiltiga uppgifter – /;

  // `extra` completes a register body (its display name), so each case is wrong only in what it names.
  const shared = (email: string, extra: Record<string, unknown> = {}): BadCase[] => [
    { name: 'empty object', body: json(extra), status: 400, error: INVALID_FIELDS, issuePaths: ['email', 'password'] },
    { name: 'missing password', body: json({ ...extra, email }), status: 400, error: INVALID_FIELDS, issuePaths: ['password'] },
    { name: 'missing e-mail', body: json({ ...extra, password: 'member-password-1' }), status: 400, error: INVALID_FIELDS, issuePaths: ['email'] },
    {
      name: 'e-mail as a number',
      body: json({ ...extra, email: 42, password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    { name: 'password as an object', body: json({ ...extra, email, password: { $gt: '' } }), status: 400, error: INVALID_FIELDS, issuePaths: ['password'] },
    { name: 'password too long', body: json({ ...extra, email, password: 'x'.repeat(201) }), status: 400, error: INVALID_FIELDS, issuePaths: ['password'] },
    { name: 'an array', body: json([{ ...extra, email, password: 'member-password-1' }]), status: 400, error: NOT_AN_OBJECT },
    { name: 'an empty array', body: '[]', status: 400, error: NOT_AN_OBJECT },
    { name: 'a string', body: json('hej'), status: 400, error: NOT_AN_OBJECT },
    { name: 'a number', body: '42', status: 400, error: NOT_AN_OBJECT },
    { name: 'null', body: 'null', status: 400, error: NOT_AN_OBJECT },
    { name: 'true', body: 'true', status: 400, error: NOT_AN_OBJECT },
    { name: 'truncated JSON', body: `{"email":"${email}","password":`, status: 400, error: INVALID_JSON },
    { name: 'JavaScript, not JSON', body: `{email: '${email}', password: 'member-password-1'}`, status: 400, error: INVALID_JSON },
    {
      name: 'a __proto__ key',
      body: `{"email":"${email}","password":"member-password-1"${Object.keys(extra).length > 0 ? `,${json(extra).slice(1, -1)}` : ''},"__proto__":{"isAdmin":true}}`,
      status: 400,
      error: 'Otillåten nyckel i JSON: __proto__',
    },
    { name: 'over 100 kB', body: json({ ...extra, email, password: 'member-password-1', firstName: 'x'.repeat(101 * 1024) }), status: 413, error: TOO_LARGE },
    { name: 'text/plain', body: json({ ...extra, email, password: 'member-password-1' }), contentType: 'text/plain', status: 415, error: NOT_JSON },
    {
      name: 'a form',
      body: `email=${encodeURIComponent(email)}&password=member-password-1`,
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      error: NOT_JSON,
    },
    {
      name: 'multipart',
      body: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--b--',
      contentType: 'multipart/form-data; boundary=b',
      status: 415,
      error: NOT_JSON,
    },
    { name: 'XML', body: `<user><email>${email}</email></user>`, contentType: 'application/xml', status: 415, error: NOT_JSON },
  ];

  const registerOnly = (email: string, extra: Record<string, unknown> = {}): BadCase[] => [
    {
      name: 'malformed e-mail (no @)',
      body: json({ ...extra, email: 'inte-en-adress', password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    {
      name: 'malformed e-mail (no domain)',
      body: json({ ...extra, email: 'anna@', password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    {
      name: 'malformed e-mail (no local part)',
      body: json({ ...extra, email: '@example.se', password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    {
      name: 'malformed e-mail (space)',
      body: json({ ...extra, email: 'anna svensson@example.se', password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    {
      name: 'e-mail over 254 characters',
      body: json({ ...extra, email: `${'a'.repeat(250)}@example.se`, password: 'member-password-1' }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['email'],
    },
    {
      name: 'password of 7 characters',
      body: json({ ...extra, email, password: '1234567' }),
      status: 400,
      error: /Lösenordet måste vara minst 8 tecken/,
      issuePaths: ['password'],
    },
    { name: 'empty password', body: json({ ...extra, email, password: '' }), status: 400, error: INVALID_FIELDS, issuePaths: ['password'] },
    { name: 'password of 8 spaces', body: json({ ...extra, email, password: '        ' }), status: 400, error: /bara blanksteg/, issuePaths: ['password'] },
    {
      name: 'password of 8 zero-width spaces',
      body: json({ ...extra, email, password: '\u200b'.repeat(8) }),
      status: 400,
      error: /bara blanksteg/,
      issuePaths: ['password'],
    },
    {
      name: 'password of 4 emoji (8 UTF-16 units)',
      body: json({ ...extra, email, password: '🎤🎤🎤🎤' }),
      status: 400,
      error: /minst 8 tecken/,
      issuePaths: ['password'],
    },
    {
      name: 'first name as a number',
      body: json({ ...extra, email, password: 'member-password-1', firstName: 7 }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['firstName'],
    },
    {
      name: 'last name over 100 characters',
      body: json({ ...extra, email, password: 'member-password-1', lastName: 'x'.repeat(101) }),
      status: 400,
      error: INVALID_FIELDS,
      issuePaths: ['lastName'],
    },
  ];

  const loginOnly = (email: string): BadCase[] => [
    { name: 'empty e-mail', body: json({ email: '  ', password: 'member-password-1' }), status: 400, error: INVALID_FIELDS, issuePaths: ['email'] },
    { name: 'empty password', body: json({ email, password: '' }), status: 400, error: INVALID_FIELDS, issuePaths: ['password'] },
  ];

  const send = (client: ApiClient, url: string, badCase: BadCase) =>
    client.request('POST', url, { body: badCase.body, headers: { 'content-type': badCase.contentType ?? 'application/json' } });

  const expectClearError = (reply: Reply, badCase: BadCase) => {
    expect(reply.status, badCase.name).toBe(badCase.status);
    expect(reply.headers.get('content-type'), badCase.name).toMatch(/^application\/json/);
    expect(reply.body, badCase.name).toEqual(expect.objectContaining({ error: expect.any(String) }));
    const { error, issues } = reply.body as { error: string; issues?: Array<{ path: string }> };
    expect(error.trim().length, badCase.name).toBeGreaterThan(0);
    if (typeof badCase.error === 'string') expect(error, badCase.name).toBe(badCase.error);
    else if (badCase.error) expect(error, badCase.name).toMatch(badCase.error);
    if (badCase.issuePaths) expect(issues?.map((issue) => issue.path).sort(), badCase.name).toEqual([...badCase.issuePaths].sort());
    expect(sessionSetCookie(reply), badCase.name).toBeUndefined();
  };

  it('POST /api/auth/register', async () => {
    const email = freshEmail('ogiltig');
    const usersBefore = await userCount();
    const sessionsBefore = await sessionCount();
    const named = { displayName: 'Ogiltig Testare' };
    for (const badCase of [...shared(email, named), ...registerOnly(email, named)]) {
      const client = new ApiClient(backend.url);
      expectClearError(await send(client, '/api/auth/register', badCase), badCase);
      expect((await whoAmI(client)).status, badCase.name).toBe(401);
    }
    expect(await userCount()).toBe(usersBefore);
    expect(await sessionCount()).toBe(sessionsBefore);
    // The address was never taken by any of the refused attempts: a valid request now succeeds.
    const valid = await new ApiClient(backend.url).post('/api/auth/register', { email, password: 'member-password-1', ...named });
    expect(valid.status).toBe(201);
    expect(await userCount()).toBe(usersBefore + 1);
  });

  it('POST /api/auth/login, even for an existing account with its right password inside the bad body', async () => {
    const email = freshEmail('ogiltig-inloggning');
    await new ApiClient(backend.url).register(email, 'member-password-1');
    const usersBefore = await userCount();
    const sessionsBefore = await sessionCount();
    for (const badCase of [...shared(email), ...loginOnly(email)]) {
      const client = new ApiClient(backend.url);
      expectClearError(await send(client, '/api/auth/login', badCase), badCase);
      expect((await whoAmI(client)).status, badCase.name).toBe(401);
    }
    expect(await userCount()).toBe(usersBefore);
    expect(await sessionCount()).toBe(sessionsBefore);
    expect((await new ApiClient(backend.url).post('/api/auth/login', { email, password: 'member-password-1' })).status).toBe(200);
  });

  it('no body at all is a 400 for both, not a crash', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login']) {
      const reply = await new ApiClient(backend.url).request('POST', url);
      expect(reply.status, url).toBe(400);
      expect(reply.body.error, url).toMatch(INVALID_FIELDS);
    }
  });

  it('text that PostgreSQL cannot store (NUL, half a surrogate pair) is a 400 naming the field, not a 500', async () => {
    const usersBefore = await userCount();
    const cases: Array<{ url: string; body: string; path: keyof typeof SIGN_IN_LABELS }> = [
      { url: '/api/auth/login', body: json({ email: 'nul\u0000@example.se', password: 'member-password-1' }), path: 'email' },
      {
        url: '/api/auth/register',
        body: json({ email: freshEmail(), password: 'member-password-1', displayName: 'Nul', firstName: 'An\u0000na' }),
        path: 'firstName',
      },
      {
        url: '/api/auth/register',
        body: `{"email":"${freshEmail()}","password":"member-password-1","displayName":"Halv","lastName":"\\ud800"}`,
        path: 'lastName',
      },
      {
        url: '/api/auth/register',
        body: `{"email":"${freshEmail()}","password":"member-password-1","displayName":"Halv två","firstName":"x\\udc00y"}`,
        path: 'firstName',
      },
    ];
    for (const { url, body, path } of cases) {
      const reply = await new ApiClient(backend.url).request('POST', url, { body, headers: { 'content-type': 'application/json' } });
      expect(reply.status, body).toBe(400);
      // The field is named as the sign-in form labels it (SIGN_IN_LABELS), with its path.
      const named = `${SIGN_IN_LABELS[path]} (${path})`;
      expect(reply.body, body).toEqual({
        error: `Ogiltiga uppgifter – ${named}: Innehåller otillåtna tecken`,
        issues: [{ path, message: 'Innehåller otillåtna tecken' }],
      });
    }
    expect(await userCount()).toBe(usersBefore);
    // A complete surrogate pair (an emoji) is ordinary text.
    const emoji: Reply<any> = await new ApiClient(backend.url).register(freshEmail(), 'member-password-1', { firstName: 'Anna 🎤' });
    expect(emoji.body.firstName).toBe('Anna 🎤');
  });

  it('deeply nested JSON is a 400, not a crash', async () => {
    const depth = 20_000;
    const body = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"member-password-1"}`;
    for (const url of ['/api/auth/register', '/api/auth/login']) {
      const reply = await new ApiClient(backend.url).request('POST', url, { body, headers: { 'content-type': 'application/json' } });
      expect(reply.status, url).toBe(400);
      expect(reply.body.error, url).toMatch(INVALID_FIELDS);
    }
  });

  it('odd but well-formed JSON never produces a 500', async () => {
    const odd: unknown[] = [
      { email: ['a@example.se'], password: ['member-password-1'] },
      { email: null, password: null },
      { email: 'a@example.se', password: 'member-password-1', firstName: { nested: true } },
      { email: '\u0000@example.se', password: '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000' },
      { email: 'ö@exämple.se', password: '💥'.repeat(10) },
      { email: "x'); DROP TABLE users; --@example.se", password: 'member-password-1' },
      { constructor: { prototype: { isAdmin: true } }, email: 'a@example.se', password: 'member-password-1' },
    ];
    for (const url of ['/api/auth/register', '/api/auth/login']) {
      for (const body of odd) {
        const reply = await new ApiClient(backend.url).post(url, body);
        expect(reply.status, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(reply.body, `${url} ${JSON.stringify(body)}`).toEqual(expect.objectContaining(reply.status >= 400 ? { error: expect.any(String) } : {}));
      }
    }
    // The users table is still there and nobody became an administrator through a crafted body.
    const admins = await backend.pool.anyFirst(sql.unsafe`SELECT email FROM public.users WHERE first_name = 'Admin' OR email = ${TEST_ADMIN.email}`);
    expect(admins).toContain(TEST_ADMIN.email);
    const maybe = (await new ApiClient(backend.url).post('/api/auth/login', { email: 'a@example.se', password: 'member-password-1' })) as Reply<any>;
    if (maybe.status === 200) expect(maybe.body.isAdmin).toBe(false);
    else expect(maybe.body).toEqual(WRONG_CREDENTIALS);
  });
});
