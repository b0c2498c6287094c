import type { EventStore, LogPosition } from '../event-store/port';
import { maxPosition } from '@mello/projections';
import {
  appendDecision,
  checkIfMatch,
  handleCommand,
  loadAggregate,
  newItemId,
  revisionAfter,
  type CommandContext,
  type IfMatchRevision,
} from '../shared/command-handler';
import { ConcurrentAppendError, ConflictError, NotFoundError } from '../shared/errors';
import type { DocumentDecider } from './document-decider';
import { decideReservation, evolveReservation, initialReservation, reservationStream } from './reservation';

export type ReadModelWaiter = { waitFor(position: string | null, timeoutMs?: number): Promise<boolean> };

export type DocumentServiceOptions<F> = {
  decider: DocumentDecider<F>;
  streamName: (id: string) => string;
  notFoundMessage: string;
  /** The 412 when an If-Match names an older revision ('Någon annan har ändrat året …'). */
  staleMessage?: string;
  /** A key that must be unique across live documents (year number, article slug), with the 409 message. */
  unique?: { key: (fields: F) => string; takenMessage: (fields: F) => string };
  /** Several such keys (an entry's running-order slots); each is claimed and released like `unique`. */
  uniqueKeys?: (fields: F) => UniqueKey[];
  /** Checks before a create or an update is decided (an entry's year and artist must exist): throws to refuse. */
  check?: (fields: F) => Promise<void>;
};

export type UniqueKey = { key: string; takenMessage: string };

const reservationDecider = { initialState: initialReservation, evolve: evolveReservation, decide: decideReservation };

/**
 * The application service behind POST/PUT/DELETE of years, videos, articles, entries, artists and sources:
 * claims unique keys, runs the document decider, releases what a failed or finished command no longer owns,
 * and answers only once the read models have caught up (read your writes).
 */
