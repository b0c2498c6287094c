import { z } from 'zod';
import { route } from '../http/route';
import { YearSchema } from './years';

/**
 * What a year's card shows (the home page's grid): the year without its description, facts and sources. The home
 * page reads these rather than the whole list, so its HTML carries a tenth of the bytes (docs/rendering.md).
 */
export const YearSummarySchema = YearSchema.pick({
  id: true,
  year: true,
  winner: true,
  song: true,
  venue: true,
  city: true,
  imageUrl: true,
  isClassic: true,
});
export type YearSummary = z.infer<typeof YearSummarySchema>;
/** The document fields a summary keeps, in one place: the read model's query picks these from each year's doc. */
export const YEAR_SUMMARY_FIELDS = Object.keys(YearSummarySchema.shape) as Array<keyof YearSummary>;

export const yearSummariesApi = {
  list: route({
    method: 'GET',
    path: '/api/years/summaries',
    response: z.array(YearSummarySchema),
    summary: 'Varje år i korthet (år, vinnare, låt, arena, stad, bild och klassiker), nyast först: hemsidans årsrutnät',
  }),
};
