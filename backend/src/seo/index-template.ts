import { articleApi, videoApi, yearApi } from '@mello/contracts';
import path from 'node:path';
import { absolutePageMeta, pageHeadTags, renderHeadTags, type PageMeta } from '@mello/contracts';
import { CachedFile } from './cached-file';

/** Where the client renders (frontend/index.html); the server puts the page's shell inside. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A server-rendered page is painted whole: the first paint waits until the end of the rendered markup is parsed
 * (`<link rel="expect" blocking="render">`, ignored by browsers without it). Painted before that, the browser
 * showed part of the page and then laid the whole page out again after the first paint, a long task on a slow
 * phone while the reader could already see the page and tap it (TBT, issue 17).
 */
export const RENDERED_END_ID = 'rendered-end';
const RENDERED_END_EXPECT = `<link rel="expect" href="#${RENDERED_END_ID}" blocking="render">`;
const RENDERED_END_MARK = `<span id="${RENDERED_END_ID}" hidden></span>`;

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

/** The build's `<script type="module" src="/assets/index-….js">`: the entry chunk, which the page loader starts. */
const ENTRY_SCRIPT = /<script\s+type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/i;

type Template = { html: string; entry: string | null };

function parseTemplate(raw: string): Template {
  const html = withoutOwnMeta(raw);
  const entry = ENTRY_SCRIPT.exec(html);
  return entry ? { html: html.replace(entry[0], ''), entry: entry[1]! } : { html, entry: null };
}

/**
 * The script that starts the client: once the first paint is on screen, it asks for the entry chunk and then the
 * page's chunks (modulepreload). The server's HTML is the page (docs/rendering.md); its JavaScript only makes it
 * interactive, so it does not compete with the HTML for a slow phone's bandwidth and CPU before the content is on
 * screen. "On screen" is the first contentful paint's entry (PerformanceObserver), not the frame's
 * requestAnimationFrame: the frame is rastered and presented after its main-thread part, and JavaScript started in
 * between took the CPU from the raster, so the paint came up to a second later (issue 17: Lighthouse then counted
 * the chunks' loading and evaluation into FCP and LCP). A page with no server render has nothing to paint first and
 * starts at once; so does one opened in a background tab, which paints nothing until shown; a browser without
 * paint entries waits for a frame; and one that paints nothing (a window behind others) starts after
 * LOADER_FALLBACK_MS. JSON with every `<` escaped: the URLs come from the build's manifest, never from a request.
 */
export const LOADER_FALLBACK_MS = 2000;
export const LOADER_CHUNKS_PER_TASK = 1;

export function clientLoaderScript(entry: string, chunks: readonly string[], afterPaint = true): string {
  const urls = JSON.stringify({ entry, chunks }).replace(/</g, '\\u003c');
  // The entry first; then the chunks one at a time, a task each: asking for a resource is not free (a cached chunk
  // is compiled inside appendChild: up to ~12 ms each on Lighthouse's phone, more for a large one). 28 at once were
  // one long task, four at once still tasks over 50 ms, and two at once tasks of 60–130 ms on /year/1974 (Lighthouse
  // mobile, 9 interleaved pairs: TBT median 756/956 ms with two, 374/677 ms with one; / unchanged, 465 vs 450 ms).
  return (
    '<script>(function(u,d,w){var started=false,next=0;' +
    `function more(){u.chunks.slice(next,next+=${LOADER_CHUNKS_PER_TASK}).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});if(u.chunks.length>next)setTimeout(more,0)}` +
    'function start(){if(started)return;started=true;' +
    "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=u.entry;d.head.appendChild(s);setTimeout(more,0)}" +
    (afterPaint
      ? "function soon(){setTimeout(start,0)}var P=w.PerformanceObserver;if(d.visibilityState==='hidden')start();" +
        "else{if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();soon()}}).observe({type:'paint',buffered:true});" +
        `else w.requestAnimationFrame(soon);setTimeout(start,${LOADER_FALLBACK_MS})}`
      : 'start();') +
    `})(${urls},document,window)</script>`
  );
}

/**
 * index.html read once and kept in memory; read again only when the file changes (a rebuild while the server
 * runs), which costs one stat per page request.
 */
export class IndexTemplate {
  private readonly file: CachedFile<Template | null>;

  constructor(distDir: string) {
    this.file = new CachedFile(path.join(path.resolve(distDir), 'index.html'), parseTemplate, null);
  }

  /** True when the client is built (its index.html exists). */
  get built(): boolean {
    return this.file.get() !== null;
  }

  template(): string {
    return this.file.get()?.html ?? FALLBACK_TEMPLATE;
  }

  /**
   * index.html with the page's tags (URLs absolute on `origin`), then `extraHead` (trusted HTML), at the marker,
   * `shell` (trusted HTML: the server's render) inside the empty #root, and the client's loader at the end of
   * <body> with the page's `chunks` (route-preloads.ts).
   */
  render(meta: PageMeta, origin: string, extraHead = '', shell = '', chunks: readonly string[] = []): string {
    const tags = renderHeadTags(pageHeadTags(absolutePageMeta(meta, origin)));
    const head = [tags, extraHead, shell ? RENDERED_END_EXPECT : ''].filter(Boolean).join('\n    ');
    const entry = this.file.get()?.entry ?? null;
    // Function replacements, so '$&' or '$1' in an admin-written title is not read as a pattern.
    let html = this.template().replace(HEAD_MARKER, () => head);
    if (shell) html = html.replace(ROOT_ELEMENT, () => `<div id="root">${shell}</div>${RENDERED_END_MARK}`);
    return entry ? html.replace(/<\/body>/i, () => `  ${clientLoaderScript(entry, chunks, shell !== '')}\n  </body>`) : html;
  }
}
