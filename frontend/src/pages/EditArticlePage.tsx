import { useState } from 'react';
import type { Article, ArticleCreateInput } from '@mello/contracts';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useArticles } from '../api/archive';
import { LoadingText } from '../components/LoadingText';
import { adminMeta } from '../features/admin/admin-meta';
import { articlePayload, articleValuesOf } from '../features/admin/article-form';
import { AdminOnly } from '../features/admin/components/AdminOnly';
import { ArticleFormFields } from '../features/admin/components/ArticleFormFields';
import { EditFormShell, EditNotFound } from '../features/admin/components/EditFormShell';
import { useUpdateDocument } from '../features/admin/document-api';
import { fieldErrorsOf } from '../features/admin/form-values';
import { usePageMeta } from '../seo/use-page-meta';

/** /admin/edit-article/{id}: the article's form; after saving the browser goes to /article/{id} (spec section 2). */
export default function EditArticlePage() {
  usePageMeta(adminMeta('Redigera artikel', useLocation().pathname));
  return (
    <AdminOnly redirect>
      <EditArticle />
    </AdminOnly>
  );
}

function EditArticle() {
  const { id = '' } = useParams();
  const { data, isLoading } = useArticles();
  if (isLoading) return <LoadingText>Laddar artikel...</LoadingText>;
  const article = data?.find((item) => item.id === id);
  if (!article) return <EditNotFound title="Artikel hittades inte" backTo="/admin?tab=artiklar" />;
  return <ArticleEditor key={article.id} article={article} />;
}

function ArticleEditor({ article }: { article: Article }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => articleValuesOf(article));
  const save = useUpdateDocument<ArticleCreateInput>('article', article.id, () => navigate(`/article/${encodeURIComponent(article.id)}`));
  return (
    <EditFormShell heading="Redigera artikel" subject={article.title} kind="article" id={article.id} cancelTo="/admin?tab=artiklar"
      pending={save.isPending} error={save.error} onSubmit={() => save.mutate(articlePayload(values, 'edit'))}>
      <ArticleFormFields mode="edit" values={values} errors={fieldErrorsOf(save.error, 'slug')} onChange={setValues} />
    </EditFormShell>
  );
}
