import { z } from 'zod';
import { entityId, flag, optionalText, optionalUrl, requiredText, textList, wholeNumber } from '../fields';
import { SLUG_PATTERN } from './slug';

export const ARTICLE_CATEGORIES = ['analysis', 'culture', 'tech', 'history'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const ArticleSchema = z.object({
  id: entityId,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  author: z.string(),
  authorTitle: z.string(),
  publishedAt: z.string(),
  readTime: z.number().int(),
  imageUrl: z.string().nullable(),
  sources: z.array(z.string()),
  featured: z.boolean(),
});
export type Article = z.infer<typeof ArticleSchema>;

const isoDateTime = z
  .string({ invalid_type_error: 'Måste vara ett datum' })
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Måste vara ett giltigt datum')
  .transform((value) => new Date(value).toISOString());

const articleFieldShape = {
  title: requiredText(300),
  /** Optional on create: derived from the title when left out (spec section 5). */
  slug: z
    .string({ invalid_type_error: 'Måste vara text' })
    .trim()
    .max(300, 'Får vara högst 300 tecken')
    .regex(SLUG_PATTERN, 'Får bara innehålla a-z, 0-9, å, ä, ö och bindestreck'),
  excerpt: requiredText(1000),
  content: optionalText(200_000),
  category: z.enum(ARTICLE_CATEGORIES, {
    errorMap: () => ({ message: `Måste vara en av: ${ARTICLE_CATEGORIES.join(', ')}` }),
  }),
  author: requiredText(200),
  authorTitle: optionalText(200),
  publishedAt: isoDateTime,
  readTime: wholeNumber(0, 1000),
  imageUrl: optionalUrl,
  sources: textList(),
  featured: flag,
};

/** Create input with the admin form's defaults: author 'Admin', readTime 5, publishedAt now, featured false. */
export const ArticleCreateInputSchema = z.object({
  ...articleFieldShape,
  slug: articleFieldShape.slug.optional(),
  author: articleFieldShape.author.default('Admin'),
  publishedAt: articleFieldShape.publishedAt.default(() => new Date().toISOString()),
  readTime: articleFieldShape.readTime.default(5),
  sources: articleFieldShape.sources.default([]),
  featured: flag.default(false),
});
export type ArticleCreateInput = z.input<typeof ArticleCreateInputSchema>;
/** The stored fields of an article: the slug is always set once the command has run. */
export type ArticleFields = Omit<z.output<typeof ArticleCreateInputSchema>, 'slug'> & { slug: string };

export const ArticleUpdateInputSchema = z.object(articleFieldShape).partial();
export type ArticleUpdateInput = z.input<typeof ArticleUpdateInputSchema>;
