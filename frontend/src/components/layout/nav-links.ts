/**
 * The main navigation of spec section 2, in order; the footer repeats it as quick links. `section` names the first
 * path segments of the pages that belong under a link (a year's page under År för År, /lost-media and a post under
 * Forum, an article under Artiklar), so the header shows where the reader is on those pages too.
 */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Hem' },
  { to: '/years', label: 'År för År', section: ['year', 'artist', 'songwriter', 'statistik'] },
  { to: '/forum', label: 'Forum', section: ['forum', 'lost-media'] },
  { to: '/video-archive', label: 'Videoarkiv' },
  { to: '/blog', label: 'Artiklar', section: ['article'] },
  { to: '/about', label: 'Om Oss' },
];

export type NavLinkItem = { to: string; label: string; section?: readonly string[] };

/** The link's aria-current at `pathname`: 'page' on its own page, 'true' on a page of its section, else none. */
export function navCurrent(link: NavLinkItem, pathname: string): 'page' | 'true' | undefined {
  if (pathname === link.to) return 'page';
  return link.section?.includes(pathname.split('/')[1]!) ? 'true' : undefined;
}

export const MAIN_CONTENT_ID = 'main-content';
