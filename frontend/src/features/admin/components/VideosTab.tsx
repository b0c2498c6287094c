import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useVideos } from '../../../api/archive';
import { videoCategoryLabel } from '../../../lib/badges';
import { invalidOrFailed, useCreateDocument } from '../document-api';
import { fieldErrorsOf } from '../form-values';
import { newVideoValues, videoPayload } from '../video-form';
import { CreateFormCard } from './CreateFormCard';
import { DocumentList } from './DocumentList';
import { VideoFormFields } from './VideoFormFields';

/** The Videos tab: 'Lägg till video' with the spec's defaults, then every video with its actions. */
export function VideosTab() {
  const [values, setValues] = useState(newVideoValues);
  const create = useCreateDocument('video', () => setValues(newVideoValues()));
  const { data, isLoading } = useVideos();
  return (
    <Stack gap="8">
      <CreateFormCard
        title="Lägg till video"
        submitLabel="Skapa video"
        pending={create.isPending}
        error={invalidOrFailed(create)}
        onSubmit={() => create.submit(videoPayload(values))}
      >
        <VideoFormFields values={values} errors={{ ...fieldErrorsOf(create.error), ...create.formErrors }} onChange={setValues} />
      </CreateFormCard>
      <DocumentList
        kind="video"
        heading="Videos"
        isLoading={isLoading}
        emptyText="Inga videos hittades"
        items={data?.map((video) => ({
          id: video.id,
          title: video.title,
          details: `${video.artist} · ${video.year} · ${videoCategoryLabel(video.category)}`,
          deleteWhat: `videon "${video.title}"`,
        }))}
      />
    </Stack>
  );
}
