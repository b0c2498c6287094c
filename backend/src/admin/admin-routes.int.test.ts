import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleVideo, sampleYear, startTestBackend, TEST_ADMIN, type TestBackend, logHead } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';

let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  member = new ApiClient(backend.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  visitor = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the audit API', () => {
  it('is for the administrator only: 401 for visitors, 403 for members, on every call', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/history'],
      ['GET', `/api/admin/history/year/${UNKNOWN}`],
      ['GET', `/api/admin/history/year/${UNKNOWN}/versions/0`],
      ['POST', `/api/admin/history/year/${UNKNOWN}/restore`, { revision: 0 }],
      ['GET', '/api/admin/status'],
      ['GET', '/api/admin/events'],
      ['GET', `/api/admin/events/stream?name=year-${UNKNOWN}`],
      // The Drift tab (maintenance/drift-console.int.test.ts tries them across two processes).
      ['GET', '/api/admin/drift'],
      ['POST', '/api/admin/drift/rebuilds', { target: 'all' }],
      ['POST', `/api/admin/drift/rebuilds/${UNKNOWN}/cancel`],
      ['POST', '/api/admin/drift/projections/years/retry'],
    ];
    for (const [method, url, json] of calls) {
      expect((await visitor.request(method, url, { json })).status, `${method} ${url}`).toBe(401);
      const refused = await member.request(method, url, { json });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body).toEqual({ error: 'Endast administratören får göra detta' });
    }
  });

  it("hides the area's shape: any method on any address under /api/admin, however spelled, is 401/403 before 404 or 405", async () => {
    const paths = [
      '/api/admin',
      '/api/admin/',
      '/api/admin/nothing-here',
      '/api/admin/history/x',
      '/api/admin/%2e%2e/',
      '/api/admin/%2e%2e/years',
      '/api/%61dmin/status',
      '/api//admin/status',
    ];
    const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'OPTIONS', 'TRACE'];
    const head = await logHead(backend);
    for (const path of paths) {
      for (const method of methods) {
        const send = (client: ApiClient) =>
          rawRequest(backend.url, method, path, { headers: { Cookie: client.cookieHeader, 'Content-Type': 'application/json' }, body: '{}' });
        const name = `${method} ${path}`;
        const asVisitor = await send(visitor);
        expect(asVisitor.status, name).toBe(401);
        expect(asVisitor.headers.allow, name).toBeUndefined();
        const asMember = await send(member);
        expect(asMember.status, name).toBe(403);
        if (method !== 'HEAD') expect(asMember.json, name).toEqual({ error: 'Endast administratören får göra detta' });
        expect((await send(admin)).status, name).toBe(404);
      }
    }
    // A known address asked with another method: the admin is told 405, nobody else learns that it exists.
    for (const method of ['DELETE', 'TRACE']) {
      expect((await rawRequest(backend.url, method, '/api/admin/status', { headers: { Cookie: visitor.cookieHeader } })).status, method).toBe(401);
      expect((await rawRequest(backend.url, method, '/api/admin/status', { headers: { Cookie: member.cookieHeader } })).status, method).toBe(403);
      const asAdmin = await rawRequest(backend.url, method, '/api/admin/status', { headers: { Cookie: admin.cookieHeader } });
      expect(asAdmin.status, method).toBe(405);
      expect(asAdmin.headers.allow, method).toContain('GET');
    }
    expect(await logHead(backend)).toEqual(head);
  });

  it('guards a route reached with its prefix in other letters: @koa/router matches the route but not its guard', async () => {
    for (const path of ['/API/ADMIN/status', '/Api/Admin/history', `/api/ADMIN/history/year/${UNKNOWN}`, '/API/ADMIN/nothing-here']) {
      for (const method of ['GET', 'POST', 'TRACE']) {
        const name = `${method} ${path}`;
        expect((await rawRequest(backend.url, method, path, { headers: { Cookie: visitor.cookieHeader } })).status, name).toBe(401);
        expect((await rawRequest(backend.url, method, path, { headers: { Cookie: member.cookieHeader } })).status, name).toBe(403);
      }
    }
    const asAdmin = await rawRequest(backend.url, 'GET', '/API/ADMIN/status', { headers: { Cookie: admin.cookieHeader } });
    expect(asAdmin.status).toBe(200);
  });

  it("shows an item's timeline oldest first with who, when and a field-by-field diff", async () => {
    const created = (await admin.post('/api/years', sampleYear({ year: 1984, winner: 'Herreys', song: 'Diggi-Loo Diggi-Ley' }))).body;
    await admin.put(`/api/years/${created.id}`, { host: 'Fredrik Belfrage', isClassic: false });
    const reply = await admin.get(`/api/admin/history/year/${created.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ kind: 'year', itemId: created.id, label: '1984 – Herreys', exists: true });
    const [first, second] = reply.body.entries;
    expect(reply.body.entries).toHaveLength(2);
    expect(first).toMatchObject({ revision: 0, type: 'YearCreated', action: 'created', actor: { email: TEST_ADMIN.email, system: false } });
    expect(first.changes).toContainEqual({ field: 'winner', before: null, after: 'Herreys' });
    expect(second).toMatchObject({ revision: 1, type: 'YearUpdated', action: 'updated' });
    expect(second.changes).toEqual([
      { field: 'host', before: 'Johan Sandström', after: 'Fredrik Belfrage' },
      { field: 'isClassic', before: true, after: false },
    ]);
    expect(Date.parse(second.at)).toBeGreaterThanOrEqual(Date.parse(first.at));
  });

  it('shows any version, and restoring one appends an event that the read model follows', async () => {
    const created = (await admin.post('/api/videos', sampleVideo({ title: 'Främling', artist: 'Carola', year: 1983 }))).body;
    await admin.put(`/api/videos/${created.id}`, { title: 'Främling (live)' });
    const version = await admin.get(`/api/admin/history/video/${created.id}/versions/0`);
    expect(version.body).toMatchObject({ revision: 0, deleted: false, item: { id: created.id, title: 'Främling', artist: 'Carola' } });

    const restored = await admin.post(`/api/admin/history/video/${created.id}/restore`, { revision: 0 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: created.id, title: 'Främling' });
    const videos = (await visitor.get('/api/videos')).body as Array<{ id: string; title: string }>;
    expect(videos.find((video) => video.id === created.id)!.title).toBe('Främling');
    const timeline = (await admin.get(`/api/admin/history/video/${created.id}`)).body;
    expect(timeline.entries.map((entry: { action: string }) => entry.action)).toEqual(['created', 'updated', 'restored']);
    expect(timeline.entries[2]).toMatchObject({ type: 'VideoUpdated', restoredFrom: 0 });
    expect(timeline.entries[2].changes).toEqual([{ field: 'title', before: 'Främling (live)', after: 'Främling' }]);
    // The site-wide history says so too.
    const history = (await admin.get('/api/admin/history?kind=video')).body.entries as Array<{ itemId: string; action: string }>;
    expect(history.filter((entry) => entry.itemId === created.id).map((entry) => entry.action)).toEqual(['restored', 'updated', 'created']);
  });

  it('a deleted video restored comes back to its place in the list, not to the end', async () => {
    const titles = ['Plats ett', 'Plats två', 'Plats tre'];
    const made: Array<{ id: string }> = [];
    for (const title of titles) made.push((await admin.post('/api/videos', sampleVideo({ title, artist: 'Platshållarna', year: 1990 }))).body);
    const order = async () =>
      ((await visitor.get('/api/videos')).body as Array<{ title: string }>).map((video) => video.title).filter((title) => titles.includes(title));
    const before = await order();
    expect(before).toHaveLength(3);
    await admin.delete(`/api/videos/${made[0]!.id}`);
    expect(await order()).toEqual(before.filter((title) => title !== 'Plats ett'));
    expect((await admin.post(`/api/admin/history/video/${made[0]!.id}/restore`, { revision: 0 })).status).toBe(200);
    expect(await order()).toEqual(before);
  });

  it('brings a deleted year back with its number, refuses to restore a deleted version, and 404s what does not exist', async () => {
    const created = (await admin.post('/api/years', sampleYear({ year: 1999, winner: 'Charlotte Nilsson', song: 'Tusen och en natt' }))).body;
    await admin.delete(`/api/years/${created.id}`);
    expect((await visitor.get('/api/years/by-year/1999')).status).toBe(404);
    const deleted = await admin.post(`/api/admin/history/year/${created.id}/restore`, { revision: 1 });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toContain('raderad');
    expect((await admin.post(`/api/admin/history/year/${created.id}/restore`, { revision: 0 })).status).toBe(200);
    expect((await visitor.get('/api/years/by-year/1999')).body).toMatchObject({ id: created.id, winner: 'Charlotte Nilsson' });
    expect(
      (await admin.get(`/api/admin/history/year/${created.id}`)).body.entries.map((e: { type: string; action: string }) => `${e.type} ${e.action}`),
    ).toEqual(['YearCreated created', 'YearDeleted deleted', 'YearCreated restored']);

    expect((await admin.get(`/api/admin/history/year/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.get('/api/admin/history/planet/x')).status).toBe(404);
    expect((await admin.get(`/api/admin/history/year/${created.id}/versions/99`)).status).toBe(404);
    expect((await admin.post(`/api/admin/history/year/${created.id}/restore`, { revision: 'x' })).status).toBe(400);
    const post = (await member.post('/api/forum/posts', { title: 'Inte återställbar', content: 'Ett forum-inlägg här.' })).body;
    expect((await admin.post(`/api/admin/history/forum-post/${post.id}/restore`, { revision: 0 })).status).toBe(400);
  });

  it('lists the latest events site-wide, filtered by kind, user and dates, in pages, with forum moderation', async () => {
    const post = (await member.post('/api/forum/posts', { title: 'Modereras snart', content: 'Ett inlägg som admin tar bort.' })).body;
    await admin.delete(`/api/forum/posts/${post.id}`);

    const latest = await admin.get('/api/admin/history?limit=5');
    expect(latest.status).toBe(200);
    expect(latest.body.entries).toHaveLength(5);
    expect(latest.body.entries[0]).toMatchObject({
      kind: 'forum-post',
      action: 'deleted',
      itemId: post.id,
      label: 'Modereras snart',
      contentAuthor: 'Mia Medlem',
      exists: false,
      actor: { email: TEST_ADMIN.email },
    });
    const positions = latest.body.entries.map((entry: { position: string }) => entry.position);
    expect([...positions].sort().reverse()).toEqual(positions);

    const next = await admin.get(`/api/admin/history?limit=5&before=${encodeURIComponent(latest.body.nextBefore)}`);
    expect(next.body.entries[0].position < positions[4]).toBe(true);

    const byMember = (await admin.get('/api/admin/history?user=mia@example.se')).body.entries;
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((entry: { actor: { email: string } }) => entry.actor.email === 'mia@example.se')).toBe(true);
    const years = (await admin.get('/api/admin/history?kind=year&limit=200')).body;
    expect(years.entries.every((entry: { kind: string }) => entry.kind === 'year')).toBe(true);
    expect(years.nextBefore).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/history?from=${today}&to=${today}`)).body.entries.length).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/history?to=2000-01-01')).body.entries).toEqual([]);
    for (const bad of ['kind=planet', 'limit=0', 'limit=500', 'from=igår']) {
      expect((await admin.get(`/api/admin/history?${bad}`)).status, bad).toBe(400);
    }
  });

  it('refuses a date or cursor the log cannot hold with 400 naming the field, as the event browser does (they were 500s or ignored)', async () => {
    const cases: Array<[string, string]> = [
      ['from=0000-01-01', 'from'],
      ['from=10000-01-01', 'from'],
      [`from=${encodeURIComponent('275760-09-13')}`, 'from'],
      [`from=${encodeURIComponent('-000001-01-01')}`, 'from'],
      [`to=${encodeURIComponent('-271821-04-20')}`, 'to'],
      ['from=2020-02-30', 'from'],
      ['to=1', 'to'],
      [`to=${encodeURIComponent('March 7')}`, 'to'],
      [`to=${encodeURIComponent('12/31/2020')}`, 'to'],
      ['from=2024-05-02&to=2024-05-01', 'to'],
      ['before=abc', 'before'],
    ];
    for (const [query, field] of cases) {
      const reply = await admin.get<{ error: string }>(`/api/admin/history?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error, query).toMatch(new RegExp(`^Ogiltiga uppgifter – ${field}: `));
    }
    // A whole day, and a leap day, are still ranges the history answers.
    expect((await admin.get('/api/admin/history?from=2024-02-29&to=2024-02-29')).status).toBe(200);
  });

  it("reports each projection's checkpoint, lag and last error", async () => {
    await backend.runner.catchUp();
    const status = await admin.get('/api/admin/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ search: 'postgres', eventStore: 'postgres', head: expect.any(String) });
    const names = status.body.projections.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['years', 'videos', 'articles', 'forum', 'audit', 'search_years']));
    for (const projection of status.body.projections) expect(projection).toMatchObject({ behind: 0, lastError: null });
  });
});

