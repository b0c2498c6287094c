import { z } from 'zod';
import { WATCH_LEVELS } from './notifications';

/**
 * The data of the events of watching and of reading notifications (names and versions in the event registry).
 * Streams: `forum-watch-{postId}-{userId}` (a member's choice for one post), `notifications-{userId}` (what a
 * member marked read). Notifications themselves are not events: they are derived from the forum's events.
 */
export const ForumPostWatchChangedData = z.object({ postId: z.string(), userId: z.string(), watch: z.enum(WATCH_LEVELS), changedAt: z.string() });
export const NotificationsMarkedReadData = z.object({ userId: z.string(), notificationIds: z.array(z.string()) });
/** Every notification of the member up to this log position (the newest they had) is read. */
export const AllNotificationsMarkedReadData = z.object({ userId: z.string(), upTo: z.string() });
