import { createToaster } from '@chakra-ui/react';

/**
 * Spec section 9: toasts last 5000 ms and only one is visible at a time. Placed bottom-end, so a toast is
 * dismissed by swiping it right. This module is only the store; the toast UI (toaster-view.tsx) is loaded
 * after the first paint, since a page never needs it to render.
 */
export const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, pauseOnPageIdle: true });

export type ToastInput = { title: string; description?: string; type?: 'success' | 'error' | 'info' };

export function showToast({ title, description, type = 'info' }: ToastInput): void {
  // One visible at a time: a new notice replaces the current one instead of queueing behind it.
  toaster.dismiss();
  toaster.create({ title, description, type, duration: 5000, closable: true });
}
