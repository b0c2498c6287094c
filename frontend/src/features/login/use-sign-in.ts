import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { authApi, LoginInputSchema, RegisterInputSchema, type LoginInput, type RegisterInput } from '@mello/contracts';
import { callRoute } from '../../api/call';
import { ApiError, errorMessage } from '../../api/http';

export type SignInMode = 'login' | 'register';

/**
 * Each tab's form validates with the body schema of the call it makes (contracts/src/auth), before anything is
 * sent: the same Swedish messages as the server's 400, shown under the field they concern. The sign-in form is the
 * client's one uncontrolled form (react-hook-form, with zod's resolver); the controlled forms elsewhere check their
 * body with the same kind of schema through lib/form-validation.ts.
 */
export const signInResolvers = {
  login: zodResolver(LoginInputSchema),
  register: zodResolver(RegisterInputSchema),
};

/** What the form shows after a refusal: the server's Swedish message and, for bad input, one per field. */
export type SignInProblem = { message: string; fields: Record<string, string> };

export function problemOf(error: unknown): SignInProblem {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues) fields[issue.path] ??= issue.message;
  return { message: errorMessage(error, 'Något gick fel. Försök igen.'), fields };
}

/** After signing in or registering (the server set the session cookie): a full page load of `returnTo`, so every part of the app starts again with the signed-in user. */
const goTo = (returnTo: string) => () => window.location.assign(returnTo);

export const useLogin = (returnTo: string) =>
  useMutation({ mutationFn: (body: LoginInput) => callRoute(authApi.login, { body }), retry: false, onSuccess: goTo(returnTo) });

export const useRegister = (returnTo: string) =>
  useMutation({ mutationFn: (body: RegisterInput) => callRoute(authApi.register, { body }), retry: false, onSuccess: goTo(returnTo) });
