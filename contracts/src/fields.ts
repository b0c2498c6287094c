import { z } from 'zod';

/**
 * Characters nobody sees: format characters (zero-width space and joiners, bidi marks, soft hyphen, BOM),
 * variation selectors and the Hangul fillers that render blank.
 */
export const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F]/gu;

/**
 * Characters that turn the direction of the text around them (the bidirectional overrides, embeddings, isolates
 * and marks): in a name they make 'nimdA' read as 'Admin', so a member could pass for another, and in a forum
 * title or tag 'gnitset' reads as 'testing' in every list and notification that shows it.
 */
export const hasDirectionControls = (text: string): boolean => /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(text);

/**
 * How many characters a reader sees: code points (an emoji is one, not two UTF-16 units), leaving out invisible
 * characters and surrounding whitespace. Minimum lengths ('minst 5 tecken') count these, so a title of
 * zero-width spaces is as empty as a blank one.
 */
export const visibleLength = (text: string): number => Array.from(text.replace(INVISIBLE, '').trim()).length;

/** Shared field builders so every entity validates text the same way (trimmed, bounded, Swedish messages). */
export const requiredText = (max = 200) =>
  z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .trim()
    .max(max, `Får vara högst ${max} tecken`)
    .refine((value) => visibleLength(value) > 0, 'Får inte vara tomt');

/** Text that must be present but may be empty: an empty string means "not verified" in the archive. */
export const presentText = (max = 200) =>
  z.string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' }).trim().max(max, `Får vara högst ${max} tecken`);

export const optionalText = (max = 200) => presentText(max).default('');

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** An optional http(s) URL; '' and null both mean "none" and are stored as null. */
export const optionalUrl = z
  .union([z.string().trim().max(2000, 'Får vara högst 2000 tecken'), z.null()], {
    invalid_type_error: 'Måste vara en webbadress',
  })
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || HTTP_URL.test(value), 'Måste vara en webbadress som börjar med http:// eller https://');

export const requiredUrl = z
  .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara en webbadress' })
  .trim()
  .max(2000, 'Får vara högst 2000 tecken')
  .regex(HTTP_URL, 'Måste vara en webbadress som börjar med http:// eller https://');

/** Whole numbers may arrive as numbers or numeric strings from forms. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara ett heltal' })
      .int('Måste vara ett heltal')
      .min(min, `Måste vara minst ${min}`)
      .max(max, `Får vara högst ${max}`),
  );

/** Trimmed, de-duplicated list entries, without empty or invisible ones. */
export const cleanList = (items: readonly string[]): string[] => {
  const seen = new Set<string>();
  for (const item of items) {
    const trimmed = item.trim();
    if (visibleLength(trimmed) > 0) seen.add(trimmed);
  }
  return [...seen];
};

/**
 * A list of short texts. A plain string is split on commas (the create form's facts and controversies
 * fields are comma-separated text, spec section 5).
 */
export const textList = (maxItems = 100, maxLength = 1000) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',') : value),
      // Messages for each way it can be wrong: a union would answer zod's English 'Invalid input'.
      z.array(z.string({ invalid_type_error: 'Varje post måste vara text' }).max(maxLength, `En post får vara högst ${maxLength} tecken`), {
        invalid_type_error: 'Måste vara en lista med text',
      }),
    )
    .transform((list) => cleanList(list))
    .refine((list) => list.length <= maxItems, `Högst ${maxItems} poster`);

export const flag = z.boolean({ invalid_type_error: 'Måste vara sant eller falskt' });

export const entityId = z.string().uuid();

/**
 * An id a request names, lowered once it is a uuid: PostgreSQL reads a uuid in any case, but streams, live rooms
 * and the server's own ids are its lower-case text, so 'ABC…' must name the item 'abc…' does (the HTTP paths do the
 * same: canonicalUuid, below).
 */
export const lowerCaseId = (id: string): string => id.toLowerCase();

/** A uuid in either case (RFC 4122 text): the one pattern every id check here uses. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * An id as the archive names it (lower case), or null when it is no uuid. PostgreSQL reads a uuid in any case, so
 * a read by an upper-case id found the item; but streams and live rooms are named by the id's text, so a command
 * by one (a like, a reply) read no post, or wrote to a second stream: every id from an address goes through this.
 */
export const canonicalUuid = (value: string): string | null => (isUuid(value) ? lowerCaseId(value) : null);
