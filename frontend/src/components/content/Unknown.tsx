import { Text } from '@chakra-ui/react';

/**
 * How an unknown value reads on every screen (the lineups, a year's quick facts, a video's views). The data's rule
 * (docs/content.md, product decision 11): null is "not published, or not seen in a source" and is shown as
 * unknown, never as 0 or an empty cell. The rule and its mark live in one module: the home route loads it (a
 * video's views), and every file it loads counts against its 200 kB budget (docs/client-report.md).
 */

/** What stands in for a null: the dash people see and the words screen readers and tooltips say. */
export const UNKNOWN = { mark: '–', label: 'uppgift saknas' } as const;

/** A known value as text, or null when it is unknown (null, undefined or blank text). 0 is a value, not unknown. */
export function knownText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** An unknown value: a dash for the eye, 'uppgift saknas' for screen readers and as the hover text. */
export function Unknown() {
  return (
    <Text as="span" color="fg.subtle" title={UNKNOWN.label} cursor="help" data-unknown="">
      <span aria-hidden="true">{UNKNOWN.mark}</span>
      <Text as="span" srOnly>
        {UNKNOWN.label}
      </Text>
    </Text>
  );
}

/** A value as text, or the unknown mark. */
export function Known({ value }: { value: string | number | null | undefined }) {
  const text = knownText(value);
  return text === null ? <Unknown /> : <>{text}</>;
}
