import { describe, expect, it } from 'vitest';
import { parseIfMatch, revisionETag } from './concurrency';

describe('If-Match', () => {
  it('reads back the ETag a GET answered', () => {
    expect(parseIfMatch(revisionETag(3))).toEqual({ kind: 'revision', revision: 3 });
    expect(parseIfMatch(' "0" ')).toEqual({ kind: 'revision', revision: 0 });
  });

  it('asks for no check when absent or *', () => {
    expect(parseIfMatch(undefined)).toEqual({ kind: 'none' });
    expect(parseIfMatch('*')).toEqual({ kind: 'none' });
  });

  it('calls anything else malformed: unquoted, weak, a list, not a number', () => {
    for (const header of ['3', 'W/"3"', '"1", "2"', '"abc"', '"-1"', '', '"3']) {
      expect(parseIfMatch(header)).toEqual({ kind: 'malformed' });
    }
  });
});
