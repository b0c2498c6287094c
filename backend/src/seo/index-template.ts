import { articleApi, videoApi, yearApi } from '@mello/contracts';
import path from 'node:path';
import { absolutePageMeta, pageHeadTags, renderHeadTags, type PageMeta } from '@mello/contracts';
import { CachedFile } from './cached-file';

/** Where the client renders (frontend/index.html); the server puts the page's shell inside. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** Where a route's head tags go; frontend/index.html carries it inside <head>. */
export const HEAD_MARKER = '<!--app-head-->';

/**
 * The page the server sends when frontend/dist is not built (backend tests, an API-only checkout). It has the
 * marker, so a crawler still sees every route's meta and the tests of the server's HTML need no client build.
 */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="sv">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${HEAD_MARKER}
  </head>
  <body><main><h1>Melloarkivet</h1><p>Klienten är inte byggd ännu (kör <code>npm run build</code>). Arkivets data finns under
  ${[yearApi.list.path, videoApi.list.path].map((path) => `<a href="${path}">${path}</a>`).join(', ')} och <a href="${articleApi.list.path}">${articleApi.list.path}</a>.</p></main></body>
</html>`;

/** A title or description written into index.html by hand would double the route's own: take them out. */
function withoutOwnMeta(html: string): string {
  const cleaned = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  return cleaned.includes(HEAD_MARKER) ? cleaned : cleaned.replace(/<\/head>/i, `${HEAD_MARKER}\n</head>`);
}

/**
 * index.html read once and kept in memory; read again only when the file changes (a rebuild while the server
 * runs), which costs one stat per page request.
 */
export class IndexTemplate {
  private readonly file: CachedFile<string | null>;

  constructor(distDir: string) {
    this.file = new CachedFile(path.join(path.resolve(distDir), 'index.html'), withoutOwnMeta, null);
  }

  /** True when the client is built (its index.html exists). */
  get built(): boolean {
    return this.file.get() !== null;
  }

  template(): string {
    return this.file.get() ?? FALLBACK_TEMPLATE;
  }

  /**
   * index.html with the page's tags (URLs absolute on `origin`), then `extraHead` (trusted HTML), at the marker,
   * and `shell` (trusted HTML: the build's first paint) inside the empty #root.
   */
  render(meta: PageMeta, origin: string, extraHead = '', shell = ''): string {
    const tags = renderHeadTags(pageHeadTags(absolutePageMeta(meta, origin)));
    const head = extraHead ? `${tags}\n    ${extraHead}` : tags;
    // Function replacements, so '$&' or '$1' in an admin-written title is not read as a pattern.
    const html = this.template().replace(HEAD_MARKER, () => head);
    return shell ? html.replace(ROOT_ELEMENT, () => `<div id="root">${shell}</div>`) : html;
  }
}
