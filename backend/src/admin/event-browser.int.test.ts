import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { EventName, SYSTEM_ACTOR, type EventMetadata, type LoggedEvent, type StreamView } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, TEST_ADMIN, type TestBackend } from '../../test/harness';
import { REDACTED } from './redact';

let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;
let visitor: ApiClient;
let memberId: string;
let year: { id: string };
const MEMBER = { email: 'mia@example.se', password: 'member-password-1' };

const page = async (query: string) => {
  const reply = await admin.get<{ events: LoggedEvent[]; nextBefore: string | null }>(`/api/admin/events${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};

const metadata = (extra: Record<string, unknown> = {}): EventMetadata =>
  ({ actor: SYSTEM_ACTOR, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: null, schemaVersion: 1, ...extra }) as EventMetadata;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  visitor = new ApiClient(backend.url);
  member = new ApiClient(backend.url);
  await member.register(MEMBER.email, MEMBER.password, { firstName: 'Mia', lastName: 'Medlem' });
  memberId = (await member.get<{ id: string }>('/api/auth/user')).body.id;
  year = (await admin.post<{ id: string }>('/api/years', sampleYear({ year: 2012, winner: 'Loreen', song: 'Euphoria' }))).body;
  expect((await admin.put(`/api/years/${year.id}`, { host: 'Gina Dirawi' })).status).toBe(200);
  expect((await admin.put(`/api/years/${year.id}`, { host: 'Helena Bergström' })).status).toBe(200);
  expect((await member.post('/api/forum/posts', { title: 'Bästa vinnaren?', content: 'Loreen, förstås.' })).status).toBe(201);
  await backend.store.untilReadable();
});
afterAll(async () => {
  await backend?.stop();
});

describe('the event browser API', () => {
  it('is for the administrator only: 401 for visitors, 403 for members', async () => {
    for (const url of ['/api/admin/events', `/api/admin/events/stream?name=year-${randomUUID()}`]) {
      expect((await visitor.get(url)).status, url).toBe(401);
      const refused = await member.get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({ error: 'Endast administratören får göra detta' });
    }
  });

  it('lists the stored log newest first, filtered by stream, type, user (id or e-mail) and time', async () => {
    const all = await page('?limit=200');
    const positions = all.events.map((event) => event.position);
    expect([...positions].sort().reverse()).toEqual(positions);
    expect(all.events.some((event) => event.type === EventName.ForumPostCreated)).toBe(true);

    const stream = await page(`?stream=year-${year.id}`);
    expect(stream.events.map((event) => [event.type, event.revision])).toEqual([
      [EventName.YearUpdated, 2],
      [EventName.YearUpdated, 1],
      [EventName.YearCreated, 0],
    ]);
    // Who caused it, e-mail included: the browser is the admin's.
    expect(stream.events[0]!.actor).toMatchObject({ email: TEST_ADMIN.email, system: false });

    const updates = await page(`?type=${EventName.YearUpdated}`);
    expect(updates.events).toHaveLength(2);
    expect(updates.events.every((event) => event.type === EventName.YearUpdated)).toBe(true);

    for (const user of [memberId, MEMBER.email, 'MIA@Example.se']) {
      const byMember = await page(`?user=${encodeURIComponent(user)}`);
      expect(byMember.events.length, user).toBeGreaterThan(0);
      expect(byMember.events.every((event) => event.actor.userId === memberId)).toBe(true);
    }
    expect((await page('?user=ingen@example.se')).events).toEqual([]);
    expect((await page(`?user=${encodeURIComponent(MEMBER.email)}&type=${EventName.YearCreated}`)).events).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&limit=200`)).events).toHaveLength(all.events.length);
    expect((await page('?to=2000-01-01')).events).toEqual([]);
    expect((await page(`?from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)).events).toEqual([]);
  });

  it('pages backwards by position with neither gaps nor repeats while events are appended', async () => {
    for (let i = 0; i < 6; i += 1) await admin.put(`/api/years/${year.id}`, { host: `Programledare ${i}` });
    await backend.store.untilReadable();
    const first = await page('?limit=2');
    const top = first.events[0]!.position;
    const seen = first.events.map((event) => event.position);
    let before = first.nextBefore;
    let appended = 0;
    while (before) {
      // Writes between pages land above the first page: later pages go on below where the last one ended.
      await admin.put(`/api/years/${year.id}`, { host: `Ny programledare ${appended++}` });
      const next = await page(`?limit=2&before=${encodeURIComponent(before)}`);
      seen.push(...next.events.map((event) => event.position));
      before = next.nextBefore;
    }
    expect(appended).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
    const log = await backend.store.readAll({ after: null, maxCount: 10_000 });
    expect(seen).toEqual(
      log
        .map((event) => event.position as string)
        .filter((position) => position <= top)
        .reverse(),
    );
  });

  it('holds back an event committed out of order until it is readable, so the pages after it cannot miss one', async () => {
    // A slow append: its transaction takes a log position first and commits last.
    const slow = new pg.Client({ connectionString: backend.config.databaseUrl! });
    await slow.connect();
    const event = (stream: string) => ({ id: randomUUID(), type: EventName.KeyClaimed, data: { key: stream, ownerId: randomUUID() }, metadata: metadata() });
    try {
      await slow.query('BEGIN');
      await slow.query('SELECT * FROM es.append($1, -2, $2)', ['reservation-slow', JSON.stringify([event('reservation-slow')])]);
      await backend.store.appendToStream('reservation-fast', [event('reservation-fast')], { expectedRevision: 'no_stream' });
      const first = await page('?limit=2');
      await slow.query('COMMIT');
      const top = first.events[0]!.position;
      const seen = first.events.map((e) => e.position);
      for (let before = first.nextBefore; before;) {
        const next = await page(`?limit=2&before=${encodeURIComponent(before)}`);
        seen.push(...next.events.map((e) => e.position));
        before = next.nextBefore;
      }
      // Everything at or below the first page's top is seen exactly once, the slow event too when it sorts there.
      await backend.store.untilReadable();
      const log = await backend.store.readAll({ after: null, maxCount: 10_000 });
      expect(seen).toEqual(
        log
          .map((e) => e.position as string)
          .filter((position) => position <= top)
          .reverse(),
      );
      expect(first.events.map((e) => e.stream)).not.toContain('reservation-fast');
    } finally {
      await slow.query('ROLLBACK').catch(() => undefined);
      await slow.end();
    }
  });

  it('refuses a bad filter with 400 in Swedish naming the field, and answers nothing else', async () => {
    const cases: Array<[string, string]> = [
      ['type=YearExploded', 'type'],
      ['before=42', 'before'],
      [`before=${encodeURIComponent('00000000000000000001/x')}`, 'before'],
      [`before=${encodeURIComponent('99999999999999999999/00000000000000000001')}`, 'before'],
      [`before=${encodeURIComponent('00000000000000000001/99999999999999999999')}`, 'before'],
      [`to=${encodeURIComponent('+275760-09-13')}`, 'to'],
      ['from=0000-01-01', 'from'],
      ['from=1', 'from'],
      ['from=igår', 'from'],
      ['to=2024-13-45', 'to'],
      ['from=2020-02-30', 'from'],
      ['from=2024-05-02&to=2024-05-01', 'to'],
      ['user=någon', 'user'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      [`stream=${'x'.repeat(301)}`, 'stream'],
    ];
    for (const [query, field] of cases) {
      const reply = await admin.get<{ error: string }>(`/api/admin/events?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error, query).toMatch(new RegExp(`^Ogiltiga uppgifter – ${field}: `));
    }
    expect((await admin.get('/api/admin/events/stream')).status).toBe(400);
    expect((await admin.get('/api/admin/events/stream?name=')).status).toBe(400);
  });

  it('never shows a secret: secret-named fields of stored data and metadata are hidden', async () => {
    const stream = `reservation-test-${randomUUID()}`;
    await backend.store.appendToStream(
      stream,
      [
        {
          id: randomUUID(),
          type: EventName.KeyClaimed,
          data: { key: 'k', ownerId: randomUUID(), passwordHash: 'argon-hash-1' },
          metadata: metadata({ resetToken: 'token-1' }),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await backend.store.untilReadable();
    const listed = await admin.get(`/api/admin/events?stream=${stream}`);
    const opened = await admin.get(`/api/admin/events/stream?name=${stream}`);
    for (const reply of [listed, opened]) {
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain('argon-hash-1');
      expect(reply.text).not.toContain('token-1');
    }
    expect((listed.body as { events: LoggedEvent[] }).events[0]!.metadata.resetToken).toBe(REDACTED);
    // No account event carries a password or its hash; the member's password is nowhere in the log.
    expect(JSON.stringify(await page('?limit=200'))).not.toContain(MEMBER.password);
  });
});

describe('the stream view', () => {
  it("steps through a year's stream with its state and diff after each event (the admin history's fold)", async () => {
    await admin.delete(`/api/years/${year.id}`);
    const reply = await admin.get<StreamView>(`/api/admin/events/stream?name=year-${year.id}`);
    expect(reply.status, reply.text).toBe(200);
    const { kind, events } = reply.body;
    expect(kind).toBe('year');
    expect(events.map((event) => event.revision)).toEqual(events.map((_, i) => i));
    expect(events[0]).toMatchObject({ type: EventName.YearCreated, deleted: false, state: { year: 2012, winner: 'Loreen', song: 'Euphoria' } });
    expect(events[0]!.changes).toContainEqual({ field: 'winner', before: null, after: 'Loreen' });
    expect(events[1]).toMatchObject({ type: EventName.YearUpdated, state: { host: 'Gina Dirawi', winner: 'Loreen' } });
    expect(events[1]!.changes).toEqual([{ field: 'host', before: expect.anything(), after: 'Gina Dirawi' }]);
    expect(events[2]!.changes).toEqual([{ field: 'host', before: 'Gina Dirawi', after: 'Helena Bergström' }]);
    const last = events[events.length - 1]!;
    expect(last).toMatchObject({ type: EventName.YearDeleted, deleted: true, changes: [] });
    expect(last.state).toEqual(events[events.length - 2]!.state);
  });

  it('shows the data only for a stream of a kind without a fold, and 404s a stream that does not exist', async () => {
    const claimed = (await page(`?type=${EventName.KeyClaimed}&limit=1`)).events[0]!;
    const reply = await admin.get<StreamView>(`/api/admin/events/stream?name=${encodeURIComponent(claimed.stream)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.kind).toBeNull();
    expect(reply.body.events[0]).toMatchObject({ state: null, changes: [], deleted: false, data: expect.objectContaining({ key: expect.any(String) }) });
    const missing = await admin.get<{ error: string }>(`/api/admin/events/stream?name=year-${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Strömmen finns inte' });
  });
});
