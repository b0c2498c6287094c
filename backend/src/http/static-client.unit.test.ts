import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClient } from './static-client';

let dist: string;
let server: http.Server;
let base: string;
const BUNDLE = `console.log(${JSON.stringify('Melloarkivet '.repeat(2000))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mello-static-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), BUNDLE);
  writeFileSync(path.join(dist, 'og-default.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{"secret":true}');
  const app = new Koa();
  app.use(staticClient(dist));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** Raw bytes and headers: node's http, so nothing decompresses behind the test's back. */
function get(urlPath: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(`${base}${urlPath}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

describe('static client files', () => {
  it('sends built JavaScript brotli-compressed when accepted, cached for a year', async () => {
    const reply = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(reply.body.length).toBeLessThan(BUNDLE.length / 10);
    expect(brotliDecompressSync(reply.body).toString()).toBe(BUNDLE);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(BUNDLE);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
  });

  it('serves images as they are', async () => {
    const reply = await get('/og-default.png', 'br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('image/png');
  });

  it('never serves hidden files or anything outside the build', async () => {
    for (const urlPath of ['/.vite/manifest.json', '/assets/..%2f.vite/manifest.json', '/assets/%2e%2e/%2e%2e/etc/passwd']) {
      const reply = await get(urlPath, 'br');
      const text = reply.headers['content-encoding'] === 'br' ? brotliDecompressSync(reply.body).toString() : reply.body.toString();
      expect(text, urlPath).not.toContain('secret');
      expect(text, urlPath).not.toContain('root:');
      expect(reply.headers['content-type'], urlPath).toMatch(/^text\/html/);
    }
  });

  it("answers a path koa-send refuses to read (a NUL) with the not-found page, not its English 'Malicious Path'", async () => {
    for (const urlPath of ['/%00', '/assets/x%00.js']) {
      const reply = await get(urlPath);
      // The page answer of any unknown address (the server-rendered one is a 404; this bare server has no renderer).
      expect(reply.status, urlPath).toBeLessThan(500);
      expect(reply.status, urlPath).not.toBe(400);
      expect(reply.headers['content-type'], urlPath).toMatch(/^text\/html/);
      expect(reply.body.toString(), urlPath).not.toContain('Malicious');
    }
  });

  it('sends an artist or songwriter address typed in capitals to its lower-case slug, query and all (301)', async () => {
    for (const [typed, canonical] of [
      ['/artist/ABBA', '/artist/abba'],
      ['/artist/Carola-Haggkvist?x=1', '/artist/carola-haggkvist?x=1'],
      ['/songwriter/Benny-Andersson', '/songwriter/benny-andersson'],
    ]) {
      const reply = await get(typed!);
      expect(reply.status, typed).toBe(301);
      expect(reply.headers.location, typed).toBe(canonical);
    }
    // Lower case already, or no slug whatever its case (a page, or the not-found page): no redirect.
    for (const typed of ['/artist/abba', '/artist/AB%20BA', '/years']) expect((await get(typed)).headers.location, typed).toBeUndefined();
  });

  it('compresses the page HTML too', async () => {
    const reply = await get('/years', 'gzip');
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const html = reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.body).toString() : reply.body.toString();
    expect(html).toContain('<title data-page-meta>');
    expect(html).toContain('<div id="root"></div>');
  });
});
