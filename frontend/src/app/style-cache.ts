import createCache, { type EmotionCache } from '@emotion/cache';

/** Emotion's key: the prefix of every class name ('css-1a2b3c'), the same on the server and in the browser. */
const STYLE_KEY = 'css';

/**
 * Emotion's cache for Chakra's styles, made alike on the server (entry-server.tsx, whose rules go into <head>) and
 * in the browser (main.tsx, which takes those rules over before hydrating: adoptServerStyles).
 * Without stylis' vendor prefixer: the evergreen browsers we serve need no `-webkit-`/`-ms-` copies of each rule,
 * and they were a ninth of the home page's CSS, parsed before the first paint.
 */
export const createStyleCache = () => createCache({ key: STYLE_KEY, stylisPlugins: [] });

/**
 * The attribute of the server's <style> elements: '{key} {name} {name}…', as emotion's own `data-emotion`, under a
 * name emotion does not look for. Emotion's browser cache moves every `data-emotion` element it finds to the end of
 * <head> (twice: when it is made and when it hydrates, and <Global> once more); the browser then parses that CSS
 * again and restyles the whole page, two long tasks on a slow phone (issue 17, TBT). The browser takes the names
 * over instead (adoptServerStyles) and leaves the elements where they are.
 */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';

/** The server's rendered styles, by emotion's key ('css', 'css-global'), as <style> elements for <head>. */
export function serverStyleTags(chunks: ReadonlyArray<{ key: string; ids: readonly string[]; css: string }>): string {
  return chunks
    .filter((chunk) => chunk.css !== '')
    .map((chunk) => `<style ${SERVER_STYLES_ATTRIBUTE}="${[chunk.key, ...chunk.ids].join(' ')}">${chunk.css}</style>`)
    .join('');
}

/** The names of the rules the server's <style> elements hold, by emotion key, read from their attribute. */
export function serverStyleNames(head: ParentNode): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const element of head.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`)) {
    const [key, ...ids] = (element.getAttribute(SERVER_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key) names.set(key, [...(names.get(key) ?? []), ...ids.filter(Boolean)]);
  }
  return names;
}

/** Marks the server's rules as in the page, so the browser's emotion inserts only those the server did not write. */
export function adoptServerRules(cache: EmotionCache, names: Map<string, string[]>): void {
  for (const name of names.get(cache.key) ?? []) cache.inserted[name] = true;
}
