import type { ReactNode } from 'react';

type Props = { /** Its usual height (CSS length), held until it has been rendered once. */ estimate: string; children: ReactNode };

/**
 * Content a page starts below the first screen: the browser skips its style and layout until it is near the
 * viewport (`content-visibility: auto`). A long page's first style and layout was one task of ~300 ms on
 * Lighthouse's slow phone, and the relayout after hydration another (issue 17, TBT). It stays in the DOM, the
 * accessibility tree and find-in-page; `contain-intrinsic-size: auto` keeps the estimate, then the height it last
 * had, so the scroll bar does not jump. An inline style, not a styled Box: no class to compute while hydrating.
 */
export function BelowTheFold({ estimate, children }: Props) {
  return <div style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}` }}>{children}</div>;
}
