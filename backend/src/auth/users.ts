import { randomUUID } from 'node:crypto';
import { sql, UniqueIntegrityConstraintViolationError, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { publicNameKey, type AuthUser } from '@mello/contracts';

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  password_hash: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  public_name: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

const COLUMNS = sql.fragment`id::text, email, password_hash, first_name, last_name, profile_image_url, public_name`;

export class EmailTakenError extends Error {}
/** Another account has the same public name up to case, accents and invisible characters (publicNameKey). */
export class PublicNameTakenError extends Error {}

export const toAuthUser = (row: UserRow, adminEmail: string): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: row.profile_image_url,
  publicName: row.public_name,
  isAdmin: row.email.toLowerCase() === adminEmail.toLowerCase(),
});

export async function findUserByEmail(db: CommonQueryMethods, email: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`SELECT ${COLUMNS} FROM public.users WHERE lower(email) = lower(${email})`);
}

export async function findUserById(db: CommonQueryMethods, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`SELECT ${COLUMNS} FROM public.users WHERE id = ${id}::uuid`);
}

/** Inserts an account; `publicName` may be a function of the new id (an account whose name is derived from it). */
export async function insertUser(
  db: CommonQueryMethods,
  user: { email: string; passwordHash: string; firstName: string | null; lastName: string | null; publicName: string | ((id: string) => string) },
): Promise<UserRow> {
  const id = randomUUID();
  const publicName = typeof user.publicName === 'function' ? user.publicName(id) : user.publicName;
  try {
    return await db.one(sql.type(userRow)`
      INSERT INTO public.users (id, email, password_hash, first_name, last_name, public_name, public_name_key)
      VALUES (${id}::uuid, ${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName}, ${publicName}, ${publicNameKey(publicName)})
      RETURNING ${COLUMNS}`);
  } catch (error) {
    if (error instanceof UniqueIntegrityConstraintViolationError) {
      if (error.constraint === 'users_public_name_key_unique') throw new PublicNameTakenError(publicName);
      throw new EmailTakenError(user.email);
    }
    throw error;
  }
}
