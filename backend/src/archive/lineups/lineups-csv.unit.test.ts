import type { EntryFields, ExportEntry } from '@mello/contracts';
import { exportEntry } from '@mello/projections';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, lineupsCsv } from './lineups-csv';

/** An RFC 4180 reader, written from the RFC (not from lineups-csv.ts), to read back what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          field += text[i];
          i += 1;
        }
      }
    } else if (text[i] === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      if (text[i] === '"' || text[i] === '\n' || text[i] === '\r') throw new Error(`Bare ${JSON.stringify(text[i])} at ${i}`);
      field += text[i];
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('The last record has no CRLF');
  return rows;
}

const ARTIST_ID = '22222222-2222-4222-8222-222222222222';
const fields: EntryFields = {
  year: 1998,
  artistId: ARTIST_ID,
  artist: 'Jill Johnson',
  song: 'Kärleken är, "sa hon"',
  songwriters: ['Ingela "Pling" Forsman', 'Bobby Ljunggren'],
  heat: null,
  runningOrder: 4,
  heatPlace: null,
  heatResult: null,
  andraChansen: null,
  finalRunningOrder: null,
  finalPlace: 1,
  finalPoints: 0,
  juryPoints: null,
  televotePoints: null,
  sources: ['en98'],
  verifiedBy: [],
  unconfirmed: ['songwriters'],
  disputed: [{ field: 'finalPoints', values: [62, 72], sources: ['en98', 'kk98'], note: 'tryckt, eller räknad' }],
  notes: 'Första raden\r\nandra raden\nsista, med komma',
};
const artists = new Map([[ARTIST_ID, { id: ARTIST_ID, fields: { name: 'Jill Johnson', slug: 'jill-johnson', aliases: [] } }]]);
const entry: ExportEntry = exportEntry({ id: 'e1', position: '1', fields }, artists, new Map([['en98', 'en.wikipedia']]));
const column = (name: string) => CSV_COLUMNS.findIndex(([column]) => column === name);

describe('csvField (RFC 4180)', () => {
  it.each<[string | number | null, string]>([
    [null, ''],
    [0, '0'],
    [268, '268'],
    ['Euphoria', 'Euphoria'],
    ['Ja, nej', '"Ja, nej"'],
    ['Han sa "hej"', '"Han sa ""hej"""'],
    ['rad 1\nrad 2', '"rad 1\nrad 2"'],
    ['rad 1\r\nrad 2', '"rad 1\r\nrad 2"'],
    ['bara\r', '"bara\r"'],
    ['"', '""""'],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});

describe('lineupsCsv', () => {
  it('writes a header and one CRLF-ended record per entry that an RFC 4180 reader reads back to the same values', () => {
    const csv = lineupsCsv([entry, entry]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(csv);
    expect(header).toEqual(CSV_COLUMNS.map(([name]) => name));
    expect(records).toHaveLength(2);
    const [record] = records;
    expect(record).toHaveLength(CSV_COLUMNS.length);
    expect(record![column('song')]).toBe('Kärleken är, "sa hon"');
    expect(record![column('songwriters')]).toBe('Ingela "Pling" Forsman; Bobby Ljunggren');
    expect(record![column('notes')]).toBe('Första raden\r\nandra raden\nsista, med komma');
    expect(record![column('artist_slug')]).toBe('jill-johnson');
    expect(record![column('result')]).toBe('winner');
    expect(JSON.parse(record![column('disputed')]!)).toEqual([
      { field: 'finalPoints', values: [62, 72], sources: ['en98', 'kk98'], note: 'tryckt, eller räknad' },
    ]);
  });

  it('leaves an unknown value empty and writes a known 0 as 0 (never the one for the other)', () => {
    const [, record] = parseCsv(lineupsCsv([entry]));
    expect(record![column('final_points')]).toBe('0');
    expect(record![column('jury_points')]).toBe('');
    expect(record![column('heat')]).toBe('');
    expect(record![column('verified_by')]).toBe('');
    expect(record![column('disputed')]).not.toBe('');
    const [, plain] = parseCsv(lineupsCsv([{ ...entry, disputed: [], notes: null }]));
    expect([plain![column('disputed')], plain![column('notes')]]).toEqual(['', '']);
  });

  it('given no entries, then the header alone', () => {
    expect(lineupsCsv([])).toBe(`${CSV_COLUMNS.map(([name]) => name).join(',')}\r\n`);
  });
});
