import { describe, expect, it } from 'vitest';
import { IdempotencyKeySchema, canonicalJson, idempotencyKeyHeaderValue } from './idempotency';

describe('IdempotencyKeySchema', () => {
  it.each(['a', 'x'.repeat(255), '8e03978e-40d5-43e8-bc93-6894a57f9324', '!~{}[]#'])('takes %j', (key) => {
    expect(IdempotencyKeySchema.parse(key)).toBe(key);
  });

  it("takes the draft's Structured Field string and unquotes it", () => {
    expect(IdempotencyKeySchema.parse('"8e03978e-40d5"')).toBe('8e03978e-40d5');
    expect(IdempotencyKeySchema.parse(idempotencyKeyHeaderValue('a"b\\c'))).toBe('a"b\\c');
  });

  it.each(['', ' ', 'a b', 'x'.repeat(256), 'nyckel-å', 'tab\there', '""', 'a\u007f'])('refuses %j with the Swedish message', (key) => {
    const result = IdempotencyKeySchema.safeParse(key);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken');
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps list order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });

  it('is JSON that parses back to the same value', () => {
    const value = { title: 'Måns "Heroes"', tags: ['a', 'b'], n: 1.5, ok: true, none: null };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('leaves out undefined members and writes undefined items as null, as JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe(JSON.stringify({ a: undefined, b: [undefined] }));
    expect(canonicalJson('text')).toBe('"text"');
  });
});
