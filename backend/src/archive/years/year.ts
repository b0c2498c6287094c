import { DOCUMENT_EVENTS, type YearFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';

export const YEAR_NOT_FOUND = 'År hittades inte';

export const yearStream = (id: string) => `year-${id}`;

/** A contest year: created, edited and deleted by the administrator. Its number is unique (see yearNumberKey). */
export const yearDecider = createDocumentDecider<YearFields>({
  names: DOCUMENT_EVENTS.year,
  notFoundMessage: YEAR_NOT_FOUND,
  alreadyExistsMessage: 'Året finns redan',
});

export const yearNumberKey = (fields: Pick<YearFields, 'year'>) => `year-number-${fields.year}`;
export const yearTakenMessage = (fields: Pick<YearFields, 'year'>) => `Året ${fields.year} finns redan i arkivet`;
