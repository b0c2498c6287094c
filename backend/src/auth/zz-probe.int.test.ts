import { afterAll, beforeAll, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

let backend: TestBackend;
beforeAll(async () => { backend = await startTestBackend(); });
afterAll(async () => { await backend?.stop(); });

it('probe', async () => {
  const show = (label: string, r: any) => console.log(label, r.status, JSON.stringify(r.body)?.slice(0, 200), r.headers.get('location'));
  const anon = new ApiClient(backend.url);
  show('anon csrf', await anon.post('/api/years', sampleYear({ year: 1975 }), { origin: 'https://evil.com' }));
  show('anon csrf ref', await anon.post('/api/years', sampleYear({ year: 1975 }), { referer: 'https://evil.com/' }));
  show('anon csrf login', await anon.post('/api/auth/login', { email: 'x@y.se', password: 'abcdefgh' }, { origin: 'https://evil.com' }));
  const admin = await adminClient(backend);
  show('csrf', await admin.post('/api/years', sampleYear({ year: 1975 }), { origin: 'https://evil.com' }));
  show('login ref', await anon.get('/api/login', { referer: `${backend.url}/forum?x=1` }));
  console.log(backend.url, backend.config.publicOrigin);
});
