import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { ApiClient, sampleYear } from '../../test/harness';
import { isRunning, postmasterPidOf, spawnStart, startProcessFolder } from '../../test/start-process';

/**
 * `npm start` killed with SIGKILL while writes run leaves its embedded PostgreSQL running as an orphan; `npm start`
 * on the same data folder must still start (stopping the orphan itself) and have every acknowledged write.
 */
const ADMIN = { email: 'admin@crash.melloarkivet.se', password: 'crash-admin-password-1' };
const env = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  SESSION_SECRET: 'crash-test-session-secret-long-enough-0000',
};

const { dataDir, started, cleanup } = startProcessFolder('mello-crash-');
afterAll(cleanup);

describe('npm start after kill -9', () => {
  it('starts again on the same data folder with every acknowledged write', { timeout: 240_000 }, async () => {
    const first = spawnStart({ port: await freePort(), dataDir, env });
    started.push(first);
    await first.serving();
    const admin = new ApiClient(first.url);
    await admin.login(ADMIN.email, ADMIN.password);

    // Writes one after another until the process dies under them; the years answered 201 are acknowledged.
    const acknowledged: Array<{ year: number; id: string }> = [];
    const writes = (async () => {
      for (let year = 1958; year < 2026; year += 1) {
        const reply = await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}` })).catch(() => null);
        if (reply === null) return;
        if (reply.status === 201) acknowledged.push({ year, id: reply.body.id });
      }
    })();
    while (acknowledged.length < 5 && !first.exited()) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(first.pid, 'SIGKILL');
    await writes;
    await first.exitStatus();
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    // The fault as it happens: the server is gone, its PostgreSQL still runs on the data folder.
    const orphan = postmasterPidOf(dataDir);
    expect(orphan).not.toBeNull();
    expect(isRunning(orphan!)).toBe(true);

    const second = spawnStart({ port: await freePort(), dataDir, env });
    started.push(second);
    await second.serving();
    expect(isRunning(orphan!)).toBe(false);
    const visitor = new ApiClient(second.url);
    for (const { year, id } of acknowledged) {
      const reply = await visitor.get(`/api/years/by-year/${year}`);
      expect(reply.status, `year ${year}`).toBe(200);
      expect(reply.body, `year ${year}`).toMatchObject({ id, winner: `Vinnare ${year}` });
    }
    // And it takes writes again.
    const again = new ApiClient(second.url);
    await again.login(ADMIN.email, ADMIN.password);
    expect((await again.post('/api/years', sampleYear({ year: 2025, winner: 'Efter kraschen' }))).status).toBe(201);
  });
});
