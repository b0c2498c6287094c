import { randomUUID } from 'node:crypto';
import type { EventStore, LogPosition } from '../event-store/port';
import { maxPosition } from '@mello/projections';
import { appendDecision, handleCommand, loadAggregate, type CommandContext } from '../shared/command-handler';
import { NotFoundError } from '../shared/errors';
import type { DocumentDecider } from './document-decider';
import { decideReservation, evolveReservation, initialReservation, reservationStream } from './reservation';

export type ReadModelWaiter = { waitFor(position: string | null, timeoutMs?: number): Promise<boolean> };

export type DocumentServiceOptions<F> = {
  decider: DocumentDecider<F>;
  streamName: (id: string) => string;
  notFoundMessage: string;
  /** A key that must be unique across live documents (year number, article slug), with the 409 message. */
  unique?: { key: (fields: F) => string; takenMessage: (fields: F) => string };
};

const reservationDecider = { initialState: initialReservation, evolve: evolveReservation, decide: decideReservation };

/**
 * The application service behind POST/PUT/DELETE of years, videos and articles: claims unique keys, runs the
 * document decider, releases what a failed or finished command no longer owns, and answers only once the read
 * models have caught up (read your writes).
 */
export function createDocumentService<F extends Record<string, unknown>>(
  store: EventStore,
  readModels: ReadModelWaiter,
  options: DocumentServiceOptions<F>,
) {
  const { decider, unique } = options;

  const claim = async (fields: F, ownerId: string, context: CommandContext) => {
    if (!unique) return null;
    const key = unique.key(fields);
    const result = await handleCommand(store, reservationStream(key), reservationDecider, { type: 'claim', key, ownerId, takenMessage: unique.takenMessage(fields) }, context);
    return result.position;
  };
  const release = async (key: string, ownerId: string, context: CommandContext) =>
    (await handleCommand(store, reservationStream(key), reservationDecider, { type: 'release', key, ownerId }, context)).position;

  const settle = async (positions: Array<LogPosition | null>) => {
    await readModels.waitFor(positions.reduce<string | null>(maxPosition, null));
  };

  return {
    async create(fields: F, context: CommandContext, id: string = randomUUID()): Promise<{ id: string } & F> {
      const claimed = await claim(fields, id, context);
      try {
        const result = await handleCommand(store, options.streamName(id), decider, { type: 'create', id, fields }, context);
        await settle([claimed, result.position]);
      } catch (error) {
        if (unique && claimed) await release(unique.key(fields), id, context);
        throw error;
      }
      return { id, ...fields };
    },

    async update(id: string, changes: Partial<F>, context: CommandContext): Promise<{ id: string } & F> {
      const loaded = await loadAggregate(store, options.streamName(id), decider);
      if (loaded.state.status !== 'active') throw new NotFoundError(options.notFoundMessage);
      const before = loaded.state.fields;
      const events = decider.decide({ type: 'update', id, changes }, loaded.state);
      const after = events.reduce(decider.evolve, loaded.state);
      if (after.status !== 'active') throw new NotFoundError(options.notFoundMessage);
      const oldKey = unique?.key(before);
      const newKey = unique?.key(after.fields);
      const keyChanged = unique !== undefined && oldKey !== newKey;

      const claimed = keyChanged ? await claim(after.fields, id, context) : null;
      let position: LogPosition | null;
      try {
        position = await appendDecision(store, options.streamName(id), events, loaded.expectedRevision, context);
      } catch (error) {
        if (keyChanged && claimed) await release(newKey!, id, context);
        throw error;
      }
      const released = keyChanged ? await release(oldKey!, id, context) : null;
      await settle([claimed, position, released]);
      return { id, ...after.fields };
    },

    /**
     * Makes the document's fields equal `fields` again, appending a new event (history is never rewritten): an
     * update when the document is live, a re-creation — claiming its unique key again — when it was deleted.
     */
    async restore(id: string, fields: F, context: CommandContext): Promise<{ id: string } & F> {
      const loaded = await loadAggregate(store, options.streamName(id), decider);
      if (loaded.state.status === 'none') throw new NotFoundError(options.notFoundMessage);
      if (loaded.state.status === 'active') return this.update(id, fields, context);
      const claimed = await claim(fields, id, context);
      try {
        const position = await appendDecision(store, options.streamName(id), decider.decide({ type: 'recreate', id, fields }, loaded.state), loaded.expectedRevision, context);
        await settle([claimed, position]);
      } catch (error) {
        if (unique && claimed) await release(unique.key(fields), id, context);
        throw error;
      }
      return { id, ...fields };
    },

    async remove(id: string, context: CommandContext): Promise<void> {
      const result = await handleCommand(store, options.streamName(id), decider, { type: 'delete', id }, context);
      const last = result.events[result.events.length - 1];
      const released = unique && last ? await release(unique.key(last.data.fields as F), id, context) : null;
      await settle([result.position, released]);
    },
  };
}

export type DocumentService<F extends Record<string, unknown>> = ReturnType<typeof createDocumentService<F>>;
