import { useState } from 'react';
import { Box, Button, Field, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuX } from 'react-icons/lu';

type Props = {
  label: string;
  /** One entry, for screen readers ('faktum', 'kontrovers'). */
  itemName: string;
  /** The new entry's input ('Nytt faktum', 'Ny kontrovers'). */
  newLabel: string;
  entries: string[];
  onChange: (entries: string[]) => void;
  error?: string;
};

/** The year edit page's facts and controversies: each entry edited, removed or added on its own (spec section 2). */
export function ListEditor({ label, itemName, newLabel, entries, onChange, error }: Props) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const text = draft.trim();
    if (!text) return;
    onChange([...entries, text]);
    setDraft('');
  };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Box as="fieldset" w="full" borderWidth="1px" borderColor="border" borderRadius="xl" p="4">
        <Box as="legend" px="2" fontWeight="medium" fontSize="sm">
          {label} ({entries.length})
        </Box>
        <Stack gap="2">
          {entries.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              Inga poster än.
            </Text>
          )}
          {entries.map((entry, index) => (
            <Flex key={index} gap="2">
              <Input
                value={entry}
                aria-label={`${label} ${index + 1}`}
                onChange={(e) => onChange(entries.map((item, i) => (i === index ? e.target.value : item)))}
              />
              <IconButton
                aria-label={`Ta bort ${itemName} ${index + 1}`}
                variant="ghost"
                colorPalette="red"
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
              >
                <LuX />
              </IconButton>
            </Flex>
          ))}
          <Flex gap="2" mt="2">
            <Input
              value={draft}
              aria-label={newLabel}
              placeholder={`${newLabel}…`}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the entry instead of submitting the whole form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="outline" onClick={add} disabled={!draft.trim()} flexShrink={0}>
              <LuPlus aria-hidden /> Lägg till
            </Button>
          </Flex>
        </Stack>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
