import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Year } from '@mello/contracts';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../../test/harness';

type Page = { items: Year[]; nextCursor: string | null };

let backend: TestBackend;
let admin: ApiClient;
let visitor: ApiClient;

const page = async (params: Record<string, string>) => {
  const reply = await visitor.get(`/api/years/page?${new URLSearchParams(params)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as Page;
};
const create = async (year: number) => {
  const reply = await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}` }));
  expect(reply.status, reply.text).toBe(201);
};

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  visitor = new ApiClient(backend.url);
  for (let year = 1990; year < 2010; year += 1) await create(year);
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('GET /api/years/page: the /years list by cursor', () => {
  it('pages every year exactly once, newest first, and a year added between pages does not shift the next', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let added = false;
    do {
      const next: Page = await page({ limit: '6', ...(cursor ? { cursor } : {}) });
      expect(next.items.length).toBeLessThanOrEqual(6);
      seen.push(...next.items.map((item) => item.year));
      cursor = next.nextCursor;
      if (!added) {
        // A newer year than any paged so far: it belongs before the cursor, so it neither repeats nor pushes one out.
        await create(2015);
        added = true;
      }
    } while (cursor !== null);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => 2009 - i));
    expect((await page({})).items.map((item) => item.year).slice(0, 2)).toEqual([2015, 2009]);
  });

  it('refuses a cursor it did not make and a limit out of bounds with a 400 naming it', async () => {
    const forumCursor = Buffer.from(JSON.stringify({ s: 'newest', k: ['2025-01-01T00:00:00.000Z'], i: '0b6f4f0e-6a51-4a43-9a4c-2f1d7c1e9a01' })).toString(
      'base64url',
    );
    for (const cursor of ['nej', forumCursor]) {
      const reply = await visitor.get(`/api/years/page?cursor=${cursor}`);
      expect(reply.status).toBe(400);
      expect((reply.body as { error: string }).error).toBe('Ogiltiga uppgifter – cursor: Ogiltig sidmarkör, börja om från första sidan');
    }
    expect((await visitor.get('/api/years/page?limit=101')).status).toBe(400);
    expect((await visitor.get('/api/years/page?limit=abc')).status).toBe(400);
    expect((await page({ limit: '100' })).nextCursor).toBeNull();
  });
});

describe('GET /api/years/summaries: the home grid’s years', () => {
  it('answers every year as its card shows it, newest first, without the long texts, and follows an edit', async () => {
    const full = (await visitor.get('/api/years')).body as Year[];
    const reply = await visitor.get('/api/years/summaries');
    expect(reply.status).toBe(200);
    const summaries = reply.body as Array<Record<string, unknown>>;
    expect(summaries.map((summary) => summary.year)).toEqual(full.map((year) => year.year));
    const card = ['city', 'id', 'imageUrl', 'isClassic', 'song', 'venue', 'winner', 'year'];
    for (const summary of summaries) expect(Object.keys(summary).sort()).toEqual(card);
    expect(summaries[0]).toEqual(Object.fromEntries(card.map((key) => [key, full[0]![key as keyof Year]])));

    await admin.put(`/api/years/${full[0]!.id}`, { winner: 'Ny vinnare' });
    expect(((await visitor.get('/api/years/summaries')).body as Array<{ winner: string }>)[0]!.winner).toBe('Ny vinnare');
  });
});
