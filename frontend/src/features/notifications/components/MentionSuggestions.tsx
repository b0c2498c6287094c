import { Box, Button, Stack } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { useMemberNames } from '../api';
import { insertMention, mentionAtCaret } from '../mention-input';

type Props = {
  text: string;
  /** Where the caret is in `text` (the textarea's selectionEnd). */
  caret: number;
  /** The text after a name was chosen, and where the caret goes. */
  onPick: (text: string, caret: number) => void;
};

/**
 * Under an editor: the public names starting with the `@name` being typed at the caret; choosing one writes it
 * in the form it needs (`@Anna`, `@[Anna Berg]`).
 */
export function MentionSuggestions({ text, caret, onPick }: Props) {
  const draft = mentionAtCaret(text, caret);
  const prefix = useDeferredValue(draft?.prefix ?? '');
  const names = useMemberNames(prefix).data?.names ?? [];
  if (!draft || names.length === 0) return null;
  return (
    <Box role="listbox" aria-label="Nämn en medlem" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg.panel" p="1">
      <Stack gap="0">
        {names.map((name) => (
          <Button
            key={name}
            role="option"
            aria-selected={false}
            size="xs"
            variant="ghost"
            justifyContent="flex-start"
            // mousedown, not click: the textarea keeps its focus and caret.
            onMouseDown={(event) => {
              event.preventDefault();
              const next = insertMention(text, draft, caret, name);
              onPick(next.text, next.caret);
            }}
          >
            @{name}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
