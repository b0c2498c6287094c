import type { DatabasePool } from 'slonik';
import { hashPassword } from './passwords';
import { EmailTakenError, findUserByEmail, insertUser } from './users';

/** The administrator is the account with ADMIN_EMAIL; it is created at start-up when missing. */
export async function ensureAdminAccount(pool: DatabasePool, email: string, password: string): Promise<'created' | 'exists'> {
  if (await findUserByEmail(pool, email)) return 'exists';
  try {
    await insertUser(pool, { email: email.toLowerCase(), passwordHash: await hashPassword(password), firstName: 'Admin', lastName: null });
    return 'created';
  } catch (error) {
    if (error instanceof EmailTakenError) return 'exists'; // another process created it first
    throw error;
  }
}
