import { z } from 'zod';
import { FieldChangeSchema } from '../admin/audit';
import { route } from '../http/route';
import { FORUM_CATEGORIES, FORUM_PRIORITIES, FORUM_STATUSES } from './forum';

/**
 * A post's revisions as any reader may see them (issue 19, edit history for readers): read from the post's own
 * stream, each version's public fields and what changed since the one before. Who made a version is a public
 * display name (the author's, or 'Moderator' for the administrator editing someone else's post), never an e-mail.
 * Replies cannot be edited, so only posts have revisions.
 */
export const PUBLIC_POST_FIELDS = ['title', 'content', 'category', 'priority', 'year', 'reward', 'tags', 'status'] as const;
export const MODERATOR_NAME = 'Moderator';

export const PostVersionSchema = z.object({
  /** 1 for the post as created, then one more per edit. */
  number: z.number().int(),
  at: z.string(),
  editorName: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  priority: z.enum(FORUM_PRIORITIES).nullable(),
  year: z.number().int().nullable(),
  reward: z.number().int(),
  tags: z.array(z.string()),
  status: z.enum(FORUM_STATUSES),
  /** The public fields this version changed, compared with the one before (empty for the first). */
  changes: z.array(FieldChangeSchema),
});
export type PostVersion = z.infer<typeof PostVersionSchema>;

export const PostRevisionsSchema = z.object({ postId: z.string(), versions: z.array(PostVersionSchema) });
export type PostRevisions = z.infer<typeof PostRevisionsSchema>;

export const revisionsApi = {
  postRevisions: route({
    method: 'GET',
    path: '/api/forum/posts/:id/revisions',
    response: PostRevisionsSchema,
    summary: 'Ett inläggs versioner med ändringarna mellan dem (alla)',
  }),
};
