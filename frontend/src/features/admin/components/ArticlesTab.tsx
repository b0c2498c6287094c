import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useArticles } from '../../../api/archive';
import { articleCategoryLabel } from '../../../lib/badges';
import { formatDate } from '../../../lib/dates';
import { articlePayload, newArticleValues } from '../article-form';
import { invalidOrFailed, useCreateDocument } from '../document-api';
import { fieldErrorsOf } from '../form-values';
import { ArticleFormFields } from './ArticleFormFields';
import { CreateFormCard } from './CreateFormCard';
import { DocumentList } from './DocumentList';

/** The Artiklar tab: 'Lägg till artikel' (author Admin, 5 minutes, published now, slug from the title), then the list. */
export function ArticlesTab() {
  // Defaults are taken when the form opens (and again after each creation), so "now" is the admin's now.
  const [values, setValues] = useState(() => newArticleValues());
  const create = useCreateDocument('article', () => setValues(newArticleValues()));
  const { data, isLoading } = useArticles();
  return (
    <Stack gap="8">
      <CreateFormCard
        title="Lägg till artikel"
        submitLabel="Skapa artikel"
        pending={create.isPending}
        error={invalidOrFailed(create)}
        onSubmit={() => create.submit(articlePayload(values, 'create'))}
      >
        <ArticleFormFields mode="create" values={values} errors={{ ...fieldErrorsOf(create.error, 'slug'), ...create.formErrors }} onChange={setValues} />
      </CreateFormCard>
      <DocumentList
        kind="article"
        heading="Artiklar"
        isLoading={isLoading}
        emptyText="Inga artiklar hittades"
        items={data?.map((article) => ({
          id: article.id,
          title: article.title,
          details: `${articleCategoryLabel(article.category)} · ${article.author} · ${formatDate(article.publishedAt)}${article.featured ? ' · Utvald' : ''}`,
          deleteWhat: `artikeln "${article.title}"`,
        }))}
      />
    </Stack>
  );
}
