import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { seedInitialData } from './initial-data';

describe('seedInitialData', () => {
  it('puts each query of the page into the cache under its key, null included', () => {
    const text = JSON.stringify([
      { key: ['/api/years'], data: [{ year: 1974, song: 'Waterloo' }] },
      { key: ['/api/years/by-year', 1900], data: null },
      { key: ['/api/auth/user'], data: { id: 'u1', firstName: 'Ida' } },
    ]);
    const client = seedInitialData(createQueryClient(), text);
    expect(client.getQueryData(['/api/years'])).toEqual([{ year: 1974, song: 'Waterloo' }]);
    expect(client.getQueryData(['/api/years/by-year', 1900])).toBeNull();
    expect(client.getQueryState(['/api/years/by-year', 1900])?.status).toBe('success');
    expect(client.getQueryData(['/api/auth/user'])).toEqual({ id: 'u1', firstName: 'Ida' });
  });

  it('leaves the cache empty for no script, a damaged one, or entries without a key or data', () => {
    for (const text of [null, '', '{not json', '{"key":1}', '[{"data":[]},{"key":["/api/videos"]}]']) {
      const client = seedInitialData(createQueryClient(), text);
      expect(client.getQueryCache().getAll(), String(text)).toHaveLength(0);
    }
  });
});
