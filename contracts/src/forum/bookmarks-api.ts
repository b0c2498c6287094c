import { z } from 'zod';
import { route } from '../http/route';
import { BookmarkSchema, BookmarkStateSchema, MyBookmarksSchema } from './bookmarks';

/**
 * Bookmarks: every call needs a signed-in member and acts on or reads only their own bookmarks. Saving is a PUT
 * (saving again changes nothing); removing is a DELETE (removing what is not saved changes nothing).
 */
export const bookmarksApi = {
  savePost: route({ method: 'PUT', path: '/api/forum/posts/:id/bookmark', response: BookmarkStateSchema, summary: 'Sparar ett inlägg (medlem)' }),
  unsavePost: route({ method: 'DELETE', path: '/api/forum/posts/:id/bookmark', response: BookmarkStateSchema, summary: 'Tar bort ett sparat inlägg (medlem)' }),
  saveReply: route({ method: 'PUT', path: '/api/forum/replies/:id/bookmark', response: BookmarkStateSchema, summary: 'Sparar ett svar (medlem)' }),
  unsaveReply: route({
    method: 'DELETE',
    path: '/api/forum/replies/:id/bookmark',
    response: BookmarkStateSchema,
    summary: 'Tar bort ett sparat svar (medlem)',
  }),
  list: route({
    method: 'GET',
    path: '/api/forum/bookmarks',
    response: z.array(BookmarkSchema),
    summary: 'Medlemmens sparade inlägg och svar, nyast först (medlem)',
  }),
  myBookmarks: route({
    method: 'GET',
    path: '/api/forum/posts/:id/my-bookmarks',
    response: MyBookmarksSchema,
    summary: 'Vilka av inlägget och dess svar medlemmen har sparat',
  }),
};
