/** The main navigation of spec section 2, in order; the footer repeats it as quick links. */
export const NAV_LINKS = [
  { to: '/', label: 'Hem' },
  { to: '/years', label: 'År för År' },
  { to: '/forum', label: 'Forum' },
  { to: '/video-archive', label: 'Videoarkiv' },
  { to: '/blog', label: 'Artiklar' },
  { to: '/about', label: 'Om Oss' },
] as const;

export const MAIN_CONTENT_ID = 'main-content';
