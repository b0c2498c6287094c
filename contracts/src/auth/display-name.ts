import type { AuthUser } from './auth';

/**
 * The navigation's own-name rule (spec section 2): full name if both parts exist, else the e-mail, else
 * 'Användare'. Only for the signed-in member's view of themself: it may be an e-mail address, so nothing shown to
 * others uses it (they see `publicName`, product decision 10).
 */
export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (user?.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user?.email) return user.email;
  return 'Användare';
}
