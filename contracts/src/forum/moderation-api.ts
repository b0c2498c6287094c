import { ADMIN_API_PREFIX } from '../admin/admin-api';
import { EventName, eventNames } from '../events/registry';
import { route } from '../http/route';
import { FlagInputSchema, FlagResultSchema, ModerationActionInputSchema, ModerationQueueSchema, ModerationResultSchema } from './moderation';

/** The moderation events: the moderation read model, the audit history and the live count follow them. */
export const MODERATION_EVENTS = eventNames(
  EventName.ForumContentFlagged,
  EventName.ForumContentHidden,
  EventName.ForumContentRestored,
  EventName.ForumFlagsDismissed,
);

const FLAG_LABELS = { reason: 'Skäl', text: 'Beskrivning' } as const;

/**
 * Flags (a signed-in member, not on their own content; a second flag by the same member counts once) and the
 * administrator's moderation queue and actions (everything under /api/admin is the administrator's).
 */
export const moderationApi = {
  flagPost: route({
    method: 'POST',
    path: '/api/forum/posts/:id/flag',
    body: FlagInputSchema,
    response: FlagResultSchema,
    labels: FLAG_LABELS,
    summary: 'Rapporterar ett inlägg (medlem, inte sitt eget; en gång per medlem)',
  }),
  flagReply: route({
    method: 'POST',
    path: '/api/forum/replies/:id/flag',
    body: FlagInputSchema,
    response: FlagResultSchema,
    labels: FLAG_LABELS,
    summary: 'Rapporterar ett svar (medlem, inte sitt eget; en gång per medlem)',
  }),
  queue: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/moderation`,
    response: ModerationQueueSchema,
    summary: 'Modereringskön: rapporterat och dolt innehåll med rapporterna (admin)',
  }),
  moderatePost: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/moderation/posts/:id`,
    body: ModerationActionInputSchema,
    response: ModerationResultSchema,
    labels: { action: 'Åtgärd' },
    summary: 'Döljer, återställer eller avfärdar rapporterna om ett inlägg (admin); svarar köposten (null när den lämnat kön)',
  }),
  moderateReply: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/moderation/replies/:id`,
    body: ModerationActionInputSchema,
    response: ModerationResultSchema,
    labels: { action: 'Åtgärd' },
    summary: 'Döljer, återställer eller avfärdar rapporterna om ett svar (admin); svarar köposten (null när den lämnat kön)',
  }),
};
