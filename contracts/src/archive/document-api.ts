import { z } from 'zod';
import { DELETE_HEADERS, EDIT_HEADERS, ITEM_HEADERS } from '../http/concurrency';
import { DeletedSchema, route } from '../http/route';
import { ArticleCreateInputSchema, ArticleSchema, ArticleUpdateInputSchema } from './articles';
import { VideoViewSchema } from './entry-links';
import { VideoCreateInputSchema, VideoUpdateInputSchema } from './videos';
import { YearCreateInputSchema, YearSchema, YearUpdateInputSchema } from './years';

/**
 * Each admin form's Swedish names of its fields, as the form labels them: the form's fields take their labels from
 * here, and a refused field (in the form before sending, or the server's 400) is named the same way.
 */
export const YEAR_FIELD_LABELS = {
  year: 'År',
  date: 'Datum',
  winner: 'Vinnare',
  song: 'Låt',
  venue: 'Plats',
  city: 'Stad',
  host: 'Programledare',
  videoUrl: 'Video-URL',
  imageUrl: 'Bild-URL',
  description: 'Beskrivning',
  facts: 'Intressanta fakta',
  controversies: 'Kontroverser',
  sources: 'Källor',
  isClassic: 'Klassiker',
} as const;

export const VIDEO_FIELD_LABELS = {
  title: 'Titel',
  artist: 'Artist',
  year: 'År',
  duration: 'Längd',
  category: 'Kategori',
  platform: 'Plattform',
  videoUrl: 'Video-URL',
  embedUrl: 'Inbäddnings-URL',
  thumbnailUrl: 'Miniatyrbild-URL',
  views: 'Visningar',
  description: 'Beskrivning',
  sources: 'Källor',
  isRare: 'Sällsynt material',
} as const;

export const ARTICLE_FIELD_LABELS = {
  title: 'Titel',
  slug: 'Slug',
  excerpt: 'Ingress',
  content: 'Innehåll (markdown)',
  category: 'Kategori',
  readTime: 'Lästid (minuter)',
  author: 'Författare',
  authorTitle: 'Författarens titel',
  publishedAt: 'Publicerad',
  imageUrl: 'Bild-URL',
  sources: 'Källor',
  featured: 'Utvald artikel',
} as const;

/**
 * The calls of a curated document (years, videos, articles: spec section 7): the public list, and the admin's
 * create, update and delete. One factory, so the three resources cannot drift apart.
 */
function documentApi<const Prefix extends string, Item extends z.ZodTypeAny, Create extends z.ZodTypeAny, Update extends z.ZodTypeAny>(
  prefix: Prefix,
  noun: string,
  schemas: { item: Item; create: Create; update: Update },
  labels: Readonly<Record<string, string>>,
) {
  return {
    list: route({ method: 'GET', path: prefix, response: z.array(schemas.item), summary: `Alla ${noun}` }),
    create: route({
      method: 'POST',
      path: prefix,
      body: schemas.create,
      response: schemas.item,
      status: 201,
      summary: `Skapar ${noun} (admin, Idempotency-Key)`,
      labels,
    }),
    update: route({
      method: 'PUT',
      path: `${prefix}/:id`,
      body: schemas.update,
      response: schemas.item,
      summary: `Ändrar ${noun} (admin; If-Match: den version som öppnades, annars 412)`,
      headers: EDIT_HEADERS,
      labels,
    }),
    remove: route({
      method: 'DELETE',
      path: `${prefix}/:id`,
      response: DeletedSchema,
      summary: `Tar bort ${noun} (admin; If-Match: den version som öppnades, annars 412)`,
      headers: DELETE_HEADERS,
    }),
  };
}

export const yearApi = {
  ...documentApi('/api/years', 'år', { item: YearSchema, create: YearCreateInputSchema, update: YearUpdateInputSchema }, YEAR_FIELD_LABELS),

  byYear: route({ method: 'GET', path: '/api/years/by-year/:year', response: YearSchema, summary: 'Ett år efter årtal', headers: ITEM_HEADERS }),
};

export const videoApi = {
  ...documentApi('/api/videos', 'videor', { item: VideoViewSchema, create: VideoCreateInputSchema, update: VideoUpdateInputSchema }, VIDEO_FIELD_LABELS),
  byId: route({ method: 'GET', path: '/api/videos/:id', response: VideoViewSchema, summary: 'En video med sitt bidrag', headers: ITEM_HEADERS }),
};

export const articleApi = {
  ...documentApi(
    '/api/articles',
    'artiklar',
    { item: ArticleSchema, create: ArticleCreateInputSchema, update: ArticleUpdateInputSchema },
    ARTICLE_FIELD_LABELS,
  ),
  byId: route({ method: 'GET', path: '/api/articles/:id', response: ArticleSchema, summary: 'En artikel (admin: redigering)', headers: ITEM_HEADERS }),
};
