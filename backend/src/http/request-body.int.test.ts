import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend, logHead } from '../../test/harness';
import { rawRequest, type RawReply } from '../../test/raw-http';
import { createLogger } from '../observability/logger';
import { capturedLines } from '../observability/test-log-lines';
import {
  BODY_ENCODINGS,
  corruptEncodingMessage,
  INVALID_JSON_MESSAGE,
  NOT_JSON_MESSAGE,
  TOO_LARGE_MESSAGE,
  unsupportedCharsetMessage,
  unsupportedEncodingMessage,
} from './json-body';

/**
 * A write whose body cannot be read, over real HTTP against the whole backend: an unknown or stacked
 * Content-Encoding (415 with Accept-Encoding, RFC 7694), bytes that are not what their coding says (400), more
 * than the limit once unpacked (413), another content type or charset (415), malformed JSON (400). Each is a
 * Swedish JSON `{ error }`, stores nothing and logs nothing at level error.
 */

const logs = capturedLines();
let backend: TestBackend;
let admin: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({}, { backend: { logger: createLogger({ level: 'debug', destination: logs }) } });
  admin = await adminClient(backend);
});
afterAll(async () => {
  await backend?.stop();
});

/** A year that would be stored if its body were read. */
const YEAR = 1990;
const yearJson = Buffer.from(JSON.stringify(sampleYear({ year: YEAR })));

const post = (body: Buffer, headers: Record<string, string>) =>
  rawRequest(backend.url, 'POST', '/api/years', { body, headers: { 'Content-Type': 'application/json', Cookie: admin.cookieHeader, ...headers } });

const errorLines = () => logs.lines.filter((line) => line.level === 'error' || line.level === 'fatal');

/** The status and body, with the reply's Content-Type checked to be JSON. */
const answer = (reply: RawReply) => {
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  return { status: reply.status, body: reply.json };
};

describe('a body that cannot be read changes nothing and logs no error', () => {
  let head: unknown;
  beforeAll(async () => {
    head = await logHead(backend);
  });

  it('an unsupported Content-Encoding is a 415 naming it, with the accepted codings in Accept-Encoding', async () => {
    for (const coding of ['x-unknown', 'gzip, identity', 'compress', 'zstd']) {
      const reply = await post(coding.startsWith('gzip') ? zlib.gzipSync(yearJson) : yearJson, { 'Content-Encoding': coding });
      expect(answer(reply), coding).toEqual({ status: 415, body: { error: unsupportedEncodingMessage(coding) } });
      expect(reply.headers['accept-encoding']?.split(/,\s*/), coding).toEqual([...BODY_ENCODINGS]);
    }
    expect(unsupportedEncodingMessage('x-unknown')).toBe('Innehållets kodning stöds inte (Content-Encoding: x-unknown); använd gzip, deflate, br eller ingen');
  });

  it('bytes that are not what their supported coding says are a 400', async () => {
    const garbage = Buffer.from('inte alls komprimerat');
    const cases: Array<[string, Buffer]> = [
      ['gzip', garbage],
      ['deflate', garbage],
      ['br', garbage],
      ['gzip', zlib.gzipSync(yearJson).subarray(0, 20)],
    ];
    for (const [coding, body] of cases) {
      expect(answer(await post(body, { 'Content-Encoding': coding })), coding).toEqual({ status: 400, body: { error: corruptEncodingMessage(coding) } });
    }
  });

  it('more than the limit once unpacked (10 MB of zeros, gzipped to a few kB) is a 413', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, '0'));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(answer(await post(bomb, { 'Content-Encoding': 'gzip' }))).toEqual({ status: 413, body: { error: TOO_LARGE_MESSAGE } });
  });

  it('another content type is a 415, and so is a charset other than UTF-8', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expect(answer(await post(yearJson, { 'Content-Type': type })), type).toEqual({ status: 415, body: { error: NOT_JSON_MESSAGE } });
    }
    for (const charset of ['iso-8859-1', 'utf-16', 'windows-1252']) {
      const reply = await post(yearJson, { 'Content-Type': `application/json; charset=${charset}` });
      expect(answer(reply), charset).toEqual({ status: 415, body: { error: unsupportedCharsetMessage(charset) } });
    }
  });

  it('malformed JSON, plain or gzipped, is a 400', async () => {
    expect(answer(await post(Buffer.from('{"year":'), {}))).toEqual({ status: 400, body: { error: INVALID_JSON_MESSAGE } });
    expect(answer(await post(zlib.gzipSync('{"year":'), { 'Content-Encoding': 'gzip' }))).toEqual({ status: 400, body: { error: INVALID_JSON_MESSAGE } });
  });

  it('stored nothing and logged nothing at level error', async () => {
    expect(await logHead(backend)).toEqual(head);
    expect((await admin.get(`/api/years/by-year/${YEAR}`)).status).toBe(404);
    expect(errorLines()).toEqual([]);
    const statuses = logs.lines.filter((line) => line.msg === 'request' && line.route === '/api/years').map((line) => line.status);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.every((status) => typeof status === 'number' && status >= 400 && status < 500)).toBe(true);
  });
});

describe('a readable body', () => {
  it('may come gzipped (the coding named in any case), as UTF-8 by name, and is stored', async () => {
    const first = await post(zlib.gzipSync(JSON.stringify(sampleYear({ year: 1991 }))), { 'Content-Encoding': 'GZip' });
    expect(first.status).toBe(201);
    const second = await post(zlib.brotliCompressSync(JSON.stringify(sampleYear({ year: 1992 }))), {
      'Content-Encoding': 'br',
      'Content-Type': 'application/json; charset=UTF-8',
    });
    expect(second.status).toBe(201);
    expect((await admin.get('/api/years/by-year/1991')).body).toMatchObject({ year: 1991, winner: 'ABBA' });
    expect((await admin.get('/api/years/by-year/1992')).status).toBe(200);
  });
});
