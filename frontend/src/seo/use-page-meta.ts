import { useEffect } from 'react';
import type { PageMeta, pageMeta } from '@mello/contracts';

/**
 * apply-page-meta.ts, loaded on the first page's effect: not part of the first screen's JavaScript (the server
 * already wrote that page's head). One promise for all, so the pages' metas are applied in the order they came.
 */
let applying: Promise<typeof import('./apply-page-meta')> | null = null;
const loadApplyPageMeta = () => (applying ??= import('./apply-page-meta'));

/**
 * Sets the page meta while the page is shown; pages call it with a `pageMeta.<route>(…)` value. `null` leaves the
 * head as it is: for a page still loading its data, so the server's tags (already right for this URL) are not
 * replaced by a 'not found' meta for a moment.
 */
export function usePageMeta(meta: PageMeta | null): void {
  // The meta is rebuilt on every render; compare by content so the head is only touched when it changes.
  const key = meta ? JSON.stringify(meta) : null;
  useEffect(() => {
    if (key) void loadApplyPageMeta().then(({ applyPageMeta }) => applyPageMeta(JSON.parse(key) as PageMeta));
  }, [key]);
}

/** The pages whose meta needs no data: `pageMeta.<name>()`. */
type StaticPageName = { [K in keyof typeof pageMeta]: (typeof pageMeta)[K] extends () => PageMeta ? K : never }[keyof typeof pageMeta];

/**
 * usePageMeta for a page whose meta needs no data, built in the lazily loaded module too: the home page's first
 * screen then carries neither the page-meta builders nor the head writer (its 200 kB budget, issue 17).
 */
export function useStaticPageMeta(name: StaticPageName): void {
  useEffect(() => {
    void loadApplyPageMeta().then(({ applyPageMeta, pageMeta }) => applyPageMeta(pageMeta[name]()));
  }, [name]);
}
