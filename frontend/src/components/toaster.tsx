import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * Spec section 9: toasts last 5000 ms and only one is visible at a time. Placed bottom-end, so a toast is
 * dismissed by swiping it right.
 */
export const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, pauseOnPageIdle: true });

export type ToastInput = { title: string; description?: string; type?: 'success' | 'error' | 'info' };

export function showToast({ title, description, type = 'info' }: ToastInput): void {
  // One visible at a time: a new notice replaces the current one instead of queueing behind it.
  toaster.dismiss();
  toaster.create({ title, description, type, duration: 5000, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Stäng" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
