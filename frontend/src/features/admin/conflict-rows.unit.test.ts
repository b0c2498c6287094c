import { articleApi, YEAR_FIELD_LABELS } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { articlePayload, newArticleValues } from './article-form';
import { checkBody } from '../../lib/form-validation';
import { conflictRows } from './conflict-rows';

describe('checkBody on an admin form', () => {
  it('refuses an empty required field, naming it as the form labels it', () => {
    const values = { ...newArticleValues(), title: 'Titel', content: 'Text', author: 'Anna' };
    const check = checkBody(articleApi.create, articlePayload(values, 'create'));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors)).toContain('excerpt');
    expect(check.summary.join('; ')).toMatch(/^Ingress: /);
    expect(check.summary.join('; ')).not.toMatch(/excerpt/);
  });
});

describe('conflictRows', () => {
  it('lists only the differing fields, labelled, in the form order', () => {
    const rows = conflictRows(
      { winner: 'ABBA', song: 'Waterloo', facts: ['a'], isClassic: true },
      { winner: 'Abba', song: 'Waterloo', facts: [], isClassic: false },
      YEAR_FIELD_LABELS,
    );
    expect(rows).toEqual([
      { field: 'winner', label: 'Vinnare', mine: 'ABBA', theirs: 'Abba' },
      { field: 'facts', label: 'Intressanta fakta', mine: 'a', theirs: '—' },
      { field: 'isClassic', label: 'Klassiker', mine: 'Ja', theirs: 'Nej' },
    ]);
  });
});
