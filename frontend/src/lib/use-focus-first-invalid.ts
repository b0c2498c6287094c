import { useEffect, useRef } from 'react';

/**
 * After a form is refused (its own check or the server's 400), moves focus to its first invalid field, so a keyboard
 * or screen-reader user lands on the field whose message says why instead of staying on the submit button. Runs on
 * each refusal: pass the new error (object) of each one, or a falsy value while there is none. The forum's and the admin's forms share it.
 */
export function useFocusFirstInvalid(refusal: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!refusal) return;
    const frame = requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [refusal]);
  return formRef;
}
