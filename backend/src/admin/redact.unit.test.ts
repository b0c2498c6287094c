import { describe, expect, it } from 'vitest';
import { REDACTED, redactChange, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('hides passwords, hashes, secrets and tokens at any depth, in objects and arrays', () => {
    const event = {
      email: 'mia@example.se',
      password: 'hunter2',
      passwordHash: '$argon2id$v=19$...',
      nested: { sessionSecret: 's', resetToken: 't', list: [{ apiKey: 'k', title: 'Euphoria' }] },
    };
    expect(redactSecrets(event)).toEqual({
      email: 'mia@example.se',
      password: REDACTED,
      passwordHash: REDACTED,
      nested: { sessionSecret: REDACTED, resetToken: REDACTED, list: [{ apiKey: REDACTED, title: 'Euphoria' }] },
    });
  });

  it("leaves the archive's and the forum's fields as they are, and does not change its input", () => {
    const data = { id: 'x', fields: { title: 'Loreen', year: 2012, tags: ['a'], passage: 'Vinnare' }, changed: ['title'] };
    const copy = structuredClone(data);
    expect(redactSecrets(data)).toEqual(copy);
    expect(data).toEqual(copy);
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets('text')).toBe('text');
  });

  it("hides both sides of a secret field's change, and secrets inside an ordinary field's values", () => {
    expect(redactChange({ field: 'passwordHash', before: 'a', after: 'b' })).toEqual({ field: 'passwordHash', before: REDACTED, after: REDACTED });
    expect(redactChange({ field: 'links', before: null, after: [{ url: 'u', token: 't' }] })).toEqual({
      field: 'links',
      before: null,
      after: [{ url: 'u', token: REDACTED }],
    });
  });
});
