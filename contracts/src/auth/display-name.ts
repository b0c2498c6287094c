import type { AuthUser } from './auth';

/** The name rule of the navigation: full name if both parts exist, else the e-mail, else 'Användare'. */
export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (user?.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user?.email) return user.email;
  return 'Användare';
}
