import { STALE_EDIT_MESSAGES, type ArtistFields, type DomainEvent, type EntryFields, type SourceFields } from '@mello/contracts';
import { countEntriesOfArtist, entriesOfYear, maxPosition } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '../../event-store/port';
import { appendDecision, loadAggregate, newItemId, toNewEvents, type CommandContext } from '../../shared/command-handler';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';
import { createDocumentService, type ReadModelWaiter } from '../document-service';
import { evolveReservation, initialReservation, reservationStream } from '../reservation';
import { yearNumberKey } from '../years/year';
import { ARTIST_NOT_FOUND, artistDecider, artistSlugKey, artistStream, renamed, slugCandidates } from './artist';
import { ENTRY_NOT_FOUND, entryDecider, entryIsInShow, entrySlotKeys, entryStream, runningOrderChange } from './entry';
import { SOURCE_NOT_FOUND, sourceDecider, sourceKeyReservation, sourceKeyTakenMessage, sourceStream } from './source';

export const YEAR_NOT_IN_ARCHIVE = (year: number) => `Året ${year} finns inte i arkivet`;

/**
 * Entries, artists and sources (docs/event-sourcing.md, "Every entry"). Each is a document stream; uniqueness
 * (an artist's slug, a source key, a running-order slot of a show) is a reservation stream; an entry's year and
 * artist are checked on the write side (the year's number reservation, the artist's stream).
 */
