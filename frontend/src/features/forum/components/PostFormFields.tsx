import { useState } from 'react';
import { Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { FIRST_CONTEST_YEAR, FORUM_CATEGORIES, FORUM_PRIORITIES, latestForumYear, type ForumCategory, type ForumPriority } from '@mello/contracts';
import { forumCategoryLabel, forumPriorityLabel } from '../../../lib/badges';
import type { PostFormErrors, PostFormValues } from '../post-form';
import { MentionSuggestions } from '../../notifications';
import { TagInput } from './TagInput';
import { MarkdownPreview, PreviewToggle } from './WriteOrPreview';

type Props = {
  values: PostFormValues;
  errors: PostFormErrors;
  onChange: (values: PostFormValues) => void;
  /** Offer the @name autocomplete under the content (a new post; an edit does not resolve mentions). */
  mentions?: boolean;
};

/**
 * The fields of a forum post, shared by the new-post dialog and the edit form (product decision 4: the same
 * categories, priorities and year bound 1958..the current year).
 */
export function PostFormFields({ values, errors, onChange, mentions = false }: Props) {
  const [caret, setCaret] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => onChange({ ...values, [key]: value });
  // A message for no field shown here (the hunt's entry, the body as a whole) is said above the fields.
  const general = errors.entryId ?? errors['(form)'];
  return (
    <Stack gap="5">
      {general && (
        <Text role="alert" color="fg.error">
          {general}
        </Text>
      )}
      <Field.Root required invalid={Boolean(errors.title)}>
        <Field.Label>
          Titel <Field.RequiredIndicator />
        </Field.Label>
        <Input value={values.title} onChange={(e) => set('title', e.target.value)} placeholder="Vad letar du efter?" maxLength={200} />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </Field.Root>

      <Field.Root required invalid={Boolean(errors.content)}>
        <Field.Label>
          Innehåll <Field.RequiredIndicator />
        </Field.Label>
        <PreviewToggle previewing={previewing} onChange={setPreviewing} />
        <Textarea
          hidden={previewing}
          value={values.content}
          onChange={(e) => {
            set('content', e.target.value);
            setCaret(e.target.selectionEnd);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionEnd)}
          placeholder="Beskriv materialet: sändning, datum, vad som syns eller hörs, var det kan finnas…"
          rows={6}
          resize="vertical"
        />
        {mentions && !previewing && (
          <MentionSuggestions
            text={values.content}
            caret={caret}
            onPick={(content, at) => {
              set('content', content);
              setCaret(at);
            }}
          />
        )}
        {previewing && <MarkdownPreview text={values.content} />}
        <Field.ErrorText>{errors.content}</Field.ErrorText>
      </Field.Root>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <Field.Root required invalid={Boolean(errors.category)}>
          <Field.Label>Kategori</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.category} onChange={(e) => set('category', e.target.value as ForumCategory)}>
              {FORUM_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {forumCategoryLabel(category)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.category}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={Boolean(errors.priority)}>
          <Field.Label>Prioritet</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.priority} onChange={(e) => set('priority', e.target.value as ForumPriority | '')}>
              <option value="">Ingen prioritet</option>
              {FORUM_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {forumPriorityLabel(priority)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.priority}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={Boolean(errors.year)}>
          <Field.Label>År (valfritt)</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={FIRST_CONTEST_YEAR}
            max={latestForumYear()}
            step={1}
            value={values.year}
            onChange={(e) => set('year', e.target.value)}
            placeholder={`${FIRST_CONTEST_YEAR}–${latestForumYear()}`}
          />
          <Field.ErrorText>{errors.year}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={Boolean(errors.reward)}>
          <Field.Label>Belöning (kr)</Field.Label>
          <Input type="number" inputMode="numeric" min={0} step={1} value={values.reward} onChange={(e) => set('reward', e.target.value)} />
          <Field.ErrorText>{errors.reward}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>

      <TagInput tags={values.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />
    </Stack>
  );
}
