import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoadingText } from '../../../components/LoadingText';
import { usePageMeta } from '../../../seo/use-page-meta';
import { adminMeta } from '../admin-meta';
import { articlePayload, articleValuesOf } from '../article-form';
import { AdminOnly } from '../components/AdminOnly';
import { ArticleFormFields } from '../components/ArticleFormFields';
import { EditFormShell, EditNotFound } from '../components/EditFormShell';
import { useOpenedDocument, type Opened } from '../document-api';
import { useDocumentEditor } from '../use-document-editor';

/**
 * /admin/edit-article/{id}: the article's form; after saving the browser goes to /article/{id} (spec section 2).
 * The save sends the revision the page opened (If-Match): a save in between is shown beside the unsaved values.
 */
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
  const opened = useOpenedDocument('article', { id });
  if (opened.isLoading) return <LoadingText>Laddar artikel...</LoadingText>;
  if (!opened.data) return <EditNotFound kind="article" />;
  return <ArticleEditor key={id} opened={opened.data} />;
}

function ArticleEditor({ opened }: { opened: Opened<'article'> }) {
  const navigate = useNavigate();
  const article = opened.data;
  const editor = useDocumentEditor(
    'article',
    opened,
    { id: article.id },
    {
      valuesOf: articleValuesOf,
      payloadOf: (values) => articlePayload(values, 'edit'),
      onSaved: () => navigate(`/article/${encodeURIComponent(article.id)}`),
      conflictField: 'slug',
    },
  );
  return (
    <EditFormShell
      heading="Redigera artikel"
      subject={article.title}
      kind="article"
      id={article.id}
      cancelTo="/admin?tab=artiklar"
      pending={editor.pending}
      error={editor.focusError}
      onSubmit={editor.submit}
      notice={editor.notice}
    >
      <ArticleFormFields mode="edit" values={editor.values} errors={editor.errors} onChange={editor.setValues} />
    </EditFormShell>
  );
}
