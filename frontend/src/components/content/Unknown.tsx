import { Text, VisuallyHidden } from '@chakra-ui/react';
import { knownText, UNKNOWN } from '../../lib/unknown';

/**
 * An unknown value: a dash for the eye, 'uppgift saknas' for screen readers and as the hover text. Never 0 or an
 * empty cell (docs/content.md: null is "not published, or not seen in a source").
 */
export function Unknown() {
  return (
    <Text as="span" color="fg.subtle" title={UNKNOWN.label} cursor="help" data-unknown="">
      <span aria-hidden="true">{UNKNOWN.mark}</span>
      <VisuallyHidden>{UNKNOWN.label}</VisuallyHidden>
    </Text>
  );
}

/** A value as text, or the unknown mark. */
export function Known({ value }: { value: string | number | null | undefined }) {
  const text = knownText(value);
  return text === null ? <Unknown /> : <>{text}</>;
}
