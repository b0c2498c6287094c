/**
 * The addresses of the pages a document has (the client's routes, backend/src/seo/client-routes.ts): links, the
 * canonical path of a page's meta and the sitemap all take them from here. No schema imports: the home route loads it.
 */
export const yearPath = (year: number) => `/year/${year}`;
export const articlePath = (articleId: string) => `/article/${encodeURIComponent(articleId)}`;
export const artistPath = (slug: string) => `/artist/${encodeURIComponent(slug)}`;
export const songwriterPath = (slug: string) => `/songwriter/${encodeURIComponent(slug)}`;
export const forumPostPath = (postId: string) => `/forum/post/${encodeURIComponent(postId)}`;
