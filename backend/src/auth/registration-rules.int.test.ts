import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';
import { authKit, whoAmI } from './auth-test-kit';

/** Sign-up's rules beyond the account itself: the public display name and the refusal of common passwords. */

let backend: TestBackend;
const { freshEmail, userCount } = authKit(() => backend);

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.stop();
});

describe('sign-up: the public display name (product decision 10)', () => {
  const registerWith = (body: Record<string, unknown>) =>
    new ApiClient(backend.url).post('/api/auth/register', { email: freshEmail('namn'), password: 'member-password-1', ...body });

  it('is required: without one the sign-up is a 400 naming displayName, and no account is made', async () => {
    const before = await userCount();
    const reply = await registerWith({});
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([{ path: 'displayName', message: 'Välj ett visningsnamn' }]);
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail address, control characters, a too short or too long name and the neutral form, in Swedish', async () => {
    const before = await userCount();
    const cases: Array<[unknown, string]> = [
      ['mia@example.se', 'Visningsnamnet får inte vara en e-postadress (inget @)'],
      ['Mia\u0007', 'Visningsnamnet får inte innehålla styrtecken'],
      ['M\u200b', 'Visningsnamnet måste vara minst 2 tecken'],
      ['x'.repeat(41), 'Visningsnamnet får vara högst 40 tecken'],
      ['Medlem 4821', "Namn som 'Medlem 1234' är reserverade – välj ett annat"],
      [12, 'Måste vara text'],
    ];
    for (const [displayName, message] of cases) {
      const reply = await registerWith({ displayName });
      expect(reply.status, String(displayName)).toBe(400);
      expect(reply.body.issues, String(displayName)).toEqual([{ path: 'displayName', message }]);
      expect(reply.body.error, String(displayName)).toMatch(/^Ogiltiga uppgifter – Visningsnamn \(displayName\): /);
    }
    expect(await userCount()).toBe(before);
  });

  it('must be unique regardless of case, accents and spacing (409), and the refused sign-up makes no account or session', async () => {
    await new ApiClient(backend.url).register(freshEmail('forst'), 'member-password-1', { displayName: 'Åsa Ek' });
    const before = await userCount();
    for (const taken of ['Åsa Ek', 'åsa ek', 'ASA  EK', 'Ása Ek']) {
      const client = new ApiClient(backend.url);
      const reply = await client.post('/api/auth/register', { email: freshEmail('andra'), password: 'member-password-1', displayName: taken });
      expect(reply.status, taken).toBe(409);
      expect(reply.body, taken).toEqual({
        error: 'Visningsnamnet är upptaget – välj ett annat',
        issues: [{ path: 'displayName', message: 'Visningsnamnet är upptaget – välj ett annat' }],
      });
      expect((await whoAmI(client)).status, taken).toBe(401);
    }
    expect(await userCount()).toBe(before);
  });

  it('cannot pass for a member or the administrator with look-alike letters of another alphabet (Cyrillic А, Greek Ο)', async () => {
    await new ApiClient(backend.url).register(freshEmail('original'), 'member-password-1', { displayName: 'Ola Berg' });
    const before = await userCount();
    for (const lookalike of ['\u039Fla Berg', 'Ol\u0430 B\u0435rg']) {
      const reply = await registerWith({ displayName: lookalike });
      expect(reply.status, lookalike).toBe(409);
      expect(reply.body.error, lookalike).toBe('Visningsnamnet är upptaget – välj ett annat');
    }
    // The administrator's own name 'Administratören', and 'Admin', spelt with a Cyrillic А.
    for (const lookalike of ['\u0410dministrat\u00f6ren', '\u0410dmin']) {
      const reply = await registerWith({ displayName: lookalike });
      expect(reply.status, lookalike).toBe(400);
      expect(reply.body.issues, lookalike).toEqual([{ path: 'displayName', message: 'Namnet är reserverat för webbplatsen – välj ett annat' }]);
    }
    expect(await userCount()).toBe(before);
  });

  it('is returned to its owner by GET /api/auth/user, beside the e-mail only they see', async () => {
    const client = new ApiClient(backend.url);
    const email = freshEmail('egen');
    await client.register(email, 'member-password-1', { displayName: 'Egen Vy' });
    expect((await whoAmI(client)).body).toMatchObject({ email, publicName: 'Egen Vy', firstName: null, lastName: null });
  });
});

describe('sign-up: common passwords', () => {
  it("refuses the most common passwords in any letter case with 400 'Lösenordet är för vanligt – välj ett annat', making no account", async () => {
    const before = await userCount();
    for (const password of ['password1', 'Password1', '12345678', 'qwertyuiop', 'iloveyou']) {
      const reply = await new ApiClient(backend.url).post('/api/auth/register', { email: freshEmail('vanlig'), password, displayName: 'Vanlig' });
      expect(reply.status, password).toBe(400);
      expect(reply.body, password).toEqual({
        error: 'Lösenordet är för vanligt – välj ett annat',
        issues: [{ path: 'password', message: 'Lösenordet är för vanligt – välj ett annat' }],
      });
    }
    expect(await userCount()).toBe(before);
    // An uncommon password of the same length is fine.
    expect((await new ApiClient(backend.url).register(freshEmail('ovanlig'), 'mellofan1958', { displayName: 'Vanlig' })).status).toBe(201);
  });
});
