import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ARTICLE_CATEGORIES, ARTICLE_FIELD_LABELS } from '@mello/contracts';
import { articleCategoryLabel } from '../../../lib/badges';
import { derivedSlug, type ArticleFormValues } from '../article-form';
import type { FieldErrors } from '../form-values';
import { CheckField, SelectField, TextField } from './FormFields';

type Props = { values: ArticleFormValues; errors: FieldErrors; onChange: (values: ArticleFormValues) => void; mode: 'create' | 'edit' };

/**
 * An article's fields. On create the slug is derived from the title (spec section 5) and shown as it will be;
 * on the edit page it is a field of its own, so renaming an article does not silently change its address.
 */
export function ArticleFormFields({ values, errors, onChange, mode }: Props) {
  const set =
    <K extends keyof ArticleFormValues>(key: K) =>
    (value: ArticleFormValues[K]) =>
      onChange({ ...values, [key]: value });
  const slug = derivedSlug(values);
  return (
    <Stack gap="5">
      <TextField
        label={ARTICLE_FIELD_LABELS.title}
        required
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        helper={
          mode === 'create' ? (
            <>
              Slug:{' '}
              <Text as="span" fontFamily="mono" color="fg">
                {slug || '—'}
              </Text>
              {errors.slug && (
                <Text as="span" color="fg.error">
                  {' '}
                  ({errors.slug})
                </Text>
              )}
            </>
          ) : undefined
        }
      />
      {mode === 'edit' && <TextField label={ARTICLE_FIELD_LABELS.slug} required value={values.slug} onChange={set('slug')} error={errors.slug} />}
      <TextField label={ARTICLE_FIELD_LABELS.excerpt} required rows={2} value={values.excerpt} onChange={set('excerpt')} error={errors.excerpt} />
      <TextField label={ARTICLE_FIELD_LABELS.content} rows={10} value={values.content} onChange={set('content')} error={errors.content} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectField
          label={ARTICLE_FIELD_LABELS.category}
          value={values.category}
          options={ARTICLE_CATEGORIES}
          optionLabel={articleCategoryLabel}
          onChange={set('category')}
          error={errors.category}
        />
        <TextField
          label={ARTICLE_FIELD_LABELS.readTime}
          required
          type="number"
          inputMode="numeric"
          value={values.readTime}
          onChange={set('readTime')}
          error={errors.readTime}
        />
        <TextField label={ARTICLE_FIELD_LABELS.author} required value={values.author} onChange={set('author')} error={errors.author} />
        <TextField label={ARTICLE_FIELD_LABELS.authorTitle} value={values.authorTitle} onChange={set('authorTitle')} error={errors.authorTitle} />
        <TextField
          label={ARTICLE_FIELD_LABELS.publishedAt}
          required
          type="datetime-local"
          value={values.publishedAt}
          onChange={set('publishedAt')}
          error={errors.publishedAt}
        />
        <TextField label={ARTICLE_FIELD_LABELS.imageUrl} type="url" value={values.imageUrl} onChange={set('imageUrl')} error={errors.imageUrl} />
      </SimpleGrid>
      <TextField
        label={ARTICLE_FIELD_LABELS.sources}
        rows={2}
        value={values.sources}
        onChange={set('sources')}
        error={errors.sources}
        helper="En källa per rad."
      />
      <CheckField label={ARTICLE_FIELD_LABELS.featured} checked={values.featured} onChange={set('featured')} />
    </Stack>
  );
}
