import { z } from 'zod';
import { lowerCaseId, presentText, requiredText, textList, wholeNumber } from '../fields';
import { FIRST_CONTEST_YEAR, latestContestYear } from './years';

/**
 * Every entry of every year (data/lineups.json, docs/content.md): entries, the artists (acts) that perform
 * them, and the sources their values come from. A null is "not published, or not seen in a source": it is
 * never filled with a guess and never shown as 0.
 */

export const HEAT_RESULTS = ['final', 'andra-chansen', 'out'] as const;
export type HeatResult = (typeof HEAT_RESULTS)[number];
export const SECOND_CHANCE_RESULTS = ['final', 'out'] as const;
export type SecondChanceResult = (typeof SECOND_CHANCE_RESULTS)[number];

/** The fields of an entry, in the admin form's order, with the form's Swedish labels (named in every 400). */
export const ENTRY_FIELD_LABELS = {
  year: 'År',
  artistId: 'Artist',
  artist: 'Artistnamn (som det stod i programmet)',
  song: 'Låt',
  songwriters: 'Låtskrivare',
  heat: 'Deltävling',
  runningOrder: 'Startnummer',
  heatPlace: 'Placering i deltävlingen',
  heatResult: 'Resultat i deltävlingen',
  andraChansen: 'Resultat i Andra chansen',
  finalRunningOrder: 'Startnummer i finalen',
  finalPlace: 'Placering i finalen',
  finalPoints: 'Poäng i finalen',
  juryPoints: 'Jurypoäng',
  televotePoints: 'Tittarpoäng',
  sources: 'Källor',
  verifiedBy: 'Bekräftad av',
  unconfirmed: 'Obekräftade fält',
  disputed: 'Omstridda uppgifter',
  notes: 'Anteckningar',
} as const;
export type EntryField = keyof typeof ENTRY_FIELD_LABELS;
export const ENTRY_FIELDS = Object.keys(ENTRY_FIELD_LABELS) as EntryField[];

export const ARTIST_FIELD_LABELS = { name: 'Namn', slug: 'Adress', aliases: 'Andra namn' } as const;
export const SOURCE_FIELD_LABELS = { key: 'Källnyckel', description: 'Beskrivning' } as const;

/** A whole number or null ('' from a form is null too: unknown, never 0). */
const nullableWhole = (min: number, max: number) => z.preprocess((value) => (value === '' ? null : value), wholeNumber(min, max).nullable());

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(values, { errorMap: () => ({ message: `Måste vara en av: ${values.join(', ')}` }) }).nullable(),
  );

const SOURCE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,199}$/;
const sourceKey = z
  .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
  .trim()
  .regex(SOURCE_KEY, 'Får bara innehålla bokstäver a–z, siffror och . _ : @ / + - (högst 200 tecken)');
const sourceKeys = z
  .array(sourceKey, { invalid_type_error: 'Måste vara en lista med källnycklar' })
  .max(100, 'Högst 100 källor')
  .transform((keys) => [...new Set(keys)]);

/** A value a dispute lists: what one source gives for the field (text, a number, a list of names, or null). */
export const DisputedValueSchema: z.ZodType<unknown> = z.union([z.string().max(1000), z.number(), z.null(), z.array(z.string().max(1000)).max(50)]);

export const DisputeSchema = z.object({
  field: z.enum(ENTRY_FIELDS as [EntryField, ...EntryField[]], { errorMap: () => ({ message: 'Måste vara ett av postens fält' }) }),
  values: z.array(DisputedValueSchema, { invalid_type_error: 'Måste vara en lista med värden' }).min(2, 'Minst två värden').max(20, 'Högst 20 värden'),
  /** Source keys where the data has them, otherwise the data's own words ('escx17f (results table: 56)'). */
  sources: z
    .array(z.string({ invalid_type_error: 'Varje källa måste vara text' }).trim().min(1, 'Får inte vara tomt').max(500, 'En källa får vara högst 500 tecken'), {
      invalid_type_error: 'Måste vara en lista med källor',
    })
    .max(50, 'Högst 50 källor'),
  note: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.string({ invalid_type_error: 'Måste vara text' }).max(2000, 'Får vara högst 2000 tecken').nullable(),
    )
    .default(null),
});
export type Dispute = z.infer<typeof DisputeSchema>;

const contestYear = wholeNumber(FIRST_CONTEST_YEAR, 9999).refine(
  (year) => year <= latestContestYear(),
  () => ({ message: `Får vara högst ${latestContestYear()}` }),
);

