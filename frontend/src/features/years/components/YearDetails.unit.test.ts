import type { Year } from '@mello/contracts';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../../testing/server-render';
import { QuickFactsCard } from './YearDetails';

// 1958 as imported: no source gives its venue, city, host or date (the shared data's nulls).
const year1958 = {
  id: '00000000-0000-4000-8000-000000001958',
  year: 1958,
  winner: 'Alice Babs',
  song: 'Lilla stjärna',
  venue: '',
  city: '',
  host: '',
  date: '',
} as unknown as Year;

/** The card's text as a screen reader reads it. */
const text = (year: Year) => textOf(renderHtml(createElement(QuickFactsCard, { year })));

describe("a year's quick facts", () => {
  it('given facts no source gives, then each reads as unknown (the mark, and "uppgift saknas" for screen readers)', () => {
    const card = text(year1958);
    for (const label of ['Datum', 'Plats', 'Stad', 'Programledare']) expect(card).toContain(`${label} – uppgift saknas`);
    expect(card).toContain('Vinnare Alice Babs');
  });
});
