import { SITE_NAME, type PageMeta } from '@mello/contracts';

/** The admin screens' page meta: never indexed (the server sends the same for /admin and the edit pages). */
export function adminMeta(title: string, path: string): PageMeta {
  return { title: `${title} | ${SITE_NAME}`, description: 'Administration av Melloarkivet.', path, noindex: true };
}
