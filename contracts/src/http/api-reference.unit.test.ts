import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { apiReference, collectContracts } from './api-reference';

const docsPath = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

describe('the API reference', () => {
  it('docs/api.md is what the contracts say (run `npm run docs:api` after changing a contract)', () => {
    expect(readFileSync(docsPath, 'utf8')).toBe(apiReference(collectContracts(contracts)));
  });

  it('lists every contract once, with its query and body fields', () => {
    const all = collectContracts(contracts);
    expect(new Set(all.map((c) => `${c.method} ${c.path}`)).size).toBe(all.length);
    const reference = apiReference(all);
    expect(reference).toContain('| GET | `/api/years/by-year/:year` |');
    expect(reference).toMatch(/\| PUT \| `\/api\/years\/:id` \| [^|]+ \| – \| year\?, winner\?/);
  });
});
