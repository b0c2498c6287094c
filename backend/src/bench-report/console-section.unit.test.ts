import { describe, expect, it } from 'vitest';
import { renderSection } from './markdown';
import { consoleSection, type ConsoleJson } from './console-section';

describe("maintainers' console section", () => {
  const series = (runs: number[]) => ({ runs, median: [...runs].sort((a, b) => a - b)[1]!, min: Math.min(...runs), max: Math.max(...runs) });
  const json: ConsoleJson = {
    bench: 'console',
    events: 100_000,
    reps: 3,
    full: { eventsPerS: series([2000, 2100, 1900]), seconds: series([50, 47.6, 52.6]) },
    fullWithoutProgress: { eventsPerS: series([2050, 2150, 1950]) },
    progressCost: 0.0233,
    pairedProgressCost: series([0.024, 0.023, 0.026]),
    pushes: 120,
    singles: [
      { name: 'videos', events: 40_000, eventsPerS: series([5000, 5100, 4900]), logEventsPerS: series([1, 2, 3]), seconds: series([8, 7.8, 8.2]), vsFull: 2.5 },
    ],
    targets: { singleVsFull: 1, progressCost: 0.05, singleMet: true, progressMet: true },
  };
  it('puts each rebuild with its events, rate and ratio to the full rebuild, and both targets, into its section', () => {
    const text = renderSection(consoleSection(json, { command: 'npm run bench:console', loadBefore: [1, 2, 3], seconds: 300 }));
    expect(text).toContain("## Maintainers' console");
    expect(text).toContain('| one projection: videos | 40,000 | 5,000 | 4,900–5,100 | 8.0 | 2.50× full per event |');
    expect(text).toContain('| full, without progress reporting | 100,000 | 2,050 | 1,950–2,150 |  | progress costs 2.3 % (per round 2.4 %, 2.3 %, 2.6 %) |');
    expect(text).toContain("- Target: one projection ≥ 1.00× the full rebuild's events/s (videos 2.50×) — met");
    expect(text).toContain("- Target: progress reporting costs < 5 % of the full rebuild's throughput (2.3 %) — met");
  });
});
