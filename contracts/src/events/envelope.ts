import { z } from 'zod';
import type { EventName } from './registry';

/** Who caused an event: a signed-in user, or the system itself (imports, migrations). */
export const ActorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userId: z.string(), email: z.string() }),
  z.object({ type: z.literal('system') }),
]);
export type Actor = z.infer<typeof ActorSchema>;
export const SYSTEM_ACTOR: Actor = { type: 'system' };

/** Carried by every event: who, when, and which request (correlation) and message (causation) led to it. */
export const EventMetadataSchema = z.object({
  actor: ActorSchema,
  occurredAt: z.string(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/**
 * A domain event as decide() emits it: a registry name and its data. Metadata is added by the command handler.
 * Prefer `EventOf<name>` (registry.ts), which ties the data to the name.
 */
export type DomainEvent<Type extends EventName = EventName, Data = unknown> = { type: Type; data: Data };
