import { describe, expect, it } from 'vitest';
import { eventsPerSecond, keepSamples, type CheckpointSample } from './projection-rate';

const at = (atMs: number, position: string | null = String(atMs)): CheckpointSample => ({ atMs, position });

describe('keepSamples', () => {
  it('given samples older than the window, when a new one is taken, then only those of the window are kept, the new one last', () => {
    expect(keepSamples([at(0), at(1000), at(4000), at(5500)], at(7000), 5000)).toEqual([at(4000), at(5500), at(7000)]);
  });

  it('given no samples yet, when one is taken, then it is the only one', () => {
    expect(keepSamples([], at(100))).toEqual([at(100)]);
  });

  it('given a sample taken at the same instant, when another is taken, then the earlier one is replaced (no zero span)', () => {
    expect(keepSamples([at(100, '1')], at(100, '2'))).toEqual([at(100, '2')]);
  });
});

describe('eventsPerSecond', () => {
  it('given 30 events between samples 2 s apart, then 15 per second', () => {
    expect(eventsPerSecond([at(0), at(1000), at(2000)], 30)).toBe(15);
  });

  it('given a checkpoint that did not move, then 0 (idle)', () => {
    expect(eventsPerSecond([at(0, '7'), at(3000, '7')], 0)).toBe(0);
  });

  it('given fractions, then one decimal', () => {
    expect(eventsPerSecond([at(0), at(3000)], 10)).toBe(3.3);
  });

  it('given a single sample, or a span shorter than the minimum, then no figure rather than a made-up one', () => {
    expect(eventsPerSecond([at(0)], 0)).toBeNull();
    expect(eventsPerSecond([at(0), at(200)], 50)).toBeNull();
    expect(eventsPerSecond([], 0)).toBeNull();
  });

  it('given a count that is unknown or reached the cap, then no figure', () => {
    expect(eventsPerSecond([at(0), at(2000)], null)).toBeNull();
    expect(eventsPerSecond([at(0), at(2000)], 5000, { cap: 5000 })).toBeNull();
    expect(eventsPerSecond([at(0), at(2000)], 4999, { cap: 5000 })).toBe(2499.5);
  });
});
