import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from './registry';

/** The event names in the first column of docs/event-sourcing.md's "Event catalogue" table. */
function catalogueNames(): string[] {
  const doc = readFileSync(new URL('../../../docs/event-sourcing.md', import.meta.url), 'utf8');
  const section = doc.split('## Event catalogue')[1]?.split(/\n#{2,3} /)[0] ?? '';
  const firstColumns = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  return firstColumns.flatMap((cell) => [...cell.matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1]!));
}

describe('the event catalogue in docs/event-sourcing.md', () => {
  it('lists exactly the registry’s events, each once', () => {
    const names = catalogueNames();
    expect(names.length, 'no name twice').toBe(new Set(names).size);
    expect([...names].sort()).toEqual([...EVENT_NAMES].sort());
  });
});
