import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_MESSAGE = 'Lösenordet är för vanligt – välj ett annat';

/**
 * The ~49,000 most common passwords of leaked-password lists, as maintained by zxcvbn-ts
 * (@zxcvbn-ts/language-common, `passwords-common`). Built on first use; compared without regard to case, since
 * 'Password1' is guessed as early as 'password1'.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
