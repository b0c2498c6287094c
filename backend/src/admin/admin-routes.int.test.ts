import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleVideo, sampleYear, startTestBackend, TEST_ADMIN, type TestBackend } from '../../test/harness';
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
    const head = await backend.store.headPosition();
    for (const path of paths) {
      for (const method of methods) {
        const send = (client: ApiClient) => rawRequest(backend.url, method, path, { headers: { Cookie: client.cookieHeader, 'Content-Type': 'application/json' }, body: '{}' });
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
    expect(await backend.store.headPosition()).toEqual(head);
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

  it('brings a deleted year back with its number, refuses to restore a deleted version, and 404s what does not exist', async () => {
    const created = (await admin.post('/api/years', sampleYear({ year: 1999, winner: 'Charlotte Nilsson', song: 'Tusen och en natt' }))).body;
    await admin.delete(`/api/years/${created.id}`);
    expect((await visitor.get('/api/years/by-year/1999')).status).toBe(404);
    const deleted = await admin.post(`/api/admin/history/year/${created.id}/restore`, { revision: 1 });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toContain('raderad');
    expect((await admin.post(`/api/admin/history/year/${created.id}/restore`, { revision: 0 })).status).toBe(200);
    expect((await visitor.get('/api/years/by-year/1999')).body).toMatchObject({ id: created.id, winner: 'Charlotte Nilsson' });
    expect((await admin.get(`/api/admin/history/year/${created.id}`)).body.entries.map((e: { type: string; action: string }) => `${e.type} ${e.action}`)).toEqual([
      'YearCreated created',
      'YearDeleted deleted',
      'YearCreated restored',
    ]);

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
