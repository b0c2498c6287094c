import { z } from 'zod';
import { visibleLength } from '../fields';

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
  firstName: name,
  lastName: name,
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: z.string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' }).trim().toLowerCase().min(1, 'Får inte vara tomt').max(254, 'Får vara högst 254 tecken'),
  password: z.string({ required_error: 'Obligatoriskt fält', invalid_type_error: 'Måste vara text' }).min(1, 'Får inte vara tomt').max(200, 'Får vara högst 200 tecken'),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** GET /api/auth/user. isAdmin is decided by the server (product decision 2). */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

// Kept in its own module without zod, so the browser's first chunk can use it without the schema library.
export { displayName } from './display-name';
