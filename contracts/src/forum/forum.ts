import { z } from 'zod';
import { FIRST_CONTEST_YEAR } from '../archive/years';
import { cleanList, hasDirectionControls, lowerCaseId, visibleLength, wholeNumber } from '../fields';
import { searchText } from '../search/search';
import {
  FORUM_CONTENT_MAX,
  FORUM_CONTENT_MIN,
  FORUM_REPLY_MAX,
  FORUM_SEARCH_DEFAULT_LIMIT,
  FORUM_SEARCH_LIMIT,
  FORUM_TAG_MAX,
  FORUM_TAGS_MAX,
  FORUM_TITLE_MAX,
  FORUM_TITLE_MIN,
} from './forum-limits';
import { MentionSchema } from './mentions';

export const FORUM_CATEGORIES = ['lost-media', 'found', 'tips', 'general'] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];
export const FORUM_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ForumPriority = (typeof FORUM_PRIORITIES)[number];
export const FORUM_STATUSES = ['active', 'solved'] as const;
export type ForumStatus = (typeof FORUM_STATUSES)[number];

export * from './forum-limits';

/** A forum post as the API answers it (spec section 3). The server sets author, counts and status. */
export const ForumPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  priority: z.enum(FORUM_PRIORITIES).nullable(),
  year: z.number().int().nullable(),
  reward: z.number().int(),
  status: z.enum(FORUM_STATUSES),
  tags: z.array(z.string()),
  /** The archive entry the post is about (a lost-media hunt for its video); null for most posts. Set at creation. */
  entryId: z.string().nullable(),
  /** The members its @mentions name (contracts/src/forum/mentions.ts); other @names are plain text. */
  mentions: z.array(MentionSchema),
  likes: z.number().int(),
  views: z.number().int(),
  repliesCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hidden until reviewed (flags and moderation, moderation.ts): for all but the admin, title and content are withheld. */
  hidden: z.boolean().optional(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const ForumReplySchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  mentions: z.array(MentionSchema),
  likes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hidden until reviewed: for all but the admin, the content is withheld (moderation.ts). */
  hidden: z.boolean().optional(),
});
export type ForumReply = z.infer<typeof ForumReplySchema>;

/** The latest year a post may be about: the current one (product decision 4, the same bound on edit). */
export const latestForumYear = (now = new Date()) => now.getFullYear();

const title = z
  .string({ required_error: 'Titel måste vara minst 5 tecken', invalid_type_error: 'Titeln måste vara text' })
  .trim()
  .max(FORUM_TITLE_MAX, `Titeln får vara högst ${FORUM_TITLE_MAX} tecken`)
  .refine((value) => visibleLength(value) >= FORUM_TITLE_MIN, 'Titel måste vara minst 5 tecken')
  .refine((value) => !hasDirectionControls(value), 'Titeln får inte innehålla tecken som vänder textens riktning');
const content = z
  .string({ required_error: 'Innehåll måste vara minst 10 tecken', invalid_type_error: 'Innehållet måste vara text' })
  .trim()
  .max(FORUM_CONTENT_MAX, `Innehållet får vara högst ${FORUM_CONTENT_MAX} tecken`)
  .refine((value) => visibleLength(value) >= FORUM_CONTENT_MIN, 'Innehåll måste vara minst 10 tecken');
