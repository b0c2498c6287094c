import { Button, Loader, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * A Button for an action pressed where the reader stays (like, save, watch, send a reply). Chakra's Button sets the
 * native `disabled` while `loading`, and a focused button that becomes disabled drops a keyboard user's focus to
 * the top of the document. This one marks its pending and unavailable states with aria-disabled (styled as
 * disabled, announced as such) and ignores presses meanwhile, a submit's too, so focus stays on it.
 */
export const FocusKeepingButton = forwardRef<HTMLButtonElement, ButtonProps>(function FocusKeepingButton(
  { disabled, loading, loadingText, onClick, children, ...rest },
  ref,
) {
  const unavailable = Boolean(disabled || loading);
  return (
    <Button
      ref={ref}
      {...rest}
      aria-disabled={unavailable || undefined}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      onClick={(event) => {
        if (unavailable) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      <Loader visible={Boolean(loading)} text={loadingText}>
        {children}
      </Loader>
    </Button>
  );
});
