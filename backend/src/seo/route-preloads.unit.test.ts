import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './route-preloads';

const frontend = new URL('../../../frontend/', import.meta.url);

describe('the page modules the preloads look up in the manifest', () => {
  // A page module that moved (into its feature, say) has no manifest entry, and its page silently loses its preloads.
  it('are every one a file of the client', () => {
    const missing = Object.entries(PAGE_MODULES).filter(([, source]) => !existsSync(new URL(source, frontend)));
    expect(missing).toEqual([]);
  });
});
