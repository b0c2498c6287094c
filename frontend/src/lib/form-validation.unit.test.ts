import { ForumPostCreateInputSchema, ForumReplyInputSchema } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { checkForm } from './form-validation';

describe('checkForm', () => {
  it('answers the parsed value when the contract accepts the form', () => {
    const checked = checkForm(ForumReplyInputSchema, { content: '  Jag har bandet!  ' });
    expect(checked).toEqual({ ok: true, value: { content: 'Jag har bandet!' } });
  });

  it('answers the first Swedish message per field, a nested issue under its top-level field', () => {
    const checked = checkForm(ForumPostCreateInputSchema, { title: 'Kort', content: 'kort', tags: ['x'.repeat(41)], year: 1957 });
    expect(checked).toEqual({
      ok: false,
      errors: {
        title: 'Titel måste vara minst 5 tecken',
        content: 'Innehåll måste vara minst 10 tecken',
        tags: 'En tagg får vara högst 40 tecken',
        year: 'Måste vara minst 1958',
      },
    });
  });

  it('puts an issue of the whole value under (form)', () => {
    expect(checkForm(ForumReplyInputSchema, 'inte ett objekt')).toMatchObject({ ok: false, errors: { '(form)': expect.any(String) } });
  });
});
