import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@mello/contracts';

/** Metadata of an event the system appends (no user), occurring now: what the event-store tests append with. */
export const systemMetadata = (): EventMetadata => ({
  actor: { type: 'system' },
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});