describe('the history of entries, artists and sources', () => {
  let artistId: string;
  const entry = (overrides: Record<string, unknown> = {}) => ({ year: 2012, artistId, song: 'Euphoria', heat: 1, runningOrder: 1, ...overrides });
  const heat1 = async () =>
    ((await visitor.get('/api/years/by-year/2012/lineup')).body.shows[0].entries as Array<{ id: string; song: string; runningOrder: number | null }>).map(
      (e) => [e.song, e.runningOrder],
    );

  beforeAll(async () => {
    await admin.post('/api/years', sampleYear({ year: 2012, winner: 'Loreen', song: 'Euphoria' }));
    artistId = (await admin.post('/api/artists', { name: 'Loreen' })).body.id;
  });

  it("shows an entry's timeline titled '2012 · Loreen – Euphoria', and restoring the first version moves it back in the lineup", async () => {
    const created = (await admin.post('/api/entries', entry())).body;
    expect((await admin.put(`/api/entries/${created.id}`, { runningOrder: 2, finalPoints: 268 })).status).toBe(200);
    expect(await heat1()).toEqual([['Euphoria', 2]]);

    const timeline = (await admin.get(`/api/admin/history/entry/${created.id}`)).body;
    expect(timeline).toMatchObject({ kind: 'entry', itemId: created.id, label: '2012 · Loreen – Euphoria', exists: true });
    expect(timeline.entries.map((e: { type: string; action: string }) => `${e.type} ${e.action}`)).toEqual(['EntryCreated created', 'EntryUpdated updated']);
    expect(timeline.entries[0].actor).toMatchObject({ email: TEST_ADMIN.email, system: false });
    // In the stored event's key order (jsonb's); the screen puts them in the form's order (audit-labels.ts).
    const byField = (changes: Array<{ field: string }>) => [...changes].sort((a, b) => a.field.localeCompare(b.field));
    expect(byField(timeline.entries[1].changes)).toEqual([
      { field: 'finalPoints', before: null, after: 268 },
      { field: 'runningOrder', before: 1, after: 2 },
    ]);
    expect((await admin.get(`/api/admin/history/entry/${created.id}/versions/0`)).body).toMatchObject({
      kind: 'entry',
      deleted: false,
      item: { id: created.id, artist: 'Loreen', song: 'Euphoria', runningOrder: 1, finalPoints: null },
    });

    const restored = await admin.post(`/api/admin/history/entry/${created.id}/restore`, { revision: 0 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: created.id, runningOrder: 1, finalPoints: null });
    expect(await heat1()).toEqual([['Euphoria', 1]]);
    const after = (await admin.get(`/api/admin/history/entry/${created.id}`)).body;
    expect(after.entries[2]).toMatchObject({ type: 'EntryUpdated', action: 'restored', restoredFrom: 0 });
    expect(byField(after.entries[2].changes)).toEqual([
      { field: 'finalPoints', before: 268, after: null },
      { field: 'runningOrder', before: 2, after: 1 },
    ]);
    // The site-wide log lists entries under their own kind, with the same title.
    const log = (await admin.get('/api/admin/history?kind=entry')).body.entries as Array<{
      itemId: string;
      kind: string;
      action: string;
      label: string;
      exists: boolean;
    }>;
    expect(log.every((row) => row.kind === 'entry')).toBe(true);
    expect(log.filter((row) => row.itemId === created.id).map((row) => [row.action, row.label, row.exists])).toEqual([
      ['restored', '2012 · Loreen – Euphoria', true],
      ['updated', '2012 · Loreen – Euphoria', true],
      ['created', '2012 · Loreen – Euphoria', true],
    ]);
  });

  it('refuses to restore an entry into a running order another entry took since (409 in Swedish), appending nothing to it', async () => {
    const created = (await admin.post('/api/entries', entry({ song: 'Sanningen', runningOrder: 5 }))).body;
    await admin.put(`/api/entries/${created.id}`, { runningOrder: 6 });
    const other = (await admin.post('/api/entries', entry({ song: 'Annan', runningOrder: 5 }))).body;
    const before = await heat1();
    const revisions = (await backend.store.readStream(`entry-${created.id}`)).length;

    const taken = await admin.post(`/api/admin/history/entry/${created.id}/restore`, { revision: 0 });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'Startnummer 5 i deltävling 1 2012 har redan en annan post' });
    expect((await backend.store.readStream(`entry-${created.id}`)).length).toBe(revisions);
    expect(await heat1()).toEqual(before);

    // A deleted entry comes back the same way: only into a free slot.
    await admin.delete(`/api/entries/${created.id}`);
    expect((await admin.post(`/api/admin/history/entry/${created.id}/restore`, { revision: 0 })).status).toBe(409);
    await admin.delete(`/api/entries/${other.id}`);
    expect((await admin.post(`/api/admin/history/entry/${created.id}/restore`, { revision: 0 })).status).toBe(200);
    expect(await heat1()).toContainEqual(['Sanningen', 5]);
    // The freed slot 6 was released by the deletion and slot 5 is held again: another entry may take 6, not 5.
    expect((await admin.post('/api/entries', entry({ song: 'Sexa', runningOrder: 6 }))).status).toBe(201);
    expect((await admin.post('/api/entries', entry({ song: 'Femma', runningOrder: 5 }))).status).toBe(409);
  });

  it("shows an artist's rename in its history, and restoring the first version brings the old name back", async () => {
    const act = (await admin.post('/api/artists', { name: 'The Ark' })).body;
    await admin.put(`/api/artists/${act.id}`, { name: 'The Ark (band)' });
    const timeline = (await admin.get(`/api/admin/history/artist/${act.id}`)).body;
    expect(timeline).toMatchObject({ kind: 'artist', label: 'The Ark (band)', exists: true });
    expect(timeline.entries.map((e: { action: string }) => e.action)).toEqual(['created', 'updated']);
    expect(timeline.entries[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'The Ark', after: 'The Ark (band)' },
        { field: 'aliases', before: [], after: ['The Ark'] },
      ]),
    );
    expect(timeline.entries[1].changes).toHaveLength(2);
    const log = (await admin.get('/api/admin/history?kind=artist')).body.entries as Array<{ itemId: string; action: string; label: string }>;
    expect(log.filter((row) => row.itemId === act.id).map((row) => [row.action, row.label])).toEqual([
      ['updated', 'The Ark (band)'],
      ['created', 'The Ark'],
    ]);

    expect((await admin.post(`/api/admin/history/artist/${act.id}/restore`, { revision: 0 })).status).toBe(200);
    expect((await visitor.get(`/api/artists/${act.slug}`)).body).toMatchObject({ name: 'The Ark', aliases: [] });
    expect((await admin.get(`/api/admin/history/artist/${act.id}`)).body.entries[2]).toMatchObject({ action: 'restored', restoredFrom: 0 });
  });

  it("keeps a deleted source's history, restores it with its key, and refuses while another source holds the key", async () => {
    const source = (await admin.post('/api/sources', { key: 'svt12', description: 'SVT:s resultat 2012' })).body;
    await admin.put(`/api/sources/${source.id}`, { description: 'SVT:s resultatlista för 2012' });
    await admin.delete(`/api/sources/${source.id}`);
    expect((await visitor.get('/api/sources/svt12')).status).toBe(404);

    const timeline = (await admin.get(`/api/admin/history/source/${source.id}`)).body;
    expect(timeline).toMatchObject({ kind: 'source', label: 'svt12', exists: false });
    expect(timeline.entries.map((e: { action: string }) => e.action)).toEqual(['created', 'updated', 'deleted']);
    expect(timeline.entries[1].changes).toEqual([{ field: 'description', before: 'SVT:s resultat 2012', after: 'SVT:s resultatlista för 2012' }]);
    const log = (await admin.get('/api/admin/history?kind=source')).body.entries as Array<{ itemId: string; label: string; exists: boolean }>;
    expect(log.filter((row) => row.itemId === source.id).map((row) => [row.label, row.exists])).toEqual([
      ['svt12', false],
      ['svt12', false],
      ['svt12', false],
    ]);

    const usurper = (await admin.post('/api/sources', { key: 'svt12', description: 'En annan källa' })).body;
    const taken = await admin.post(`/api/admin/history/source/${source.id}/restore`, { revision: 1 });
    expect(taken).toMatchObject({ status: 409, body: { error: 'Källnyckeln "svt12" finns redan' } });
    await admin.delete(`/api/sources/${usurper.id}`);
    expect((await admin.post(`/api/admin/history/source/${source.id}/restore`, { revision: 1 })).status).toBe(200);
    expect((await visitor.get('/api/sources/svt12')).body).toMatchObject({ key: 'svt12', description: 'SVT:s resultatlista för 2012' });
    expect((await admin.get(`/api/admin/history/source/${source.id}`)).body).toMatchObject({
      exists: true,
      entries: [{}, {}, {}, { type: 'SourceCreated', action: 'restored', restoredFrom: 1 }],
    });
  });
});
