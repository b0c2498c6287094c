import { useId, useState } from 'react';
import { Field, HStack, IconButton, Input, Tag, Wrap } from '@chakra-ui/react';
import { LuPlus, LuX } from 'react-icons/lu';
import { addTag, removeTag } from '../post-form';

type Props = { tags: string[]; onChange: (tags: string[]) => void; error?: string };

/**
 * Free-text tags (spec section 5): typed text is added with Enter or the plus button, trimmed, never empty or
 * twice. Enter adds a tag instead of submitting the form. Each tag can be removed again.
 */
export function TagInput({ tags, onChange, error }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const hintId = useId();

  const add = () => {
    const result = addTag(tags, text);
    setProblem(result.error);
    if (result.added) onChange(result.tags);
    if (result.added || text.trim() === '') setText('');
  };

  const message = problem ?? error;
  return (
    <Field.Root invalid={Boolean(message)}>
      <Field.Label>Taggar</Field.Label>
      <HStack gap="2" width="full">
        <Input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
          placeholder="T.ex. VHS, 1962, SVT"
          aria-describedby={hintId}
          maxLength={60}
        />
        <IconButton type="button" aria-label="Lägg till tagg" variant="outline" colorPalette="brand" onClick={add}>
          <LuPlus />
        </IconButton>
      </HStack>
      <Field.HelperText id={hintId}>Tryck Enter eller plus för att lägga till en tagg.</Field.HelperText>
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
      {tags.length > 0 && (
        <Wrap as="ul" gap="2" mt="1" listStyleType="none" aria-label="Valda taggar">
          {tags.map((tag) => (
            <li key={tag}>
              <Tag.Root size="lg" colorPalette="brand" variant="subtle">
                <Tag.Label>#{tag}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={`Ta bort taggen ${tag}`} onClick={() => onChange(removeTag(tags, tag))}>
                    <LuX />
                  </Tag.CloseTrigger>
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </Wrap>
      )}
    </Field.Root>
  );
}
