import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoadingText } from '../../../components/LoadingText';
import { usePageMeta } from '../../../seo/use-page-meta';
import { adminMeta } from '../admin-meta';
import { AdminOnly } from '../components/AdminOnly';
import { EditFormShell, EditNotFound } from '../components/EditFormShell';
import { VideoFormFields } from '../components/VideoFormFields';
import { useOpenedDocument, type Opened } from '../document-api';
import { useDocumentEditor } from '../use-document-editor';
import { videoPayload, videoValuesOf } from '../video-form';

/**
 * /admin/edit-video/{id}: the video's form; after saving the browser goes to /video-archive (spec section 2). The
 * save sends the revision the page opened (If-Match): a save in between is shown beside the unsaved values.
 */
export default function EditVideoPage() {
  usePageMeta(adminMeta('Redigera video', useLocation().pathname));
  return (
    <AdminOnly redirect>
      <EditVideo />
    </AdminOnly>
  );
}

function EditVideo() {
  const { id = '' } = useParams();
  const opened = useOpenedDocument('video', { id });
  if (opened.isLoading) return <LoadingText>Laddar video...</LoadingText>;
  if (!opened.data) return <EditNotFound kind="video" />;
  return <VideoEditor key={id} opened={opened.data} />;
}

function VideoEditor({ opened }: { opened: Opened<'video'> }) {
  const navigate = useNavigate();
  const video = opened.data;
  const editor = useDocumentEditor(
    'video',
    opened,
    { id: video.id },
    {
      valuesOf: videoValuesOf,
      payloadOf: videoPayload,
      onSaved: () => navigate('/video-archive'),
    },
  );
  return (
    <EditFormShell
      heading="Redigera video"
      subject={video.title}
      kind="video"
      id={video.id}
      cancelTo="/admin"
      pending={editor.pending}
      error={editor.focusError}
      onSubmit={editor.submit}
      notice={editor.notice}
    >
      <VideoFormFields values={editor.values} errors={editor.errors} onChange={editor.setValues} />
    </EditFormShell>
  );
}