const entryFieldShape = {
  year: contestYear,
  artistId: z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara ett artist-id' })
    .uuid('Måste vara ett artist-id')
    .transform(lowerCaseId),
  artist: requiredText(300),
  song: requiredText(300),
  songwriters: textList(30, 300),
  heat: nullableWhole(1, 20),
  runningOrder: nullableWhole(1, 100),
  heatPlace: nullableWhole(1, 100),
  heatResult: oneOf(HEAT_RESULTS),
  andraChansen: oneOf(SECOND_CHANCE_RESULTS),
  finalRunningOrder: nullableWhole(1, 100),
  finalPlace: nullableWhole(1, 100),
  finalPoints: nullableWhole(0, 1_000_000),
  juryPoints: nullableWhole(0, 1_000_000),
  televotePoints: nullableWhole(0, 1_000_000),
  sources: sourceKeys,
  verifiedBy: sourceKeys,
  /** Field names (runningOrder …), or the data's words where it names a detail ('andraChansen duel details (see notes)'). */
  unconfirmed: z
    .array(z.string({ invalid_type_error: 'Varje post måste vara text' }).trim().min(1, 'Får inte vara tomt').max(300, 'En post får vara högst 300 tecken'), {
      invalid_type_error: 'Måste vara en lista med fältnamn',
    })
    .max(50, 'Högst 50 poster')
    .transform((fields) => [...new Set(fields)]),
  disputed: z.array(DisputeSchema, { invalid_type_error: 'Måste vara en lista' }).max(50, 'Högst 50 poster'),
  notes: z.preprocess((value) => (value === '' ? null : value), presentText(5000).nullable()),
};

/** The validated fields of an entry: what its events carry. `artist` is the act's name as billed that year. */
export const EntryFieldsSchema = z.object(entryFieldShape);
export type EntryFields = z.output<typeof EntryFieldsSchema>;

/** Create input: the data file's fields; unknown values may be left out (null), `artist` defaults to the act's name. */
export const EntryCreateInputSchema = z.object({
  ...entryFieldShape,
  artist: entryFieldShape.artist.optional(),
  songwriters: entryFieldShape.songwriters.default([]),
  heat: entryFieldShape.heat.default(null),
  runningOrder: entryFieldShape.runningOrder.default(null),
  heatPlace: entryFieldShape.heatPlace.default(null),
  heatResult: entryFieldShape.heatResult.default(null),
  andraChansen: entryFieldShape.andraChansen.default(null),
  finalRunningOrder: entryFieldShape.finalRunningOrder.default(null),
  finalPlace: entryFieldShape.finalPlace.default(null),
  finalPoints: entryFieldShape.finalPoints.default(null),
  juryPoints: entryFieldShape.juryPoints.default(null),
  televotePoints: entryFieldShape.televotePoints.default(null),
  sources: entryFieldShape.sources.default([]),
  verifiedBy: entryFieldShape.verifiedBy.default([]),
  unconfirmed: entryFieldShape.unconfirmed.default([]),
  disputed: entryFieldShape.disputed.default([]),
  notes: entryFieldShape.notes.default(null),
});
export type EntryCreateInput = z.input<typeof EntryCreateInputSchema>;

/** Edit (PUT): any subset of the fields; what is left out keeps its value, an explicit null clears it. */
export const EntryUpdateInputSchema = z.object(entryFieldShape).partial();
export type EntryUpdateInput = z.input<typeof EntryUpdateInputSchema>;

/** A show of a year whose running order can be set: a heat ('heat-2') or the final. */
export const SHOW_KEY_PATTERN = /^(heat-([1-9]|1\d|20)|final)$/;
export const ReorderInputSchema = z.object({
  year: contestYear,
  show: z.string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' }).regex(SHOW_KEY_PATTERN, "Måste vara 'final' eller 'heat-N'"),
  /** Every entry of the show, in the new running order (1, 2, 3 …). */
  entryIds: z
    .array(z.string().uuid('Måste vara ett post-id').transform(lowerCaseId), {
      required_error: 'Obligatoriskt fält',
      invalid_type_error: 'Måste vara en lista med post-id',
    })
    .min(1, 'Minst en post')
    .max(100, 'Högst 100 poster'),
});
export const REORDER_FIELD_LABELS = { year: 'År', show: 'Program', entryIds: 'Startordning' } as const;

/** An act: a solo artist, a duo ('A & B') or a group. One identity across the years, with a stable slug. */
export const ArtistFieldsSchema = z.object({
  name: requiredText(300),
  slug: z.string(),
  aliases: z.array(z.string()),
});
export type ArtistFields = z.output<typeof ArtistFieldsSchema>;
export const ArtistCreateInputSchema = z.object({
  name: requiredText(300),
  aliases: textList(50, 300).default([]),
});
export const ArtistRenameInputSchema = z.object({ name: requiredText(300) });

/** A source a value rests on: the data file's key and what it is (site/page, revision or repo@commit:path). */
export const SourceFieldsSchema = z.object({ key: sourceKey, description: requiredText(5000) });
export type SourceFields = z.output<typeof SourceFieldsSchema>;
export const SourceCreateInputSchema = SourceFieldsSchema;
export const SourceUpdateInputSchema = z.object({ description: requiredText(5000) });

export * from './entry-results';
