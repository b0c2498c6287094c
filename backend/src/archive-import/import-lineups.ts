import { EventName, type DomainEvent } from '@mello/contracts';
import type { LineupServices } from '../archive/lineups/lineup-services';
import { artistDecider, artistSlugKey, artistStream } from '../archive/lineups/artist';
import { entryDecider, entrySlotKeys, entryStream } from '../archive/lineups/entry';
import { sourceDecider, sourceKeyReservation, sourceStream } from '../archive/lineups/source';
import { reservationStream } from '../archive/reservation';
import type { EventStore } from '../event-store/port';
import { appendDecision, type CommandContext } from '../shared/command-handler';
import { ConflictError } from '../shared/errors';
import { lineupsContent, type LineupsData } from './lineups-content';
// Imported rather than read from disk, so the bundled server carries it. A copy of /work/shared/data/lineups.json,
// unchanged (diff the two to see what a new edition changes).
import lineupsData from './data/lineups.json';

export const LINEUPS_IMPORT_STREAM = 'system-lineups-import';
export const LINEUPS_DATA_VERSION = '2026-11-24-lineups-v1';

const claimed = (key: string, ownerId: string): DomainEvent => ({ type: EventName.KeyClaimed, data: { key, ownerId } });

/**
 * Every entry, act and source of data/lineups.json as events of the system actor, once: a marker stream makes a
 * second start add nothing. The documents are new streams (what each decider decides for a create on an empty
 * stream, with the reservations of their unique keys), appended several at a time rather than one command after
 * another waiting for the read models: about 5,000 streams in a few seconds. Deterministic ids make an
 * interrupted import resumable: a stream already there is left as it is.
 */
export async function importLineups(store: EventStore, lineups: LineupServices): Promise<{ imported: boolean; counts?: Record<string, number> }> {
  if ((await store.readStream(LINEUPS_IMPORT_STREAM)).length > 0) return { imported: false };
  const content = lineupsContent(lineupsData as unknown as LineupsData);
  const context: CommandContext = { actor: { type: 'system' }, correlationId: `lineups-import-${LINEUPS_DATA_VERSION}`, causationId: null };

  const create = <F>(
    decider: { decide: (command: { type: 'create'; id: string; fields: F }, state: { status: 'none' }) => DomainEvent[] },
    id: string,
    fields: F,
  ) => decider.decide({ type: 'create', id, fields }, { status: 'none' });
  const streams = [
    ...content.sources.flatMap(({ id, fields }) => [
      { stream: reservationStream(sourceKeyReservation(fields)), events: [claimed(sourceKeyReservation(fields), id)] },
      { stream: sourceStream(id), events: create(sourceDecider, id, fields) },
    ]),
    ...content.artists.flatMap(({ id, fields }) => [
      { stream: reservationStream(artistSlugKey(fields.slug)), events: [claimed(artistSlugKey(fields.slug), id)] },
      { stream: artistStream(id), events: create(artistDecider, id, fields) },
    ]),
    ...content.entries.flatMap(({ id, fields }) => [
      ...entrySlotKeys(fields).map(({ key }) => ({ stream: reservationStream(key), events: [claimed(key, id)] })),
      { stream: entryStream(id), events: create(entryDecider, id, fields) },
    ]),
  ];
  const { appended } = await lineups.appendNewStreams(streams, context);
  const counts = { entries: content.entries.length, artists: content.artists.length, sources: content.sources.length };
  try {
    await appendDecision(
      store,
      LINEUPS_IMPORT_STREAM,
      [
        {
          type: EventName.LineupsImported,
          data: { dataVersion: LINEUPS_DATA_VERSION, ...counts, years: content.years, noContest: content.noContest, generalGaps: content.generalGaps },
        },
      ],
      'no_stream',
      context,
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  return { imported: true, counts: { ...counts, events: appended + 1 } };
}
