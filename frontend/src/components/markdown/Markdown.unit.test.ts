import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../testing/server-render';
import { Markdown } from './Markdown';

/** The article text as the page renders it (server-side rendering: no DOM needed). */
const render = (text: string) => renderHtml(createElement(Markdown, { children: text }));

const anchors = (html: string) => html.match(/<a\b[^>]*>/g) ?? [];

describe('Markdown links', () => {
  it.each([
    ['javascript:', '[klicka](javascript:alert(1))'],
    ['data:', '[klicka](data:text/html,<script>alert(1)</script>)'],
    ['vbscript:', '[klicka](vbscript:msgbox(1))'],
    ['a reference to javascript:', 'Se [klicka][r].\n\n[r]: javascript:alert(1)'],
    ['an empty target', '[klicka]()'],
  ])('given a link to %s, when rendered, then it is plain text, not a link', (_kind, text) => {
    const html = render(text);
    expect(anchors(html)).toEqual([]);
    expect(html).toContain('<span>klicka</span>');
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/);
  });

  it('given an https link, when rendered, then it opens in a new tab without the opener', () => {
    const [anchor, ...more] = anchors(render('[SVT](https://www.svt.se/melodifestivalen)'));
    expect(more).toEqual([]);
    expect(anchor).toContain('href="https://www.svt.se/melodifestivalen"');
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toContain('rel="noopener noreferrer"');
  });

  it('given a relative link and a mailto link, when rendered, then both stay links', () => {
    const html = render('[År 1974](/year/1974) och [skriv](mailto:red@example.org)');
    expect(anchors(html)).toHaveLength(2);
    expect(html).toContain('href="/year/1974"');
    expect(html).toContain('href="mailto:red@example.org"');
  });
});

describe('Markdown headings', () => {
  it('given headings of every level, when rendered, then each is one level lower, capped at h6, and there is no h1', () => {
    const html = render('# Rubrik\n\n## Två\n\n### Tre\n\n#### Fyra\n\n##### Fem\n\n###### x');
    expect(html).not.toMatch(/<h1\b/);
    expect(html).toMatch(/<h2\b[^>]*>Rubrik<\/h2>/);
    expect(html).toMatch(/<h3\b[^>]*>Två<\/h3>/);
    expect(html).toMatch(/<h4\b[^>]*>Tre<\/h4>/);
    expect(html).toMatch(/<h5\b[^>]*>Fyra<\/h5>/);
    expect(html).toMatch(/<h6\b[^>]*>Fem<\/h6>/);
    expect(html).toMatch(/<h6\b[^>]*>x<\/h6>/);
  });
});
