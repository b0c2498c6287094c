import type { DatabasePool } from 'slonik';
import { neutralPublicName } from '@mello/contracts';
import { hashPassword } from './passwords';
import { EmailTakenError, findUserByEmail, insertUser, PublicNameTakenError } from './users';

/** What members see of the administrator; the neutral name when a member already took it. */
const ADMIN_PUBLIC_NAME = 'Administratören';

/** The administrator is the account with ADMIN_EMAIL; it is created at start-up when missing. */
export async function ensureAdminAccount(pool: DatabasePool, email: string, password: string): Promise<'created' | 'exists'> {
  if (await findUserByEmail(pool, email)) return 'exists';
  const account = { email: email.toLowerCase(), passwordHash: await hashPassword(password), firstName: 'Admin', lastName: null };
  try {
    try {
      await insertUser(pool, { ...account, publicName: ADMIN_PUBLIC_NAME });
    } catch (error) {
      if (!(error instanceof PublicNameTakenError)) throw error;
      await insertUser(pool, { ...account, publicName: neutralPublicName });
    }
    return 'created';
  } catch (error) {
    if (error instanceof EmailTakenError) return 'exists'; // another process created it first
    throw error;
  }
}
