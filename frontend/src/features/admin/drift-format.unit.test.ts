import { describe, expect, it } from 'vitest';
import { etaLabel, eventsLabel, percentOf, projectionRateLabel, rateLabel, secondsLabel, targetLabel } from './drift-format';

describe('the Drift tab’s figures', () => {
  it('shows progress as a whole percentage of the total, 100 once done, and nothing without a total', () => {
    expect(percentOf({ events: 1234, total: 5000, phase: 'loading' })).toBe(24);
    expect(percentOf({ events: 5000, total: 5000, phase: 'swapping' })).toBe(100);
    expect(percentOf({ events: 10, total: null, phase: 'done' })).toBe(100);
    expect(percentOf({ events: 10, total: null, phase: 'loading' })).toBeNull();
  });

  it('writes events, rate and time left in Swedish', () => {
    expect(eventsLabel({ events: 1200, total: 5000 })).toBe('1\u00a0200 av 5\u00a0000 händelser');
    expect(eventsLabel({ events: 12, total: null })).toBe('12 händelser');
    expect(rateLabel(3400.4)).toBe('3\u00a0400 händelser/s');
    expect(rateLabel(0)).toBeNull();
    expect(etaLabel(null)).toBeNull();
    expect(etaLabel(12.4)).toBe('ca 12 s kvar');
    expect(secondsLabel(125)).toBe('2 min 5 s');
    expect(secondsLabel(3780)).toBe('1 h 3 min');
    expect(targetLabel('all')).toBe('alla läsmodeller');
    expect(targetLabel('forum')).toBe('projektionen forum');
  });

  it('shows a projection’s events per second with a decimal comma below 10, whole above, and – when idle or unmeasured', () => {
    expect(projectionRateLabel(3.44)).toBe('3,4');
    expect(projectionRateLabel(0.05)).toBe('0,1');
    expect(projectionRateLabel(1234.6)).toBe('1\u00a0235');
    expect(projectionRateLabel(0)).toBe('–');
    expect(projectionRateLabel(null)).toBe('–');
  });
});
