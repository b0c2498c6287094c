import { PAGE_META_ATTRIBUTE, absolutePageMeta, pageHeadTags, type HeadTag, type PageMeta } from '@mello/contracts';

/** For useStaticPageMeta: the builders come with the writer. */
export { pageMeta } from '@mello/contracts';

/** The selector of the element a tag replaces, marked or not (so a stray default in index.html is not doubled). */
function sameTagSelector(tag: HeadTag): string {
  switch (tag.tag) {
    case 'title':
      return 'title';
    case 'link':
      return `link[rel="${tag.attrs.rel}"]`;
    case 'script':
      return `script[type="application/ld+json"][${PAGE_META_ATTRIBUTE}]`;
    case 'meta':
      return 'name' in tag.attrs ? `meta[name="${tag.attrs.name}"]` : `meta[property="${tag.attrs.property}"]`;
    default: {
      const never: never = tag;
      return never;
    }
  }
}

function elementFor(tag: HeadTag): HTMLElement {
  const element = document.createElement(tag.tag);
  if (tag.tag !== 'title') for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
  if (tag.tag === 'title' || tag.tag === 'script') element.textContent = tag.text;
  element.setAttribute(PAGE_META_ATTRIBUTE, '');
  return element;
}

/**
 * Puts the page's meta into document.head: title, description, robots, canonical link, Open Graph and Twitter
 * tags and one JSON-LD script. Replaces the tags the server rendered (and those of the previous page), so each
 * exists once; tags the new page does not have (e.g. robots noindex) disappear.
 */
export function applyPageMeta(meta: PageMeta, origin = window.location.origin): void {
  const tags = pageHeadTags(absolutePageMeta(meta, origin));
  const head = document.head;
  const wanted = new Set(tags.map(sameTagSelector));
  for (const stale of Array.from(head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`))) {
    if (!stale.matches([...wanted].join(','))) stale.remove();
  }
  for (const tag of tags) {
    const existing = Array.from(head.querySelectorAll(sameTagSelector(tag)));
    const fresh = elementFor(tag);
    if (existing[0]) existing[0].replaceWith(fresh);
    else head.appendChild(fresh);
    for (const duplicate of existing.slice(1)) duplicate.remove();
  }
  document.title = meta.title;
}
