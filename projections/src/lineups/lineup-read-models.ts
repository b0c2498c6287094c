import { DOCUMENT_EVENTS, EventName, eventNames, songwriterCredit, nameSlug, type EventData } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection, type SerializableValue } from 'slonik';
import { documentProjection } from '../document-projection';
import type { ProjectedEvent, Projection } from '../events';

const creditsOf = (fields: Record<string, unknown>) => ((fields.songwriters as string[] | undefined) ?? []).map(songwriterCredit);

/** One row per entry: the entry as its events carry it, with the columns the lineup, artist and songwriter queries filter on. */
export const entriesProjection = documentProjection({
  name: 'entries',
  table: 'entries',
  revision: true,
  events: DOCUMENT_EVENTS.entry,
  columns: [
    { name: 'year', type: 'integer', value: (fields) => fields.year },
    { name: 'artist_id', type: 'uuid', value: (fields) => fields.artistId },
    // The songwriters credited, by slug; and with their stage names' slugs too, so a songwriter page finds
    // 'Nadir Khayat (RedOne)' under redone and 'RedOne(Nadir Khayat)' under nadir-khayat alike.
    // In credit order (one per credit, repeats kept), so position n names the credit's songwriter.
    { name: 'songwriter_slugs', type: 'text[]', value: (fields) => creditsOf(fields).map((credit) => credit.slug) },
    {
      name: 'songwriter_all_slugs',
      type: 'text[]',
      value: (fields) => [...new Set(creditsOf(fields).flatMap((credit) => [credit.slug, ...(credit.alias ? [nameSlug(credit.alias)] : [])]))],
    },
  ],
});

export const artistsProjection = documentProjection({
  name: 'artists',
  table: 'artists',
  revision: true,
  events: DOCUMENT_EVENTS.artist,
  columns: [{ name: 'slug', type: 'text', value: (fields) => fields.slug }],
});

export const sourcesProjection = documentProjection({
  name: 'sources',
  table: 'sources',
  revision: true,
  events: DOCUMENT_EVENTS.source,
  columns: [{ name: 'key', type: 'text', value: (fields) => fields.key }],
});

type LineupYear = EventData<'LineupsImported'>['years'][number];

/** The last import's word on each year as a whole (format, shows, gaps): one row per year. */
function lineupYearRows(events: readonly ProjectedEvent[]): Map<number, LineupYear> {
  const rows = new Map<number, LineupYear>();
  for (const event of events) {
    if (event.type !== EventName.LineupsImported) continue;
    for (const year of event.data.years) rows.set(year.year, year);
  }
  return rows;
}

async function writeLineupYears(tx: DatabaseTransactionConnection, schema: string, rows: Map<number, LineupYear>): Promise<void> {
  if (rows.size === 0) return;
  await tx.query(sql.unsafe`
    INSERT INTO ${sql.identifier([schema, 'lineup_years'])} (year, doc)
    SELECT year, doc FROM jsonb_to_recordset(${sql.jsonb([...rows.values()].map((doc) => ({ year: doc.year, doc })) as unknown as SerializableValue)}) AS r(year integer, doc jsonb)
    ON CONFLICT (year) DO UPDATE SET doc = excluded.doc`);
}

export const lineupYearsProjection: Projection = {
  name: 'lineup_years',
  eventTypes: eventNames(EventName.LineupsImported),
  apply: (tx, schema, events) => writeLineupYears(tx, schema, lineupYearRows(events)),
  bulk: {
    start: (): ProjectedEvent[] => [],
    add: (state, events) => void (state as ProjectedEvent[]).push(...events),
    flush: (tx, schema, state) => writeLineupYears(tx, schema, lineupYearRows(state as ProjectedEvent[])),
  },
};
