import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './request-fingerprint';

const post = { method: 'POST', path: '/api/forum/posts', body: { title: 'Saknas: 1975', content: 'Finns den kvar?', tags: ['a', 'b'], year: 1975 } };

describe('requestFingerprint', () => {
  it('is a stable SHA-256 hex digest', () => {
    expect(requestFingerprint(post)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint(post)).toBe(requestFingerprint(structuredClone(post)));
  });

  it("ignores the order of object keys, at every level, and the method's case", () => {
    const reordered = { method: 'post', path: post.path, body: { year: 1975, tags: ['a', 'b'], content: 'Finns den kvar?', title: 'Saknas: 1975' } };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(post));
    expect(requestFingerprint({ ...post, body: { outer: { b: 1, a: 2 } } })).toBe(requestFingerprint({ ...post, body: { outer: { a: 2, b: 1 } } }));
  });

  it('changes with any value, the order of a list, the path or the method', () => {
    const base = requestFingerprint(post);
    expect(requestFingerprint({ ...post, body: { ...post.body, year: 1976 } })).not.toBe(base);
    expect(requestFingerprint({ ...post, body: { ...post.body, tags: ['b', 'a'] } })).not.toBe(base);
    expect(requestFingerprint({ ...post, body: { ...post.body, year: '1975' } })).not.toBe(base);
    expect(requestFingerprint({ ...post, path: '/api/forum/posts/1/replies' })).not.toBe(base);
    expect(requestFingerprint({ ...post, method: 'PUT' })).not.toBe(base);
  });

  it('tells a missing member from a null one, and leaves out undefined as JSON does', () => {
    const base = requestFingerprint({ ...post, body: { a: 1 } });
    expect(requestFingerprint({ ...post, body: { a: 1, b: null } })).not.toBe(base);
    expect(requestFingerprint({ ...post, body: { a: 1, b: undefined } })).toBe(base);
  });

  it('cannot be fooled by text that looks like structure', () => {
    expect(requestFingerprint({ ...post, body: { a: '1,"b":2' } })).not.toBe(requestFingerprint({ ...post, body: { a: 1, b: 2 } }));
  });
});
