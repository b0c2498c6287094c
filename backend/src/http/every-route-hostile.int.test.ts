import * as contracts from '@mello/contracts';
import { collectContracts, objectFields, type RouteContract } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminClient, ApiClient, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * Every route of every contract, over real HTTP against the whole backend, as a visitor, a member and the
 * administrator, with hostile path parameters, query strings and bodies: no answer is a 5xx, every refusal is a
 * JSON `{ error }`, and the server still answers afterwards. The routes come from the contracts themselves, so a
 * route added later is swept too.
 */

const PARAMS = [
  'x'.repeat(3000),
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '1e309',
  '%E2%82',
  "1'%20OR%201%3D1--",
  '00000000-0000-0000-0000-000000000000',
  '99999999999999999999',
];
const QUERY = `?page=-1&limit=999999999&pageSize=1e309&q=${encodeURIComponent('ä'.repeat(2000))}&q=x&sort[$gt]=1&cursor=%00&year=abc&__proto__=1&kind=%E2%82`;
const BODIES: Array<{ label: string; body: string }> = [
  { label: 'invalid JSON', body: '{"a":' },
  { label: 'an array', body: '[]' },
  { label: 'null', body: 'null' },
  { label: 'a string', body: '"x"' },
  { label: 'a number', body: '1e309' },
  { label: '__proto__', body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}' },
  { label: 'deep nesting', body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { label: '2 MB', body: JSON.stringify({ text: 'x'.repeat(2_000_000) }) },
];
/** Bodies that are not JSON, or say they are not. */
const CONTENT_TYPES: Array<{ type: string; body: string }> = [
  { type: 'text/plain', body: '{"title":"x"}' },
  { type: 'application/x-www-form-urlencoded', body: 'title=x&title=y&__proto__[admin]=1' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--' },
  { type: 'application/json; charset=latin1', body: '{"title":"\u00e4"}' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
];
/** Values of the wrong kind for every field a body names: objects, arrays, huge text, extreme numbers, null. */
const FIELD_VALUES: unknown[] = [{ $gt: '' }, ['a', 1], 'x'.repeat(200_000), -1e308, null, true, 'a\u0000b', '\ud800'];
/** Values for every query parameter a contract names (text in the address): NUL, broken UTF-8, huge, extreme, twice. */
const QUERY_VALUES = ['%00', '%E2%82', encodeURIComponent('x'.repeat(5000)), '-1', '1e309', '%ED%A0%80'];

const fieldsOf = (schema: z.ZodTypeAny | undefined): string[] => objectFields(schema)?.map((field) => field.name) ?? [];

/** One request, cut off after 15 s (a hang is a failure too); a streaming answer is judged by its status. */
const send = (client: ApiClient, method: string, url: string, body: string | undefined, contentType = 'application/json') =>
  client.request(method, url, { body, headers: body === undefined ? {} : { 'content-type': contentType }, timeoutMs: 15_000 });

function requestsFor(contract: RouteContract): Array<{ url: string; what: string; body?: string; contentType?: string }> {
  const hasParams = contract.path.includes(':');
  const paths = hasParams ? PARAMS.map((value) => ({ url: contract.path.replace(/:\w+/g, value), what: `path ${value.slice(0, 24)}` })) : [];
  const base = contract.path.replace(/:\w+/g, '00000000-0000-0000-0000-000000000000');
  const queries = fieldsOf(contract.query).flatMap((field) => [
    ...QUERY_VALUES.map((value) => ({ url: `${base}?${field}=${value}`, what: `query ${field}=${value.slice(0, 12)}` })),
    { url: `${base}?${field}=a&${field}=b`, what: `query ${field} twice` },
  ]);
  const requests = [...paths, { url: `${base}${QUERY}`, what: 'hostile query' }, ...queries];
  if (contract.method === 'GET') return requests;
  const fieldBodies = fieldsOf(contract.body).flatMap((field) =>
    FIELD_VALUES.map((value) => ({ label: `${field} = ${JSON.stringify(value)?.slice(0, 20)}`, body: JSON.stringify({ [field]: value }) })),
  );
  return [
    ...requests,
    ...[...BODIES, ...fieldBodies].map(({ label, body }) => ({ url: base, what: `body: ${label}`, body })),
    ...CONTENT_TYPES.map(({ type, body }) => ({ url: base, what: `body as ${type}`, body, contentType: type })),
  ];
}

let backend: TestBackend;
const routes = collectContracts(contracts as Record<string, unknown>);

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.stop();
});

describe('every route of the contracts, with hostile input', () => {
  it('is swept: the contracts name the routes', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('never answers a 5xx, refuses in JSON { error }, and the server answers afterwards', { timeout: 600_000 }, async () => {
    let memberCount = 0;
    const member = async () => {
      const client = new ApiClient(backend.url);
      memberCount += 1;
      await client.register(`hostile-${memberCount}@example.se`);
      return client;
    };
    const who: Record<string, () => Promise<ApiClient>> = {
      visitor: async () => new ApiClient(backend.url),
      member,
      admin: () => adminClient(backend),
    };
    const bad: string[] = [];
    let sent = 0;
    for (const [name, signIn] of Object.entries(who)) {
      let client = await signIn();
      for (const contract of routes) {
        for (const request of requestsFor(contract)) {
          const answer = await send(client, contract.method, request.url, request.body, request.contentType);
          sent += 1;
          const where = `${name} ${contract.method} ${request.url.slice(0, 80)} (${request.what}): ${answer.status}`;
          const type = answer.headers.get('content-type') ?? '';
          if (answer.status >= 500) bad.push(`${where} ${answer.text.slice(0, 160)}`);
          else if (answer.status >= 400) {
            const error = (answer.body as { error?: unknown } | null | undefined)?.error;
            if (!type.startsWith('application/json') || typeof error !== 'string' || error === '') {
              bad.push(`${where} not a JSON { error }: ${type} ${answer.text.slice(0, 120)}`);
            }
          }
        }
        // Signing out (or anything else under /api/auth) may end the session: sign in again for the next route.
        if (contract.path.startsWith('/api/auth/') && name !== 'visitor') client = await signIn();
      }
    }
    expect(bad).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
    const after = await new ApiClient(backend.url).get('/api/years');
    expect(after.status).toBe(200);
  });
});
