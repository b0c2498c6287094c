import type { PageMeta } from './page-meta';

/** Keys of schema.org values that hold a URL: site paths there become absolute URLs. */
const URL_KEYS = new Set(['url', 'image', 'thumbnailUrl', 'contentUrl', 'embedUrl', 'urlTemplate', '@id', 'logo', 'sameAs']);

/** A site path ('/year/1974') as an absolute URL on `origin`; absolute URLs and other text stay as they are. */
export function absoluteUrl(value: string, origin: string): string {
  if (!value.startsWith('/') || value.startsWith('//')) return value;
  return `${origin.replace(/\/+$/, '')}${value}`;
}

function absolutize(value: unknown, origin: string, isUrl: boolean): unknown {
  if (typeof value === 'string') return isUrl ? absoluteUrl(value, origin) : value;
  if (Array.isArray(value)) return value.map((item) => absolutize(item, origin, isUrl));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absolutize(item, origin, URL_KEYS.has(key))]));
  }
  return value;
}

export type AbsolutePageMeta = PageMeta & { url: string; imageUrl: string | null };

/** The page meta with its canonical URL, share image and structured data URLs made absolute on `origin`. */
export function absolutePageMeta(meta: PageMeta, origin: string): AbsolutePageMeta {
  return {
    ...meta,
    url: absoluteUrl(meta.path, origin),
    imageUrl: meta.image ? absoluteUrl(meta.image, origin) : null,
    jsonLd: meta.jsonLd?.map((item) => absolutize(item, origin, false) as object),
  };
}
