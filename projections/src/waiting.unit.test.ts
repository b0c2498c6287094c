import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InterruptibleSleep } from './waiting';

/** Whether `promise` has settled, after the pending microtasks ran (the timers are fake: none fires by itself). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('InterruptibleSleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a sleep, when woken, then it ends before its time', async () => {
    const pause = new InterruptibleSleep();
    const sleeping = pause.sleep(2000);
    expect(await settled(sleeping)).toBe(false);
    pause.wake();
    expect(await settled(sleeping)).toBe(true);
  });

  it('given nothing sleeping, when woken, then the next sleep returns at once (a stop() between a loop’s check and its sleep is not lost)', async () => {
    const pause = new InterruptibleSleep();
    pause.wake();
    expect(await settled(pause.sleep(2000))).toBe(true);
  });

  it('keeps one wake for one sleep only: the sleep after it waits its time again', async () => {
    const pause = new InterruptibleSleep();
    pause.wake();
    pause.wake();
    expect(await settled(pause.sleep(2000))).toBe(true);
    const next = pause.sleep(2000);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await settled(next)).toBe(true);
  });

  it('given a sleep that ran its time, when woken afterwards, then the wake is kept for the next sleep', async () => {
    const pause = new InterruptibleSleep();
    const first = pause.sleep(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(first)).toBe(true);
    pause.wake();
    expect(await settled(pause.sleep(2000))).toBe(true);
  });
});
