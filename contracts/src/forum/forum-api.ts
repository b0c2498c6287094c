import { z } from 'zod';
import { DELETE_HEADERS, EDIT_HEADERS, ITEM_HEADERS } from '../http/concurrency';
import { DeletedSchema, route } from '../http/route';
import { ForumPostCreateInputSchema, ForumPostEditInputSchema, ForumPostSchema, ForumReplyInputSchema, ForumReplySchema } from './forum';
import { ForumListQuerySchema, ForumPostPageSchema } from './forum-list';

/** What liking a post answers: its like count now (a second like by the same member changes nothing). */
export const ForumPostLikedSchema = z.object({ postId: z.string(), likes: z.number().int(), liked: z.literal(true) });
export type ForumPostLiked = z.infer<typeof ForumPostLikedSchema>;

/** What liking a reply answers: its like count now, and the post it belongs to. */
export const ForumReplyLikedSchema = z.object({ replyId: z.string(), postId: z.string(), likes: z.number().int(), liked: z.literal(true) });
export type ForumReplyLiked = z.infer<typeof ForumReplyLikedSchema>;

/** Which of a post and its replies the signed-in member has liked (the ids of those liked). */
export const ForumMyLikesSchema = z.object({ likedIds: z.array(z.string()) });
export type ForumMyLikes = z.infer<typeof ForumMyLikesSchema>;

/** The post form's names of its fields (frontend PostFormFields), so a 400 names a field as the form does (and the post's versions name them so too). */
export const FORUM_POST_LABELS = {
  title: 'Titel',
  content: 'Innehåll',
  category: 'Kategori',
  priority: 'Prioritet',
  year: 'År',
  reward: 'Belöning',
  tags: 'Taggar',
  status: 'Status',
  entryId: 'Bidrag',
} as const;

/**
 * The forum's calls (spec section 7). Every write needs a signed-in member; the creates take an Idempotency-Key.
 * An id that is not a post's or reply's id is a 404 with the spec's message, never a 400.
 */
export const forumApi = {
  list: route({
    method: 'GET',
    path: '/api/forum/posts',
    query: ForumListQuerySchema,
    response: ForumPostPageSchema,
    summary:
      'Forumlistan sida för sida (sort: activity = senaste aktivitet, newest = nyast, liked = mest gillade; cursor från föregående sidas nextCursor; limit högst 100)',
  }),
  createPost: route({
    method: 'POST',
    path: '/api/forum/posts',
    body: ForumPostCreateInputSchema,
    response: ForumPostSchema,
    status: 201,
    labels: FORUM_POST_LABELS,
    summary: 'Skapar ett inlägg (medlem, Idempotency-Key)',
  }),
  post: route({
    method: 'GET',
    path: '/api/forum/posts/:id',
    response: ForumPostSchema,
    summary: 'Ett inlägg (räknar en visning)',
    headers: ITEM_HEADERS,
  }),
  editPost: route({
    method: 'PUT',
    path: '/api/forum/posts/:id',
    body: ForumPostEditInputSchema,
    response: ForumPostSchema,
    labels: FORUM_POST_LABELS,
    summary: 'Ändrar ett inlägg eller markerar det löst (författaren eller admin; If-Match: den version som öppnades, annars 412)',
    headers: EDIT_HEADERS,
  }),
  deletePost: route({
    method: 'DELETE',
    path: '/api/forum/posts/:id',
    response: DeletedSchema,
    summary: 'Tar bort ett inlägg med dess svar (författaren eller admin; If-Match: den version som öppnades, annars 412)',
    headers: DELETE_HEADERS,
  }),
  replies: route({ method: 'GET', path: '/api/forum/posts/:id/replies', response: z.array(ForumReplySchema), summary: 'Ett inläggs svar' }),
  createReply: route({
    method: 'POST',
    path: '/api/forum/posts/:id/replies',
    body: ForumReplyInputSchema,
    response: ForumReplySchema,
    status: 201,
    labels: { content: 'Ditt svar' },
    summary: 'Svarar på ett inlägg (medlem, Idempotency-Key)',
  }),
  likePost: route({ method: 'POST', path: '/api/forum/posts/:id/like', response: ForumPostLikedSchema, summary: 'Gillar ett inlägg (medlem)' }),
  myLikes: route({
    method: 'GET',
    path: '/api/forum/posts/:id/my-likes',
    response: ForumMyLikesSchema,
    summary: 'Vilka av inlägget och dess svar medlemmen har gillat',
  }),
  likeReply: route({ method: 'POST', path: '/api/forum/replies/:id/like', response: ForumReplyLikedSchema, summary: 'Gillar ett svar (medlem)' }),
  deleteReply: route({ method: 'DELETE', path: '/api/forum/replies/:id', response: DeletedSchema, summary: 'Tar bort ett svar (författaren eller admin)' }),
};
