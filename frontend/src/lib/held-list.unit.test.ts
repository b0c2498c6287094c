import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { heldList } from './held-list';

const key = ['/api/videos'];

describe('heldList', () => {
  it('given a whole list in the cache, hands it out with when it was fetched', () => {
    const client = new QueryClient();
    client.setQueryData(key, ['a', 'b'], { updatedAt: 1234 });
    expect(heldList<string>(client, key)).toEqual({ items: ['a', 'b'], updatedAt: 1234 });
  });

  it('given no list in the cache, hands out nothing', () => {
    expect(heldList(new QueryClient(), key)).toBeUndefined();
  });

  it('given a list a mutation invalidated while no screen showed it, hands out nothing: its items may be old', async () => {
    const client = new QueryClient();
    client.setQueryData(key, ['old title']);
    await client.invalidateQueries({ queryKey: key });
    expect(heldList(client, key)).toBeUndefined();
  });
});
