import type { Year, YearCreateInput } from '@mello/contracts';
import { cleanEntries, joinLines, splitCommaList, splitLines, urlOrNull, wholeNumberOr0 } from './form-values';

/** The fields both year forms share (numbers as typed text, sources one per line). */
type YearBaseValues = {
  year: string;
  winner: string;
  song: string;
  venue: string;
  city: string;
  host: string;
  date: string;
  description: string;
  imageUrl: string;
  videoUrl: string;
  sources: string;
  isClassic: boolean;
};

/** The create form: facts and controversies as comma-separated text (spec section 5). */
export type YearCreateValues = YearBaseValues & { facts: string; controversies: string };
/** The edit form: facts and controversies edited entry by entry (spec section 2, edit pages). */
export type YearEditValues = YearBaseValues & { facts: string[]; controversies: string[] };

/** Spec section 5 create defaults: year = current year, isClassic false. */
export function newYearValues(now = new Date()): YearCreateValues {
  return {
    year: String(now.getFullYear()),
    winner: '',
    song: '',
    venue: '',
    city: '',
    host: '',
    date: '',
    description: '',
    imageUrl: '',
    videoUrl: '',
    sources: '',
    isClassic: false,
    facts: '',
    controversies: '',
  };
}

export function yearValuesOf(year: Year): YearEditValues {
  return {
    year: String(year.year),
    winner: year.winner,
    song: year.song,
    venue: year.venue,
    city: year.city,
    host: year.host,
    date: year.date,
    description: year.description,
    imageUrl: year.imageUrl ?? '',
    videoUrl: year.videoUrl ?? '',
    sources: joinLines(year.sources),
    isClassic: year.isClassic,
    facts: [...year.facts],
    controversies: [...year.controversies],
  };
}

function basePayload(values: YearBaseValues) {
  return {
    year: wholeNumberOr0(values.year),
    winner: values.winner.trim(),
    song: values.song.trim(),
    venue: values.venue.trim(),
    city: values.city.trim(),
    host: values.host.trim(),
    date: values.date.trim(),
    description: values.description.trim(),
    imageUrl: urlOrNull(values.imageUrl),
    videoUrl: urlOrNull(values.videoUrl),
    sources: splitLines(values.sources),
    isClassic: values.isClassic,
  };
}

/** POST /api/years: the facts and controversies text split by commas, each entry trimmed (spec section 5). */
export function yearCreatePayload(values: YearCreateValues): YearCreateInput {
  return { ...basePayload(values), facts: splitCommaList(values.facts), controversies: splitCommaList(values.controversies) };
}

/** PUT /api/years/{id}: the lists as edited, blank entries left out. */
export function yearEditPayload(values: YearEditValues): YearCreateInput {
  return { ...basePayload(values), facts: cleanEntries(values.facts), controversies: cleanEntries(values.controversies) };
}
