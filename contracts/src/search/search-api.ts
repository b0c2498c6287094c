import { z } from 'zod';
import { ArticleSchema } from '../archive/articles';
import { VideoSchema } from '../archive/videos';
import { YearSchema } from '../archive/years';
import { route } from '../http/route';
import { ForumPostSchema, ForumSearchQuerySchema } from '../forum/forum';
import { ArtistSearchHitSchema, EntrySearchHitSchema, SongwriterSearchHitSchema, TextSearchQuerySchema, YearSearchQuerySchema } from './search';

/**
 * A forum post as the search lists it: the post itself, as GET /api/forum/posts/{id} answers it (the forum list
 * screen reads its list from this call, so the two share one cache).
 */
export const ForumSearchHitSchema = ForumPostSchema;
export type ForumSearchHit = z.infer<typeof ForumSearchHitSchema>;

/**
 * GET /api/search/* (spec section 7): each answers the matching documents best first (newest first for an empty
 * forum query), as the list endpoints answer them; a query with nothing to find answers [].
 */
export const searchApi = {
  years: route({ method: 'GET', path: '/api/search/years', query: YearSearchQuerySchema, response: z.array(YearSchema), summary: 'Söker bland åren' }),
  articles: route({
    method: 'GET',
    path: '/api/search/articles',
    query: TextSearchQuerySchema,
    response: z.array(ArticleSchema),
    summary: 'Söker bland artiklarna',
  }),
  videos: route({ method: 'GET', path: '/api/search/videos', query: TextSearchQuerySchema, response: z.array(VideoSchema), summary: 'Söker bland videorna' }),
  entries: route({
    method: 'GET',
    path: '/api/search/entries',
    query: TextSearchQuerySchema,
    response: z.array(EntrySearchHitSchema),
    summary: 'Söker bland bidragen',
  }),
  artists: route({
    method: 'GET',
    path: '/api/search/artists',
    query: TextSearchQuerySchema,
    response: z.array(ArtistSearchHitSchema),
    summary: 'Söker bland artisterna',
  }),
  songwriters: route({
    method: 'GET',
    path: '/api/search/songwriters',
    query: TextSearchQuerySchema,
    response: z.array(SongwriterSearchHitSchema),
    summary: 'Söker bland låtskrivarna',
  }),
  forum: route({
    method: 'GET',
    path: '/api/search/forum',
    query: ForumSearchQuerySchema,
    response: z.array(ForumSearchHitSchema),
    summary: 'Söker bland foruminläggen (nyast först utan sökord)',
  }),
};
