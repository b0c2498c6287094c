import { z } from 'zod';
import { visibleLength } from '../fields';
import { hasDirectionControls } from '../fields';
import { isReservedPublicName, isSiteName, PUBLIC_NAME_MAX_LENGTH, PUBLIC_NAME_MIN_LENGTH } from './public-name';

const email = z
  .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
  .trim()
  .toLowerCase()
  .max(254, 'Får vara högst 254 tecken')
  .email('Ogiltig e-postadress');

const name = z
  .string({ invalid_type_error: 'Måste vara text' })
  .trim()
  .max(100, 'Får vara högst 100 tecken')
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const PASSWORD_MIN_LENGTH = 8;

/**
 * The public display name chosen at registration (product decision 10): trimmed, counted in visible characters,
 * never an e-mail address (nothing with '@'), no control characters nor characters that turn the text's direction,
 * not of the reserved neutral form nor a name of the site or its staff.
 * Uniqueness (case- and accent-insensitive, publicNameKey) is checked by the server against the users table.
 */
export const PublicNameSchema = z
  .string({ required_error: 'Välj ett visningsnamn', invalid_type_error: 'Måste vara text' })
  .trim()
  .max(100, 'Visningsnamnet får vara högst 100 tecken')
  .refine((value) => visibleLength(value) >= PUBLIC_NAME_MIN_LENGTH, `Visningsnamnet måste vara minst ${PUBLIC_NAME_MIN_LENGTH} tecken`)
  .refine((value) => visibleLength(value) <= PUBLIC_NAME_MAX_LENGTH, `Visningsnamnet får vara högst ${PUBLIC_NAME_MAX_LENGTH} tecken`)
  .refine((value) => !value.includes('@'), 'Visningsnamnet får inte vara en e-postadress (inget @)')
  .refine((value) => !/\p{Cc}/u.test(value), 'Visningsnamnet får inte innehålla styrtecken')
  .refine((value) => !hasDirectionControls(value), 'Visningsnamnet får inte innehålla tecken som vänder textens riktning')
  .refine((value) => !isReservedPublicName(value), "Namn som 'Medlem 1234' är reserverade – välj ett annat")
  .refine((value) => !isSiteName(value), 'Namnet är reserverat för webbplatsen – välj ett annat');

export const RegisterInputSchema = z.object({
  email,
  password: z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .max(200, 'Lösenordet får vara högst 200 tecken')
    // Counted in characters (an emoji is one); spaces count, but a password of only blanks is no password.
    .refine((value) => Array.from(value).length >= PASSWORD_MIN_LENGTH, `Lösenordet måste vara minst ${PASSWORD_MIN_LENGTH} tecken`)
    .refine(
      (value) => Array.from(value).length < PASSWORD_MIN_LENGTH || visibleLength(value) > 0,
      'Lösenordet får inte bestå av bara blanksteg eller osynliga tecken',
    ),
  displayName: PublicNameSchema,
  firstName: name,
  lastName: name,
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .trim()
    .toLowerCase()
    .min(1, 'Får inte vara tomt')
    .max(254, 'Får vara högst 254 tecken'),
  password: z
    .string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' })
    .min(1, 'Får inte vara tomt')
    .max(200, 'Får vara högst 200 tecken'),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** GET /api/auth/user. isAdmin is decided by the server (product decision 2). */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The name others see (author names, presence, typing). */
  publicName: z.string(),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

// Kept in its own module without zod, so the browser's first chunk can use it without the schema library.
export { displayName } from './display-name';
export * from './public-name';
