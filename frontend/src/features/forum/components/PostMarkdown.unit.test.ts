import type { Mention } from '@mello/contracts';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../../testing/server-render';
import { PostMarkdown } from './PostMarkdown';

/** A post's text as the post page renders it (server-side rendering: what a crawler and the first paint get). */
const render = (text: string, mentions: Mention[] = []) => renderHtml(createElement(MemoryRouter, null, createElement(PostMarkdown, { text, mentions })));

const ANNA: Mention = { userId: 'u-anna', name: 'Anna' };
const BO: Mention = { userId: 'u-bo', name: 'Bo Ek' };
/** A rendered mention link of `userId`: the same-tab search for the name, marked as a mention. */
const mentionLink = (userId: string, href: string, text: string) =>
  new RegExp(`<a (?=[^>]*data-mention="${userId}")(?=[^>]*href="${href.replace(/[?]/g, '\\?')}")(?![^>]*target=)[^>]*>${text}</a>`);

describe('a forum post rendered as markdown', () => {
  it('given **VHS**, ## Rubrik and a URL, when rendered, then bold, a heading below the page sections and a new-tab link', () => {
    const html = render('## Rubrik\n\nJag söker **VHS** från https://www.svt.se/mello');
    expect(html).toContain('<strong>VHS</strong>');
    // The post title is the page's h1 and the page's sections are h2: the text's ## is an h4, and no h1/h2 appears.
    expect(html).toMatch(/<h4\b[^>]*>Rubrik<\/h4>/);
    expect(html).not.toMatch(/<h[12]\b/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/www.svt.se\/mello"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
  });

  it('given # at the top, when rendered, then it is an h3, never a page-level heading', () => {
    expect(render('# Stor rubrik')).toMatch(/<h3\b[^>]*>Stor rubrik<\/h3>/);
  });

  it('given raw HTML with script and an onerror image, when rendered, then no element of it reaches the page', () => {
    const html = render('Hej <script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n<b onclick="alert(3)">fet</b> text');
    expect(html).not.toMatch(/<script|<img|onerror|onclick|<b\b/);
    expect(html).toContain('Hej');
    expect(html).toContain('text');
  });

  it('given resolved @mentions in bold and in a list, when rendered, then each is a same-tab link to the member, with the markdown around them', () => {
    const html = render('Hej **@Anna**, se listan:\n\n- fråga @[Bo Ek] också\n\n## Rubrik', [ANNA, BO]);
    expect(html).toMatch(/<strong>[^]*?@Anna[^]*?<\/strong>/);
    expect(html).toMatch(mentionLink('u-anna', '/search?q=Anna', '@Anna'));
    expect(html).toMatch(mentionLink('u-bo', '/search?q=Bo%20Ek', '@\\[Bo Ek\\]'));
    expect(html).toMatch(/<li>[^]*data-mention="u-bo"[^]*<\/li>/);
    expect(html).toMatch(/<h4\b[^>]*>Rubrik<\/h4>/);
  });

  it('given an unresolved @name, a mention in code and one inside a link, when rendered, then none of them is a mention link', () => {
    const html = render('Hej @Okänd, `@Anna` och [skriv till @Anna](https://example.org/a)', [ANNA]);
    expect(html).not.toContain('data-mention');
    expect(html).toContain('Hej @Okänd,');
    expect(html).toContain('<code>@Anna</code>');
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.org\/a"[^>]*>skriv till @Anna<\/a>/);
  });
});