export function createDocumentService<F extends Record<string, unknown>>(store: EventStore, readModels: ReadModelWaiter, options: DocumentServiceOptions<F>) {
  const { decider } = options;
  const keysOf = (fields: F): UniqueKey[] => {
    const keys = [
      ...(options.unique ? [{ key: options.unique.key(fields), takenMessage: options.unique.takenMessage(fields) }] : []),
      ...(options.uniqueKeys?.(fields) ?? []),
    ];
    return keys.filter((key, index) => keys.findIndex((other) => other.key === key.key) === index);
  };

  const release = async (keys: readonly UniqueKey[], ownerId: string, context: CommandContext) => {
    const positions: Array<LogPosition | null> = [];
    for (const { key } of keys) {
      positions.push((await handleCommand(store, reservationStream(key), reservationDecider, { type: 'release', key, ownerId }, context)).position);
    }
    return positions;
  };
  /** Claims every key in order; when one is taken, releases the ones this call claimed and rethrows. */
  const claim = async (keys: readonly UniqueKey[], ownerId: string, context: CommandContext) => {
    const positions: Array<LogPosition | null> = [];
    const claimed: UniqueKey[] = [];
    try {
      for (const { key, takenMessage } of keys) {
        const claimOnce = () => handleCommand(store, reservationStream(key), reservationDecider, { type: 'claim', key, ownerId, takenMessage }, context);
        // A claim that lost the race for the key decides again on the stream as it is now: taken by another, it is
        // told so (takenMessage, not 'someone changed this at the same time'); a second run of one keyed create (one
        // still running past the takeover) claiming for the same owner finds the key its own.
        const result = await claimOnce().catch((error: unknown) => {
          const again = error instanceof ConcurrentAppendError || (context.idempotencySeed !== undefined && error instanceof ConflictError);
          if (!again) throw error;
          return claimOnce();
        });
        positions.push(result.position);
        if (result.position !== null) claimed.push({ key, takenMessage });
      }
    } catch (error) {
      await release(claimed, ownerId, context);
      throw error;
    }
    return { positions, claimed };
  };

  const ifMatchOf = (expected: number | undefined): IfMatchRevision | undefined =>
    expected === undefined ? undefined : { revision: expected, staleMessage: options.staleMessage ?? 'Någon annan har ändrat detta sedan du öppnade det.' };

  const settle = async (positions: Array<LogPosition | null>) => {
    await readModels.waitFor(positions.reduce<string | null>(maxPosition, null));
  };

  /**
   * The document an earlier run of the same keyed create made (newItemId gives every run of it this id), once the
   * read models hold it; null when there is none and this run creates it. Deleted since: 404, as it would be now.
   */
  const madeEarlier = async (id: string, context: CommandContext): Promise<({ id: string } & F) | null> => {
    if (context.idempotencySeed === undefined) return null;
    const loaded = await loadAggregate(store, options.streamName(id), decider);
    if (loaded.state.status === 'none') return null;
    if (loaded.state.status === 'deleted') throw new NotFoundError(options.notFoundMessage);
    await settle([loaded.position]);
    return { id, ...loaded.state.fields };
  };

  return {
    /** Without an id: a new one (newItemId), which for a keyed create answers the item an earlier run of it made. */
    async create(fields: F, context: CommandContext, id: string = newItemId(context)): Promise<{ id: string } & F> {
      const earlier = await madeEarlier(id, context);
      if (earlier) return earlier;
      await options.check?.(fields);
      const { positions, claimed } = await claim(keysOf(fields), id, context);
      try {
        const result = await handleCommand(store, options.streamName(id), decider, { type: 'create', id, fields }, context);
        await settle([...positions, result.position]);
      } catch (error) {
        // A run of the same keyed create that appended meanwhile (one still running past the takeover) owns the
        // keys: they stay claimed, and its document is the answer.
        const raced = error instanceof ConflictError ? await madeEarlier(id, context) : null;
        if (raced) return raced;
        await release(claimed, id, context);
        throw error;
      }
      return { id, ...fields };
    },

    /** `changes` may be a function of the current fields (a rename keeps the old name): decided on the same load. */
    async update(id: string, changes: Partial<F> | ((current: F) => Partial<F>), context: CommandContext): Promise<{ id: string } & F> {
      return (await this.updateAt(id, changes, context)).document;
    },

    /**
     * The update, optionally based on the revision the client opened (If-Match: a later save makes it a 412, and the
     * append expects that revision, so the check is atomic), answering the stream's revision after it (the new ETag).
     */
    async updateAt(
      id: string,
      changes: Partial<F> | ((current: F) => Partial<F>),
      context: CommandContext,
      expected?: number,
    ): Promise<{ document: { id: string } & F; revision: number }> {
      const loaded = await loadAggregate(store, options.streamName(id), decider);
      if (loaded.state.status !== 'active') throw new NotFoundError(options.notFoundMessage);
      const ifMatch = ifMatchOf(expected);
      checkIfMatch(loaded, ifMatch);
      const before = loaded.state.fields;
      const wanted = typeof changes === 'function' ? changes(before) : changes;
      const events = decider.decide({ type: 'update', id, changes: wanted }, loaded.state);
      const after = events.reduce(decider.evolve, loaded.state);
      if (after.status !== 'active') throw new NotFoundError(options.notFoundMessage);
      if (events.length > 0) await options.check?.(after.fields);
      const oldKeys = keysOf(before);
      const newKeys = keysOf(after.fields);
      const gained = newKeys.filter((key) => !oldKeys.some((old) => old.key === key.key));
      const lost = oldKeys.filter((key) => !newKeys.some((next) => next.key === key.key));

      const { positions, claimed } = await claim(gained, id, context);
      let position: LogPosition | null;
      try {
        position = await appendDecision(store, options.streamName(id), events, loaded.expectedRevision, context, ifMatch);
      } catch (error) {
        await release(claimed, id, context);
        throw error;
      }
      const released = await release(lost, id, context);
      await settle([...positions, position, ...released]);
      return { document: { id, ...after.fields }, revision: revisionAfter(loaded.expectedRevision, events.length) };
    },

    /**
     * Updates several documents whose unique keys move among themselves (a new running order of a show): every
     * key they give up is released before any is claimed, so swapping two slots works. Each append carries its
     * document's expected revision; a concurrent edit of any of them is a 409.
     */
    async updateMany(changes: ReadonlyArray<{ id: string; changes: Partial<F> }>, context: CommandContext): Promise<Array<{ id: string } & F>> {
      const plans = [];
      for (const change of changes) {
        const loaded = await loadAggregate(store, options.streamName(change.id), decider);
        if (loaded.state.status !== 'active') throw new NotFoundError(options.notFoundMessage);
        const events = decider.decide({ type: 'update', id: change.id, changes: change.changes }, loaded.state);
        const after = events.reduce(decider.evolve, loaded.state);
        if (after.status !== 'active') throw new NotFoundError(options.notFoundMessage);
        const oldKeys = keysOf(loaded.state.fields);
        const newKeys = keysOf(after.fields);
        plans.push({
          id: change.id,
          loaded,
          events,
          fields: after.fields,
          gained: newKeys.filter((key) => !oldKeys.some((old) => old.key === key.key)),
          lost: oldKeys.filter((key) => !newKeys.some((next) => next.key === key.key)),
        });
      }
      const positions: Array<LogPosition | null> = [];
      for (const plan of plans) positions.push(...(await release(plan.lost, plan.id, context)));
      for (const plan of plans) positions.push(...(await claim(plan.gained, plan.id, context)).positions);
      for (const plan of plans) positions.push(await appendDecision(store, options.streamName(plan.id), plan.events, plan.loaded.expectedRevision, context));
      await settle(positions);
      return plans.map((plan) => ({ id: plan.id, ...plan.fields }));
    },

    /**
     * Makes the document's fields equal `fields` again, appending a new event (history is never rewritten): an
     * update when the document is live, a re-creation — claiming its unique keys again — when it was deleted.
     */
    async restore(id: string, fields: F, context: CommandContext): Promise<{ id: string } & F> {
      const loaded = await loadAggregate(store, options.streamName(id), decider);
      if (loaded.state.status === 'none') throw new NotFoundError(options.notFoundMessage);
      if (loaded.state.status === 'active') return this.update(id, fields, context);
      await options.check?.(fields);
      const { positions, claimed } = await claim(keysOf(fields), id, context);
      try {
        const position = await appendDecision(
          store,
          options.streamName(id),
          decider.decide({ type: 'recreate', id, fields }, loaded.state),
          loaded.expectedRevision,
          context,
        );
        await settle([...positions, position]);
      } catch (error) {
        await release(claimed, id, context);
        throw error;
      }
      return { id, ...fields };
    },

    /** Deletes; with `expected` (If-Match) only while the document is still at that revision (412 otherwise). */
    async remove(id: string, context: CommandContext, guard?: (fields: F) => Promise<void>, expected?: number): Promise<void> {
      if (guard) {
        const loaded = await loadAggregate(store, options.streamName(id), decider);
        if (loaded.state.status === 'active') await guard(loaded.state.fields);
      }
      const result = await handleCommand(store, options.streamName(id), decider, { type: 'delete', id }, context, ifMatchOf(expected));
      const last = result.events[result.events.length - 1];
      const released = last ? await release(keysOf(last.data.fields as F), id, context) : [];
      await settle([result.position, ...released]);
    },

    /** The document's current fields, or null when it does not exist (or was deleted). */
    async current(id: string): Promise<F | null> {
      const loaded = await loadAggregate(store, options.streamName(id), decider);
      return loaded.state.status === 'active' ? loaded.state.fields : null;
    },
  };
}

export type DocumentService<F extends Record<string, unknown>> = ReturnType<typeof createDocumentService<F>>;
