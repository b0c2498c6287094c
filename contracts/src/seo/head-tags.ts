import type { AbsolutePageMeta } from './absolute-urls';
import { SITE_NAME } from './structured-data';

/**
 * The head elements of a page, as data: the server renders them into index.html (escaped), the client applies
 * them to document.head. One list for both, so a crawler and a browser see the same tags.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: { name: string; content: string } | { property: string; content: string } }
  | { tag: 'link'; attrs: { rel: string; href: string } }
  | { tag: 'script'; attrs: { type: 'application/ld+json' }; text: string };

/** Marks the tags that belong to the page meta, so the client can replace what the server put in. */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';

export function pageHeadTags(meta: AbsolutePageMeta): HeadTag[] {
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  const property = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: name, content } });
  const tags: HeadTag[] = [
    { tag: 'title', text: meta.title },
    named('description', meta.description),
    ...(meta.noindex ? [named('robots', 'noindex, follow')] : []),
    { tag: 'link', attrs: { rel: 'canonical', href: meta.url } },
    property('og:site_name', SITE_NAME),
    property('og:locale', 'sv_SE'),
    property('og:type', meta.type ?? 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    ...(meta.imageUrl ? [property('og:image', meta.imageUrl)] : []),
    named('twitter:card', meta.imageUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    ...(meta.imageUrl ? [named('twitter:image', meta.imageUrl)] : []),
  ];
  const jsonLd = meta.jsonLd ?? [];
  if (jsonLd.length > 0) {
    // One script: a single object, or a list when the page describes several things (JSON-LD allows both).
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: JSON.stringify(jsonLd.length === 1 ? jsonLd[0] : jsonLd) });
  }
  return tags;
}

/**
 * JSON made safe inside <script>: no '</script>', '<!--' or line separators can end or confuse the element.
 * The escapes are JSON escapes, so the value parses back unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The tags as HTML for the server's index.html, every value escaped (titles come from admin input). */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  const marker = PAGE_META_ATTRIBUTE;
  return tags
    .map((tag) => {
      if (tag.tag === 'title') return `<title ${marker}>${escapeHtml(tag.text)}</title>`;
      const attrs = Object.entries(tag.attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      if (tag.tag === 'script') return `<script${attrs} ${marker}>${scriptSafeJson(tag.text)}</script>`;
      return `<${tag.tag}${attrs} ${marker}>`;
    })
    .join('\n    ');
}
