import { describe, expect, it } from 'vitest';
import { keyedSerial } from './keyed-serial';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('keyedSerial', () => {
  it("runs one key's tasks one after another in the order given, other keys' beside them, and goes on after a failure", async () => {
    const serial = keyedSerial();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`${name} start`);
        await tick();
        await tick();
        log.push(`${name} end`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([serial('a', task('a1')), serial('a', task('a2', true)), serial('a', task('a3')), serial('b', task('b1'))]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(results[1]!.status).toBe('rejected');
    const ofA = log.filter((line) => line.startsWith('a'));
    expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    expect(most).toBe(2); // b1 ran beside a1
  });
});
