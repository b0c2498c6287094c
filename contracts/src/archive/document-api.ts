import { z } from 'zod';
import { DeletedSchema, route } from '../http/route';
import { ArticleCreateInputSchema, ArticleSchema, ArticleUpdateInputSchema } from './articles';
import { VideoViewSchema } from './entry-links';
import { VideoCreateInputSchema, VideoUpdateInputSchema } from './videos';
import { YearCreateInputSchema, YearSchema, YearUpdateInputSchema } from './years';

/**
 * The calls of a curated document (years, videos, articles: spec section 7): the public list, and the admin's
 * create, update and delete. One factory, so the three resources cannot drift apart.
 */
function documentApi<
  const Prefix extends string,
  Item extends z.ZodTypeAny,
  Create extends z.ZodTypeAny,
  Update extends z.ZodTypeAny,
>(prefix: Prefix, noun: string, schemas: { item: Item; create: Create; update: Update }) {
  return {
    list: route({ method: 'GET', path: prefix, response: z.array(schemas.item), summary: `Alla ${noun}` }),
    create: route({
      method: 'POST',
      path: prefix,
      body: schemas.create,
      response: schemas.item,
      status: 201,
      summary: `Skapar ${noun} (admin, Idempotency-Key)`,
    }),
    update: route({
      method: 'PUT',
      path: `${prefix}/:id`,
      body: schemas.update,
      response: schemas.item,
      summary: `Ändrar ${noun} (admin)`,
    }),
    remove: route({ method: 'DELETE', path: `${prefix}/:id`, response: DeletedSchema, summary: `Tar bort ${noun} (admin)` }),
  };
}

export const yearApi = {
  ...documentApi('/api/years', 'år', { item: YearSchema, create: YearCreateInputSchema, update: YearUpdateInputSchema }),
  byYear: route({ method: 'GET', path: '/api/years/by-year/:year', response: YearSchema, summary: 'Ett år efter årtal' }),
};

export const videoApi = {
  ...documentApi('/api/videos', 'videor', { item: VideoViewSchema, create: VideoCreateInputSchema, update: VideoUpdateInputSchema }),
  byId: route({ method: 'GET', path: '/api/videos/:id', response: VideoViewSchema, summary: 'En video med sitt bidrag' }),
};

export const articleApi = documentApi('/api/articles', 'artiklar', {
  item: ArticleSchema,
  create: ArticleCreateInputSchema,
  update: ArticleUpdateInputSchema,
});