const category = z.enum(FORUM_CATEGORIES, {
  errorMap: () => ({ message: `Kategorin måste vara en av: ${FORUM_CATEGORIES.join(', ')}` }),
});
/** Optional: null, '' and 'none' (a form's empty choice) all mean no priority. */
const priority = z.preprocess(
  (value) => (value === '' || value === 'none' || value === undefined ? null : value),
  z.enum(FORUM_PRIORITIES, { errorMap: () => ({ message: `Prioriteten måste vara en av: ${FORUM_PRIORITIES.join(', ')}` }) }).nullable(),
);
const year = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  wholeNumber(FIRST_CONTEST_YEAR, 9999)
    .refine(
      (value) => value <= latestForumYear(),
      () => ({ message: `Året får vara högst ${latestForumYear()}` }),
    )
    .nullable(),
);
const reward = z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumber(0, 100_000_000));
/** A tag that would turn the text around it (hasDirectionControls): refused by the schema and by the form's tag input. */
export const FORUM_TAG_DIRECTION_MESSAGE = 'En tagg får inte innehålla tecken som vänder textens riktning';
/** Free-text tags: non-strings dropped (spec section 5), trimmed, no empty ones, no duplicates. */
const tags = z
  .array(z.unknown(), { invalid_type_error: 'Taggar måste vara en lista' })
  .transform((values) => cleanList(values.filter((value): value is string => typeof value === 'string')))
  .refine((values) => values.length <= FORUM_TAGS_MAX, `Högst ${FORUM_TAGS_MAX} taggar`)
  .refine((values) => values.every((tag) => tag.length <= FORUM_TAG_MAX), `En tagg får vara högst ${FORUM_TAG_MAX} tecken`)
  .refine((values) => !values.some(hasDirectionControls), FORUM_TAG_DIRECTION_MESSAGE);

/** POST /api/forum/posts. Unknown keys (authorId, likes, status …) are dropped: the server sets them. */
export const ForumPostCreateInputSchema = z.object({
  title,
  content,
  category: category.default('general'),
  priority: priority.default(null),
  year: year.default(null),
  reward: reward.default(0),
  tags: tags.default([]),
  /** The entry the post is about ("Saknas video? Starta en efterlysning"): it must exist (404 FORUM_ENTRY_NOT_FOUND_MESSAGE). */
  entryId: z
    .preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.string({ invalid_type_error: 'Bidraget måste anges med sitt id' }).uuid('Bidraget måste anges med sitt id').transform(lowerCaseId).nullable(),
    )
    .default(null),
});
export type ForumPostCreateInput = z.output<typeof ForumPostCreateInputSchema>;

/** PUT /api/forum/posts/{id}: any of the editable fields; status lets the author mark the post solved. */
export const ForumPostEditInputSchema = z.object({
  title: title.optional(),
  content: content.optional(),
  category: category.optional(),
  priority: priority.optional(),
  year: year.optional(),
  reward: reward.optional(),
  tags: tags.optional(),
  status: z.enum(FORUM_STATUSES, { errorMap: () => ({ message: 'Status måste vara active eller solved' }) }).optional(),
});
export type ForumPostEditInput = z.output<typeof ForumPostEditInputSchema>;

export const ForumReplyInputSchema = z.object({
  content: z
    .string({ required_error: 'Svaret får inte vara tomt', invalid_type_error: 'Svaret måste vara text' })
    .trim()
    .max(FORUM_REPLY_MAX, `Svaret får vara högst ${FORUM_REPLY_MAX} tecken`)
    .refine((value) => visibleLength(value) > 0, 'Svaret får inte vara tomt'),
});

/** GET /api/search/forum: q, category (all or one of the four), limit (newest first when q is empty). */
export const ForumSearchQuerySchema = z.object({
  q: searchText.default(''),
  category: z
    .enum(['all', ...FORUM_CATEGORIES], { errorMap: () => ({ message: `Måste vara all eller en av: ${FORUM_CATEGORIES.join(', ')}` }) })
    .default('all')
    .transform((value) => (value === 'all' ? null : value)),
  limit: wholeNumber(1, FORUM_SEARCH_LIMIT).default(FORUM_SEARCH_DEFAULT_LIMIT),
});

/** The spec's Swedish messages for liking one's own content (section 5). */
export const OWN_POST_LIKE_MESSAGE = 'Kan inte gilla eget inlägg';
export const OWN_REPLY_LIKE_MESSAGE = 'Kan inte gilla eget svar';
export const POST_NOT_FOUND_MESSAGE = 'Inlägg hittades inte';
export const REPLY_NOT_FOUND_MESSAGE = 'Svaret hittades inte';
/** A new post's entryId names no entry of the archive: refused with 404, nothing appended. */
export const FORUM_ENTRY_NOT_FOUND_MESSAGE = 'Bidraget hittades inte';
