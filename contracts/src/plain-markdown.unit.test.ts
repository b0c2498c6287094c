import { describe, expect, it } from 'vitest';
import { plainMarkdown, plainMarkdownLine } from './plain-markdown';

describe('plainMarkdown', () => {
  it('given headings, emphasis, a link, code and a list, when made plain, then only the words stay', () => {
    expect(plainMarkdown('## Rubrik\n\n**Fet** text med [en länk](https://x.se) och `kod`.\n- punkt')).toBe(
      'Rubrik\n\n Fet text med en länk och kod .\n punkt',
    );
  });

  it('given a link whose address holds parentheses, when made plain, then only its text stays', () => {
    expect(plainMarkdown('Se [Waterloo](https://sv.wikipedia.org/wiki/Waterloo_(s%C3%A5ng)) och [ABBA](https://abba.se).')).toBe('Se Waterloo och ABBA.');
  });

  it('given an image, when made plain, then its alt text stays', () => {
    expect(plainMarkdown('![bild](a.png) bildtext')).toBe('bild bildtext');
  });

  it('given raw HTML, when made plain, then the tags are gone and no markup is left', () => {
    const plain = plainMarkdown('Hej <script>alert(1)</script> och <img src=x onerror="alert(2)"> slut');
    expect(plain).not.toMatch(/[<>]/);
    expect(plain).toBe('Hej alert(1) och slut');
  });

  it('given an autolink and a comparison, when made plain, then the address and the comparison stay', () => {
    expect(plainMarkdown('Se <https://svt.se/mello> där 1 < 2')).toBe('Se https://svt.se/mello där 1 < 2');
  });

  it('given line breaks, when made one line, then they are single spaces', () => {
    expect(plainMarkdownLine('## Rubrik\n\n**VHS** från 1985')).toBe('Rubrik VHS från 1985');
  });
});