export function createLineupServices(store: EventStore, readModels: ReadModelWaiter, pool: DatabasePool) {
  const yearExists = async (year: number) =>
    (await store.readStream(reservationStream(yearNumberKey({ year })))).reduce(
      (state, event) => evolveReservation(state, { type: event.type, data: event.data } as never),
      initialReservation(),
    ).owner !== null;
  const artistState = async (id: string) => (await loadAggregate(store, artistStream(id), artistDecider)).state;

  const checkEntry = async (fields: EntryFields) => {
    if (!(await yearExists(fields.year))) throw new NotFoundError(YEAR_NOT_IN_ARCHIVE(fields.year));
    if ((await artistState(fields.artistId)).status !== 'active') throw new NotFoundError(ARTIST_NOT_FOUND);
  };

  const entries = createDocumentService<EntryFields>(store, readModels, {
    decider: entryDecider,
    streamName: entryStream,
    notFoundMessage: ENTRY_NOT_FOUND,
    staleMessage: STALE_EDIT_MESSAGES.entry,
    uniqueKeys: entrySlotKeys,
    check: checkEntry,
  });
  const artists = createDocumentService<ArtistFields>(store, readModels, {
    decider: artistDecider,
    streamName: artistStream,
    notFoundMessage: ARTIST_NOT_FOUND,
    staleMessage: STALE_EDIT_MESSAGES.artist,
    uniqueKeys: (fields) => [{ key: artistSlugKey(fields.slug), takenMessage: `Adressen "${fields.slug}" används redan av en annan artist` }],
  });
  const sources = createDocumentService<SourceFields>(store, readModels, {
    decider: sourceDecider,
    streamName: sourceStream,
    notFoundMessage: SOURCE_NOT_FOUND,
    staleMessage: STALE_EDIT_MESSAGES.source,
    unique: { key: sourceKeyReservation, takenMessage: sourceKeyTakenMessage },
  });

  return {
    entries,
    artists,
    sources,

    /** An entry whose `artist` (the name as billed) is left out is billed with the act's current name. */
    async createEntry(input: Omit<EntryFields, 'artist'> & { artist?: string | undefined }, context: CommandContext) {
      const artist = await artistState(input.artistId);
      if (artist.status !== 'active') throw new NotFoundError(ARTIST_NOT_FOUND);
      return entries.create({ ...input, artist: input.artist ?? artist.fields.name }, context);
    },

    /**
     * A new act: its slug is its name's, or the first free of name-2, name-3 … (a deterministic answer to a
     * collision); claimed on the write side, so two concurrent creates never share one.
     */
    async createArtist(input: { name: string; aliases: string[] }, context: CommandContext, id: string = newItemId(context)) {
      for (const slug of slugCandidates(input.name)) {
        try {
          return await artists.create({ name: input.name, slug, aliases: input.aliases.filter((alias) => alias !== input.name) }, context, id);
        } catch (error) {
          if (!(error instanceof ConflictError) || (await artistState(id)).status !== 'none') throw error;
        }
      }
      throw new ConflictError('Hittade ingen ledig adress för artisten');
    },

    /**
     * A renamed act keeps its slug; the old name becomes an alias (decided on the same load as the append). With
     * `expected` (If-Match) only while the act is still at that revision (412 otherwise).
     */
    renameArtist: (id: string, name: string, context: CommandContext, expected?: number) =>
      artists.updateAt(id, (current) => renamed(current, name), context, expected),

    /** Only an act no entry refers to can go: the read models are caught up first, so every entry counts. */
    async deleteArtist(id: string, context: CommandContext, expected?: number) {
      await readModels.waitFor(await store.headPosition());
      await artists.remove(
        id,
        context,
        async () => {
          const referenced = await countEntriesOfArtist(pool, id);
          if (referenced > 0) throw new ConflictError(`Artisten har ${referenced} ${referenced === 1 ? 'bidrag' : 'bidrag'} i arkivet och kan inte tas bort`);
        },
        expected,
      );
    },

    /**
     * Appends new streams (the lineups import: thousands of documents and reservations), several at a time, each
     * expecting no stream: one already there (an interrupted import's) is left as it is. Answers once the read
     * models hold them all; a store with a bulk path (PostgreSQL) takes 500 streams a transaction. The events are what the deciders decide for a new document or a free key.
     */
    async appendNewStreams(streams: ReadonlyArray<{ stream: string; events: DomainEvent[] }>, context: CommandContext, concurrency = 8) {
      if (store.appendToNewStreams) {
        const result = await store.appendToNewStreams(streams.map(({ stream, events }) => ({ streamName: stream, events: toNewEvents(events, context) })));
        await readModels.waitFor(result.position, 120_000);
        return { appended: result.appended };
      }
      let next = 0;
      let last: string | null = null;
      let appended = 0;
      const worker = async () => {
        while (next < streams.length) {
          const { stream, events } = streams[next]!;
          next += 1;
          try {
            const position = await appendDecision(store, stream, events, 'no_stream', context);
            last = maxPosition(last, position);
            appended += events.length;
          } catch (error) {
            if (!(error instanceof ConflictError)) throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await readModels.waitFor(last, 120_000);
      return { appended };
    },

    /**
     * A new running order for one show of a year: `entryIds` lists every entry of the show, first to last.
     * The slots move among the show's own entries (released before claimed), each append at its entry's revision.
     */
    async reorder(input: { year: number; show: string; entryIds: string[] }, context: CommandContext) {
      if (!(await yearExists(input.year))) throw new NotFoundError(YEAR_NOT_IN_ARCHIVE(input.year));
      await readModels.waitFor(await store.headPosition());
      const inShow = (await entriesOfYear(pool, input.year)).filter((row) => entryIsInShow(row.fields, input.show));
      const wanted = new Set(input.entryIds);
      if (wanted.size !== input.entryIds.length || wanted.size !== inShow.length || inShow.some((row) => !wanted.has(row.id))) {
        throw new ValidationError('Ogiltiga uppgifter – Startordning (entryIds): måste lista varje post i programmet exakt en gång', [
          { path: 'entryIds', message: 'Måste lista varje post i programmet exakt en gång' },
        ]);
      }
      const byId = new Map(inShow.map((row) => [row.id, row.fields]));
      return entries.updateMany(
        input.entryIds.map((id, index) => ({ id, changes: runningOrderChange(byId.get(id)!, input.show, index + 1) })),
        context,
      );
    },
  };
}
export type LineupServices = ReturnType<typeof createLineupServices>;
