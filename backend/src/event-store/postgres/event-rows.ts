import { sql } from 'slonik';
import { z } from 'zod';
import { encodePosition, type RecordedEvent } from '../port';

/** A row of es.events as the store's reads select it (EVENT_COLUMNS), and the RecordedEvent it is. */
export const eventRow = z.object({
  global_position: z.number(),
  xid_text: z.string(),
  stream_name: z.string(),
  stream_revision: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  data: z.unknown(),
  metadata: z.any(),
  recorded_at: z.string(),
});
type EventRow = z.infer<typeof eventRow>;

export const EVENT_COLUMNS = sql.fragment`global_position, transaction_id::text AS xid_text, stream_name, stream_revision,
  event_id::text AS event_id, event_type, data, metadata, recorded_at`;

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  streamName: row.stream_name,
  streamRevision: row.stream_revision,
  position: encodePosition(row.xid_text, row.global_position),
  recordedAt: row.recorded_at,
});
