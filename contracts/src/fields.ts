import { z } from 'zod';

/** Shared field builders so every entity validates text the same way (trimmed, bounded, Swedish messages). */
export const requiredText = (max = 200) =>
  z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .trim()
    .min(1, 'Får inte vara tomt')
    .max(max, `Får vara högst ${max} tecken`);

/** Text that must be present but may be empty: an empty string means "not verified" in the archive. */
export const presentText = (max = 200) =>
  z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .trim()
    .max(max, `Får vara högst ${max} tecken`);

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

/** Trimmed, non-empty, de-duplicated list entries. */
export const cleanList = (items: readonly string[]): string[] => {
  const seen = new Set<string>();
  for (const item of items) {
    const trimmed = item.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
};

/**
 * A list of short texts. A plain string is split on commas (the create form's facts and controversies
 * fields are comma-separated text, spec section 5).
 */
export const textList = (maxItems = 100, maxLength = 1000) =>
  z
    .union([z.array(z.string({ invalid_type_error: 'Varje post måste vara text' }).max(maxLength, `En post får vara högst ${maxLength} tecken`)), z.string()], {
      invalid_type_error: 'Måste vara en lista med text',
    })
    .transform((value) => cleanList(typeof value === 'string' ? value.split(',') : value))
    .refine((list) => list.length <= maxItems, `Högst ${maxItems} poster`);

export const flag = z.boolean({ invalid_type_error: 'Måste vara sant eller falskt' });

export const entityId = z.string().uuid();
