import { articleApi } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { articlePayload, newArticleValues } from './article-form';
import { checkBody } from '../../lib/form-validation';

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
