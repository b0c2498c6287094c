import { describe, expect, it } from 'vitest';
import { checkReadiness, type ReadinessCheck } from './readiness';

const check = (name: string, failure: string, run: () => Promise<string>): ReadinessCheck => ({ name, failure, run });

describe('readiness', () => {
  it('is ready when every check passes, listing each with its detail', async () => {
    const report = await checkReadiness([
      check('database', 'databasen svarar inte', async () => 'SELECT 1'),
      check('search', 'sökmotorn svarar inte', async () => 'postgres'),
    ]);
    expect(report).toEqual({
      ready: true,
      checks: [
        { name: 'database', ok: true, detail: 'SELECT 1', ms: expect.any(Number) },
        { name: 'search', ok: true, detail: 'postgres', ms: expect.any(Number) },
      ],
    });
  });

  it('is not ready when a check throws, naming every failure in one sentence', async () => {
    const report = await checkReadiness([
      check('database', 'databasen svarar inte', async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      }),
      check('event-store', 'händelseloggen svarar inte', async () => 'postgres, head 1'),
      check('search', 'sökmotorn svarar inte', async () => {
        throw new Error('Typesense /health answered ok: false');
      }),
    ]);
    expect(report.ready).toBe(false);
    expect(report.error).toBe('Inte redo: databasen svarar inte, sökmotorn svarar inte');
    expect(report.checks.map((c) => [c.name, c.ok, c.detail])).toEqual([
      ['database', false, 'connect ECONNREFUSED 127.0.0.1:5432'],
      ['event-store', true, 'postgres, head 1'],
      ['search', false, 'Typesense /health answered ok: false'],
    ]);
  });

  it('fails a check that never answers instead of hanging', async () => {
    const report = await checkReadiness([check('database', 'databasen svarar inte', () => new Promise<string>(() => undefined))], 50);
    expect(report).toMatchObject({
      ready: false,
      error: 'Inte redo: databasen svarar inte',
      checks: [{ name: 'database', ok: false, detail: 'no answer within 50 ms' }],
    });
  });
});
