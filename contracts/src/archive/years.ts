import { z } from 'zod';
import { entityId, flag, optionalUrl, presentText, requiredText, textList, wholeNumber } from '../fields';

export const FIRST_CONTEST_YEAR = 1958;

/** The latest year an admin may record: next year's contest can be prepared before New Year. */
export const latestContestYear = (now = new Date()) => now.getFullYear() + 1;

const contestYear = wholeNumber(FIRST_CONTEST_YEAR, 9999).refine(
  (year) => year <= latestContestYear(),
  () => ({ message: `Får vara högst ${latestContestYear()}` }),
);

/** A contest year as the client sees it (spec section 3). Empty text means "not verified". */
export const YearSchema = z.object({
  id: entityId,
  year: z.number().int(),
  winner: z.string(),
  song: z.string(),
  venue: z.string(),
  city: z.string(),
  host: z.string(),
  date: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  facts: z.array(z.string()),
  controversies: z.array(z.string()),
  sources: z.array(z.string()),
  isClassic: z.boolean(),
});
export type Year = z.infer<typeof YearSchema>;

const yearFieldShape = {
  year: contestYear,
  winner: requiredText(200),
  song: requiredText(200),
  venue: presentText(200),
  city: presentText(200),
  host: presentText(300),
  date: presentText(100),
  description: requiredText(10_000),
  imageUrl: optionalUrl,
  videoUrl: optionalUrl,
  facts: textList(),
  controversies: textList(),
  sources: textList(),
  isClassic: flag,
};

/**
 * Create input (insert shape: no id). Defaults of the admin create form hold here too:
 * year = current year, isClassic false, empty lists; facts/controversies given as text are comma-split.
 */
export const YearCreateInputSchema = z.object({
  ...yearFieldShape,
  year: yearFieldShape.year.default(() => new Date().getFullYear()),
  facts: yearFieldShape.facts.default([]),
  controversies: yearFieldShape.controversies.default([]),
  sources: yearFieldShape.sources.default([]),
  isClassic: flag.default(false),
});
export type YearCreateInput = z.input<typeof YearCreateInputSchema>;
/** The validated fields of a year: what the events carry. */
export type YearFields = z.output<typeof YearCreateInputSchema>;

/** Update input: any subset of the fields; what is left out keeps its current value. */
export const YearUpdateInputSchema = z.object(yearFieldShape).partial();
export type YearUpdateInput = z.input<typeof YearUpdateInputSchema>;
