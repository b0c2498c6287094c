import { describe, expect, it } from 'vitest';
import { repeatLog } from './repeat-log';

describe('repeatLog', () => {
  it('logs a failure with its stack once, then only a count at each doubling', () => {
    const lines: string[] = [];
    const report = repeatLog((line) => lines.push(line));
    const error = new Error('database gone');
    for (let i = 0; i < 1000; i++) report('forum:resync', error);
    expect(lines[0]).toMatch(/^forum:resync: database gone\nError: database gone\n\s+at /);
    expect(lines.slice(1)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512].map((n) => `forum:resync: database gone (${n} times)`));
  });

  it('counts each distinct failure on its own', () => {
    const lines: string[] = [];
    const report = repeatLog((line) => lines.push(line));
    report('forum:watch-post', 'timeout');
    report('forum:resync', 'timeout');
    report('forum:watch-post', 'timeout');
    expect(lines).toEqual(['forum:watch-post: timeout', 'forum:resync: timeout', 'forum:watch-post: timeout (2 times)']);
  });
});
