import { describe, expect, it } from 'vitest';
import { anchorId } from './anchor';

describe('anchorId', () => {
  it('names the element of an anchor, decoded as the browser writes it', () => {
    expect(anchorId('#entry-42')).toBe('entry-42');
    expect(anchorId('#repo@abc:data/x.json')).toBe('repo@abc:data/x.json');
    expect(anchorId('#fr%C3%A5ga')).toBe('fråga');
  });

  it('names nothing without an anchor, or with a malformed one', () => {
    expect(anchorId('')).toBeNull();
    expect(anchorId('#')).toBeNull();
    expect(anchorId('#%E0%A4%A')).toBeNull();
  });
});
