import { describe, expect, it } from 'vitest';
import { initialDataScript } from '@mello/contracts';
import { createQueryClient } from './query-client';
import { readInitialData, seedInitialData } from './initial-data';

const scriptText = (html: string) => /<script[^>]*>([\s\S]*)<\/script>/.exec(html)![1]!;

describe('the initial data of a page', () => {
  it('reads back what the server wrote: the render time and each query under its key, null included', () => {
    const html = initialDataScript(1_700_000_000_000, [
      { key: ['/api/years'], json: JSON.stringify([{ year: 1974, song: 'Waterloo <3' }]) },
      { key: ['/api/years/by-year', 1900], json: 'null' },
    ]);
    expect(scriptText(html)).not.toContain('<');
    const data = readInitialData(scriptText(html));
    expect(data.now).toBe(1_700_000_000_000);
    const client = seedInitialData(createQueryClient(), data.queries);
    expect(client.getQueryData(['/api/years'])).toEqual([{ year: 1974, song: 'Waterloo <3' }]);
    expect(client.getQueryData(['/api/years/by-year', 1900])).toBeNull();
    expect(client.getQueryState(['/api/years/by-year', 1900])?.status).toBe('success');
  });

  it('starts empty for no script, a damaged one, or entries without a key or data', () => {
    for (const text of [null, '', '{not json', 'null', '{"queries":{"key":1}}', '{"queries":[{"data":[]},{"key":["/api/videos"]}]}']) {
      const client = seedInitialData(createQueryClient(), readInitialData(text).queries);
      expect(client.getQueryCache().getAll(), String(text)).toHaveLength(0);
    }
  });
});
