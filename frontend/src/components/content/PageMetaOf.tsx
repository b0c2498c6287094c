import type { PageMeta } from '@mello/contracts';
import { usePageMeta } from '../../seo/use-page-meta';

/**
 * Sets a page's meta only once it is rendered. Pages render it when their data has loaded, so while they load
 * the meta the server put into the HTML (or the previous page's) stays instead of a half-built one.
 */
export function PageMetaOf({ meta }: { meta: PageMeta }) {
  usePageMeta(meta);
  return null;
}
