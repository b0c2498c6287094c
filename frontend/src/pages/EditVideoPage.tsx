import { useState } from 'react';
import type { Video, VideoCreateInput } from '@mello/contracts';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useVideos } from '../api/archive';
import { LoadingText } from '../components/LoadingText';
import { adminMeta } from '../features/admin/admin-meta';
import { AdminOnly } from '../features/admin/components/AdminOnly';
import { EditFormShell, EditNotFound } from '../features/admin/components/EditFormShell';
import { VideoFormFields } from '../features/admin/components/VideoFormFields';
import { useUpdateDocument } from '../features/admin/document-api';
import { fieldErrorsOf } from '../features/admin/form-values';
import { videoPayload, videoValuesOf } from '../features/admin/video-form';
import { usePageMeta } from '../seo/use-page-meta';

/** /admin/edit-video/{id}: the video's form; after saving the browser goes to /video-archive (spec section 2). */
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
  const { data, isLoading } = useVideos();
  if (isLoading) return <LoadingText>Laddar video...</LoadingText>;
  const video = data?.find((item) => item.id === id);
  if (!video) return <EditNotFound title="Video hittades inte" backTo="/admin" />;
  return <VideoEditor key={video.id} video={video} />;
}

function VideoEditor({ video }: { video: Video }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => videoValuesOf(video));
  const save = useUpdateDocument<VideoCreateInput>('video', video.id, () => navigate('/video-archive'));
  return (
    <EditFormShell heading="Redigera video" subject={video.title} kind="video" id={video.id} cancelTo="/admin" pending={save.isPending} error={save.error}
      onSubmit={() => save.mutate(videoPayload(values))}>
      <VideoFormFields values={values} errors={fieldErrorsOf(save.error)} onChange={setValues} />
    </EditFormShell>
  );
}
