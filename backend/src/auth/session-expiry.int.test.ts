import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { NOT_SIGNED_IN, sidOf } from './auth-test-kit';

// Long enough that a session is still alive for the request right after its sign-in on a loaded machine (a slow KDF
// runs before the session is made, not after), short enough to wait out; the test then waits on the rows' own
// expiry in the database rather than on a fixed sleep.
const MAX_AGE_MS = 4000;

describe(`session expiry (SESSION_MAX_AGE_MS=${MAX_AGE_MS})`, () => {
  let shortLived: TestBackend;
  beforeAll(async () => {
    shortLived = await startTestBackend({ SESSION_MAX_AGE_MS: String(MAX_AGE_MS) });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it('refuses an expired session: /api/auth/user answers 401, writes answer 401, and its row is expired', async () => {
    const member = new ApiClient(shortLived.url);
    await member.register('kortlivad@example.se');
    expect((await member.get('/api/auth/user')).status).toBe(200);
    const memberSid = sidOf(member)!;
    const admin = await adminClient(shortLived);
    const adminCookie = admin.cookieHeader;
    const adminSid = sidOf(admin)!;

    const expired = async () =>
      (await shortLived.pool.oneFirst(
        sql.unsafe`SELECT count(*) FROM public.sessions WHERE sid = ANY(${sql.array([memberSid, adminSid], 'text')}) AND expire <= now()`,
      )) === 2;
    for (let waited = 0; !(await expired()); waited += 250) {
      if (waited > 4 * MAX_AGE_MS) throw new Error('the sessions never expired');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const me = await member.get('/api/auth/user');
    expect(me.status).toBe(401);
    expect(me.body).toEqual(NOT_SIGNED_IN);
    const write = await new ApiClient(shortLived.url).request('POST', '/api/years', { json: sampleYear(), headers: { cookie: adminCookie } });
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ error: 'Du måste logga in' });
    expect((await new ApiClient(shortLived.url).get('/api/years')).body).toEqual([]);

    // The rows are kept until the periodic sweep, but they have expired and are refused.
    for (const sid of [memberSid, adminSid]) {
      const row = await shortLived.pool.maybeOne(sql.unsafe`SELECT expire <= now() AS expired FROM public.sessions WHERE sid = ${sid}`);
      expect(row, sid).toEqual({ expired: true });
    }

    // Signing in again works and gives a new id.
    await member.login('kortlivad@example.se', 'member-password-1');
    expect(sidOf(member)).not.toBe(memberSid);
    expect((await member.get('/api/auth/user')).status).toBe(200);
  });
});
