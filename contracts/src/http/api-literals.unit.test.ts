import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16: a path of the API is written once, in its route contract. Everywhere else (the server's routes, the
 * client's calls and query keys, the page meta) derives it from the contract, so no `/api` string literal may
 * appear in the other packages' code. Tests may spell URLs out: they check the contract from outside.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHECKED = ['backend/src', 'projections/src', 'frontend/src'];
const isTestCode = (file: string) => /\.test\.tsx?$|test-kit\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !isTestCode(entry.name) ? [full] : [];
  });
}

/** A string literal that starts with the API's path (`'/api'`, `"/api/x"`, `` `/api/${id}` ``), outside comments. */
const API_LITERAL = /(['"`])\/api(?=[/'"`?]|$)/;
const isComment = (line: string) => /^\s*(\/\/|\/?\*)/.test(line);

export function apiLiterals(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !isComment(line) && API_LITERAL.test(line))
    .map(({ line, number }) => `${path.relative(ROOT, file)}:${number}: ${line.trim()}`);
}

describe('API paths', () => {
  it('are written only in contracts', () => {
    const found = CHECKED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap(apiLiterals);
    expect(found).toEqual([]);
  });

  it('the check sees a literal path, in any quotes, and not a comment', () => {
    expect(API_LITERAL.test("fetch('/api/years')")).toBe(true);
    expect(API_LITERAL.test('const p = `/api/forum/posts/${id}`;')).toBe(true);
    expect(API_LITERAL.test("x.startsWith('/api')")).toBe(true);
    expect(API_LITERAL.test("const a = '/apiary';")).toBe(false);
    expect(isComment(' * GET /api/years answers…')).toBe(true);
  });
});
