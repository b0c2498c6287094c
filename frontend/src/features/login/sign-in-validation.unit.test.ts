import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { signInResolvers } from './use-sign-in';

const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError', names: [] } satisfies ResolverOptions<never>;
const messages = (errors: Record<string, { message?: unknown } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('the sign-in forms validate with the contracts schemas before sending', () => {
  it('register: an empty form gets the Swedish message of each required field, and none for the optional names', async () => {
    const result = await signInResolvers.register({ email: '', password: '', displayName: '', firstName: '', lastName: '' }, undefined, options);
    expect(messages(result.errors)).toEqual({
      email: 'Ogiltig e-postadress',
      password: 'Lösenordet måste vara minst 8 tecken',
      displayName: 'Visningsnamnet måste vara minst 2 tecken',
    });
  });

  it('register: the display name rules are the server’s (no e-mail address as a public name)', async () => {
    const result = await signInResolvers.register(
      { email: 'mia@example.se', password: 'mia-password-1', displayName: 'mia@example.se', firstName: '', lastName: '' },
      undefined,
      options,
    );
    expect(messages(result.errors)).toEqual({ displayName: 'Visningsnamnet får inte vara en e-postadress (inget @)' });
  });

  it('register: valid values pass as the server will read them (trimmed, lower-cased e-mail, no empty names)', async () => {
    const result = await signInResolvers.register(
      { email: ' Mia@Example.se ', password: 'mia-password-1', displayName: ' Mia Medlem ', firstName: '', lastName: 'Ek' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'mia@example.se', password: 'mia-password-1', displayName: 'Mia Medlem', firstName: null, lastName: 'Ek' });
  });

  it('login: both fields are required, in Swedish', async () => {
    const result = await signInResolvers.login({ email: '', password: '' }, undefined, options);
    expect(messages(result.errors)).toEqual({ email: 'Får inte vara tomt', password: 'Får inte vara tomt' });
  });
});
