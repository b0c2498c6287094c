import { EventName, FLAG_REASON_LABELS, type AnyEvent } from '@mello/contracts';
import type { AuditRow } from './audit-entry';

/** The moderation actions as the history names them (the admin's labels: frontend/src/features/admin/audit-labels.ts). */
export const MODERATION_AUDIT_ACTIONS = ['flagged', 'auto-hidden', 'hidden', 'unhidden', 'dismissed'] as const;

/**
 * A moderation event's row of the site-wide history: the flagged post or reply is the item (so its history
 * link and "exists" work as for its other events), the actor is who flagged or decided, and the label the post's
 * title or the reply's excerpt, with the reason for a flag.
 */
export function moderationAuditRow(event: AnyEvent, base: Omit<AuditRow, 'kind' | 'action' | 'item_id' | 'label'>): AuditRow | null {
  const row = (
    data: { targetType: 'post' | 'reply'; targetId: string; label: string },
    action: (typeof MODERATION_AUDIT_ACTIONS)[number],
    label = data.label,
  ) => ({
    ...base,
    kind: data.targetType === 'post' ? ('forum-post' as const) : ('forum-reply' as const),
    action,
    item_id: data.targetId,
    label,
  });
  switch (event.type) {
    case EventName.ForumContentFlagged:
      return row(event.data, 'flagged', `${event.data.label} (${FLAG_REASON_LABELS[event.data.reason]})`);
    case EventName.ForumContentHidden:
      return row(event.data, event.data.by === 'flags' ? 'auto-hidden' : 'hidden');
    case EventName.ForumContentRestored:
      return row(event.data, 'unhidden');
    case EventName.ForumFlagsDismissed:
      return row(event.data, 'dismissed');
    default:
      return null;
  }
}
