import { DatabaseNotAnsweringError } from '@mello/projections';
import type { DatabasePool } from 'slonik';

/** The pool's calls that take a connection for as long as they run (each holds at most one). */
const TAKES_A_CONNECTION = new Set([
  'any',
  'anyFirst',
  'connect',
  'exists',
  'many',
  'manyFirst',
  'maybeOne',
  'maybeOneFirst',
  'one',
  'oneFirst',
  'query',
  'stream',
  'transaction',
]);

/**
 * At most `slots` calls of the pool at once; the others wait here, in order, at most `waitMs`, then fail with
 * DatabaseNotAnsweringError (a 503 in the API). Why: slonik's own queue of callers waiting for a connection is only
 * served when a connection it holds is released or destroyed. When the database hangs, the connections being opened
 * fail instead, which serves nobody, and the callers queued behind them waited for ever (a frozen database and eight
 * searches at once on the search pool's five connections: the eighth never answered, and a server-rendered search
 * page, which asks seven at once, hung and kept its render slot). With no more calls than connections, slonik never
 * queues, and every call that finishes here, whatever its outcome, lets the next one in.
 */
export function withPoolSlots(pool: DatabasePool, slots: number, waitMs: number): DatabasePool {
  let running = 0;
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  const next = () => {
    running -= 1;
    const waiter = waiting.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      running += 1;
      waiter.start();
    }
  };
  const slot = (): Promise<void> => {
    if (running < slots) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new DatabaseNotAnsweringError(waitMs));
        }, waitMs),
      };
      waiting.push(waiter);
    });
  };
  // Each call that takes a connection, wrapped once (not on every property read: these are every query's path).
  const limited = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  for (const name of TAKES_A_CONNECTION) {
    const call = Reflect.get(pool, name) as unknown;
    if (typeof call !== 'function') continue;
    limited.set(name, async (...args: unknown[]) => {
      await slot();
      try {
        return await (call as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
      } finally {
        next();
      }
    });
  }
  return new Proxy(pool, {
    get: (target, property, receiver) => (typeof property === 'string' && limited.get(property)) || Reflect.get(target, property, receiver),
  });
}
