import { useMutation } from '@tanstack/react-query';
import { PublicNameSchema, type AuthUser, type FieldIssue } from '@mello/contracts';
import { ApiError, apiFetch, errorMessage } from '../../api/http';

export type SignInMode = 'login' | 'register';
export type SignInForm = { email: string; password: string; displayName?: string; firstName?: string; lastName?: string };

/** The display name checked in the browser with the server's own schema: its Swedish message, or null when valid. */
export function publicNameProblem(value: string): string | null {
  const result = PublicNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Ogiltigt visningsnamn');
}

/** What the form shows after a refusal: the server's Swedish message and, for bad input, one per field. */
export type SignInProblem = { message: string; fields: Record<string, string> };

export function problemOf(error: unknown): SignInProblem {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) {
    try {
      const issues = (JSON.parse(error.body) as { issues?: FieldIssue[] }).issues ?? [];
      for (const issue of issues) fields[issue.path] ??= issue.message;
    } catch {
      // A body without issues: only the message is shown.
    }
  }
  return { message: errorMessage(error, 'Något gick fel. Försök igen.'), fields };
}

/**
 * Signs in or registers (the server sets the session cookie), then does a full page load of `returnTo`, so
 * every part of the app starts again with the signed-in user (the user is fetched once per page load).
 */
export function useSignIn(mode: SignInMode, returnTo: string) {
  return useMutation({
    mutationFn: (form: SignInForm) =>
      apiFetch<AuthUser>(mode === 'login' ? '/api/auth/login' : '/api/auth/register', {
        method: 'POST',
        json: mode === 'login' ? { email: form.email, password: form.password } : form,
      }),
    retry: false,
    onSuccess: () => window.location.assign(returnTo),
  });
}
