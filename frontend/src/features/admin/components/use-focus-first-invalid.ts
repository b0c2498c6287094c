import { useEffect, useRef } from 'react';

/**
 * After a failed save, moves focus to the first field the server named (it is then scrolled into view and its
 * message is read out), instead of leaving the admin at the submit button far below it.
 */
export function useFocusFirstInvalid(error: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!error) return;
    const frame = requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [error]);
  return formRef;
}
