import { AUDIT_KINDS, rebuildStream, isUuid, type AuditKind } from '@mello/contracts';
import { articleStream } from '../archive/articles/article';
import { artistStream } from '../archive/lineups/artist';
import { entryStream } from '../archive/lineups/entry';
import { sourceStream } from '../archive/lineups/source';
import { videoStream } from '../archive/videos/video';
import { yearStream } from '../archive/years/year';
import { forumPostStream } from '../forum/post';
import { forumReplyStream } from '../forum/reply';

/** The stream of each kind of item the history covers (each stream holds one item's life). */
export const STREAMS: Record<AuditKind, (id: string) => string> = {
  year: yearStream,
  video: videoStream,
  article: articleStream,
  entry: entryStream,
  artist: artistStream,
  source: sourceStream,
  'forum-post': forumPostStream,
  'forum-reply': forumReplyStream,
  rebuild: rebuildStream,
};

/** Which kind of item a stream name belongs to, by its prefix and a uuid after it; null for every other stream. */
export function auditKindOfStream(streamName: string): AuditKind | null {
  return (
    AUDIT_KINDS.find((kind) => {
      const prefix = STREAMS[kind]('');
      return streamName.startsWith(prefix) && isUuid(streamName.slice(prefix.length));
    }) ?? null
  );
}
