import { randomUUID } from 'node:crypto';
import { sql, UniqueIntegrityConstraintViolationError, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { AuthUser } from '@mello/contracts';

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  password_hash: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRow>;

export class EmailTakenError extends Error {}

export const toAuthUser = (row: UserRow, adminEmail: string): AuthUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: row.profile_image_url,
  isAdmin: row.email.toLowerCase() === adminEmail.toLowerCase(),
});

export async function findUserByEmail(db: CommonQueryMethods, email: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    SELECT id::text, email, password_hash, first_name, last_name, profile_image_url
      FROM public.users WHERE lower(email) = lower(${email})`);
}

export async function findUserById(db: CommonQueryMethods, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    SELECT id::text, email, password_hash, first_name, last_name, profile_image_url
      FROM public.users WHERE id = ${id}::uuid`);
}

export async function insertUser(
  db: CommonQueryMethods,
  user: { email: string; passwordHash: string; firstName: string | null; lastName: string | null },
): Promise<UserRow> {
  try {
    return await db.one(sql.type(userRow)`
      INSERT INTO public.users (id, email, password_hash, first_name, last_name)
      VALUES (${randomUUID()}::uuid, ${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName})
      RETURNING id::text, email, password_hash, first_name, last_name, profile_image_url`);
  } catch (error) {
    if (error instanceof UniqueIntegrityConstraintViolationError) throw new EmailTakenError(user.email);
    throw error;
  }
}
