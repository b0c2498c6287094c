import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { pathOf, route, urlOf, type PathParams, type RouteInput } from './route';

const replies = route({
  method: 'POST',
  path: '/api/forum/posts/:id/replies/:replyId',
  body: z.object({ content: z.string() }),
  response: z.object({ ok: z.boolean() }),
  summary: 'test',
});
const list = route({ method: 'GET', path: '/api/years', response: z.array(z.string()), summary: 'test' });

describe('route contracts', () => {
  it('derive the path parameters from the path', () => {
    expectTypeOf<PathParams<typeof replies>>().toEqualTypeOf<{ id: string | number; replyId: string | number }>();
    expectTypeOf<PathParams<typeof list>>().toEqualTypeOf<undefined>();
    // @ts-expect-error a parameter the path does not name
    const wrong: RouteInput<typeof replies> = { params: { id: 1, reply: 2 }, body: { content: '' } };
    expect(wrong).toBeDefined();
  });

  it('build the concrete path with each parameter encoded', () => {
    expect(pathOf(replies, { id: 'a/b', replyId: 7 })).toBe('/api/forum/posts/a%2Fb/replies/7');
    expect(urlOf(list, { query: { q: 'abba', empty: '', none: undefined } })).toBe('/api/years?q=abba');
    expect(() => pathOf(replies, { id: 'x' })).toThrow(/replyId is missing/);
  });
});
