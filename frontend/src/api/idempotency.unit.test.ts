import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './http';
import { SubmissionKeys, idempotentMutationFn, newIdempotencyKey } from './idempotency';

type Attempt = { input: unknown; key: string };

/** A server stand-in that answers each attempt with the next planned outcome and records the key it was sent. */
function plannedServer(outcomes: Array<Error | 'ok'>) {
  const attempts: Attempt[] = [];
  const send = async (input: unknown, headers: Record<string, string>) => {
    attempts.push({ input, key: headers['Idempotency-Key']! });
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    return { id: 'skapad' };
  };
  return { attempts, send };
}

const post = { title: 'Saknas: mellanakten 1975', content: 'Finns den bevarad?' };
const lost = () => new NetworkError(new TypeError('fetch failed'));

describe('a create mutation with Idempotency-Key, under React Query', () => {
  it('sends the same key on each retry of one submission, then a new one for the next submission', async () => {
    const server = plannedServer([lost(), new ApiError(503, 'Service Unavailable', '{"error":"Databasen är inte nåbar"}'), 'ok', 'ok']);
    const keys = new SubmissionKeys();
    const observer = new MutationObserver(new QueryClient(), { mutationFn: idempotentMutationFn(keys, server.send), retry: 2, retryDelay: 0 });

    expect(await observer.mutate(post)).toEqual({ id: 'skapad' });
    expect(server.attempts).toHaveLength(3);
    const [first] = server.attempts;
    expect(first!.key).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(server.attempts.map((attempt) => attempt.key)).toEqual([first!.key, first!.key, first!.key]);

    await observer.mutate(post); // the same text posted again on purpose, after success: a new submission
    expect(server.attempts[3]!.key).not.toBe(first!.key);
  });
});

describe('SubmissionKeys', () => {
  const numbered = () => {
    let n = 0;
    return new SubmissionKeys(() => `k${(n += 1)}`);
  };

  it('keeps the key while the same content is resent with its outcome unknown (no answer, 5xx, still running)', () => {
    const keys = numbered();
    expect(keys.keyFor(post)).toBe('k1');
    keys.settled(post, lost());
    expect(keys.keyFor({ content: post.content, title: post.title })).toBe('k1'); // same content, other key order
    keys.settled(post, new ApiError(500, 'Internal Server Error', ''));
    keys.settled(post, new ApiError(409, 'Conflict', JSON.stringify({ error: IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE })));
    expect(keys.keyFor(post)).toBe('k1');
  });

  it('takes a new key when the content changes, after success, and after a definite refusal', () => {
    const keys = numbered();
    expect(keys.keyFor(post)).toBe('k1');
    expect(keys.keyFor({ ...post, title: 'Saknas: mellanakten 1976' })).toBe('k2');
    keys.settled({ ...post, title: 'Saknas: mellanakten 1976' }, null);
    expect(keys.keyFor(post)).toBe('k3');
    keys.settled(post, new ApiError(409, 'Conflict', JSON.stringify({ error: 'Året 1975 finns redan' })));
    expect(keys.keyFor(post)).toBe('k4');
    keys.settled(post, new ApiError(400, 'Bad Request', JSON.stringify({ error: 'Ogiltiga uppgifter' })));
    expect(keys.keyFor(post)).toBe('k5');
  });

  it('an answer to an older content does not drop the key of the current one', () => {
    const keys = numbered();
    keys.keyFor(post);
    expect(keys.keyFor({ ...post, title: 'Ändrad' })).toBe('k2');
    keys.settled(post, null);
    expect(keys.keyFor({ ...post, title: 'Ändrad' })).toBe('k2');
  });
});

it('newIdempotencyKey makes distinct version-4 UUIDs', () => {
  const made = new Set(Array.from({ length: 50 }, newIdempotencyKey));
  expect(made.size).toBe(50);
  for (const key of made) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
