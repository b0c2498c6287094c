import { goToLogin } from '../../auth/current-user';
import { showToast, type ToastInput } from '../../components/toaster';

/** Spec section 9: login redirects wait 1000 ms after the reply notice and 1500 ms after create-post and like. */
export const LOGIN_DELAY_MS = { reply: 1000, createPost: 1500, like: 1500 } as const;

/**
 * Says why, then goes to the sign-in page (a full navigation) and comes back to `returnTo` afterwards. Answers a
 * function that cancels the redirect (for effects that are cleaned up).
 */
export function noticeThenLogin(notice: ToastInput, delayMs: number, returnTo?: string): () => void {
  showToast({ type: 'info', ...notice });
  const timer = window.setTimeout(() => goToLogin(returnTo), delayMs);
  return () => window.clearTimeout(timer);
}

export const CREATE_POST_LOGIN_NOTICE = { title: 'Logga in', description: 'Du måste logga in för att skapa inlägg.' } as const;
