import { Text, type TextProps } from '@chakra-ui/react';

/**
 * The compilation's free text (a year's format line, its gaps, an entry's and a dispute's notes) is English and is
 * shown as it is, never translated: marked lang="en" (a screen reader reads it in English) and, where nothing
 * around it says what it is, led in with this line.
 */
export const DATA_NOTE_LEAD = 'Ur källmaterialets anteckningar (på engelska):';

/** The data's own words, in English. */
export function DataText(props: TextProps) {
  return <Text as="span" lang="en" {...props} />;
}

/** A note of the data with its lead-in. */
export function DataNote({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text {...props}>
      {DATA_NOTE_LEAD} <DataText wordBreak="break-word">{text}</DataText>
    </Text>
  );
}
