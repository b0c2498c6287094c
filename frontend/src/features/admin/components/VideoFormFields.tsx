import { SimpleGrid, Stack } from '@chakra-ui/react';
import { FIRST_CONTEST_YEAR, VIDEO_CATEGORIES, VIDEO_PLATFORMS, VIDEO_FIELD_LABELS } from '@mello/contracts';
import { videoCategoryLabel, videoPlatformLabel } from '../../../lib/badges';
import type { FieldErrors } from '../form-values';
import type { VideoFormValues } from '../video-form';
import { CheckField, SelectField, TextField } from './FormFields';

type Props = { values: VideoFormValues; errors: FieldErrors; onChange: (values: VideoFormValues) => void };

const platformLabel = (platform: string) => (platform === 'vimeo' ? 'Vimeo' : platform === 'other' ? 'Annan' : videoPlatformLabel(platform));

/** A video's fields, shared by the admin panel's create form and the edit page. */
export function VideoFormFields({ values, errors, onChange }: Props) {
  const set =
    <K extends keyof VideoFormValues>(key: K) =>
    (value: VideoFormValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField label={VIDEO_FIELD_LABELS.title} required value={values.title} onChange={set('title')} error={errors.title} />
        <TextField label={VIDEO_FIELD_LABELS.artist} required value={values.artist} onChange={set('artist')} error={errors.artist} />
        <TextField
          label={VIDEO_FIELD_LABELS.year}
          required
          type="number"
          inputMode="numeric"
          value={values.year}
          onChange={set('year')}
          error={errors.year}
          helper={`Från ${FIRST_CONTEST_YEAR}`}
        />
        <TextField label={VIDEO_FIELD_LABELS.duration} value={values.duration} onChange={set('duration')} error={errors.duration} placeholder="t.ex. 3:04" />
        <SelectField
          label={VIDEO_FIELD_LABELS.category}
          value={values.category}
          options={VIDEO_CATEGORIES}
          optionLabel={videoCategoryLabel}
          onChange={set('category')}
          error={errors.category}
        />
        <SelectField
          label={VIDEO_FIELD_LABELS.platform}
          value={values.platform}
          options={VIDEO_PLATFORMS}
          optionLabel={platformLabel}
          onChange={set('platform')}
          error={errors.platform}
        />
        <TextField
          label={VIDEO_FIELD_LABELS.videoUrl}
          required
          type="url"
          value={values.videoUrl}
          onChange={set('videoUrl')}
          error={errors.videoUrl}
          placeholder="https://www.youtube.com/watch?v=…"
        />
        <TextField label={VIDEO_FIELD_LABELS.embedUrl} type="url" value={values.embedUrl} onChange={set('embedUrl')} error={errors.embedUrl} />
        <TextField label={VIDEO_FIELD_LABELS.thumbnailUrl} type="url" value={values.thumbnailUrl} onChange={set('thumbnailUrl')} error={errors.thumbnailUrl} />
        <TextField label={VIDEO_FIELD_LABELS.views} type="number" inputMode="numeric" value={values.views} onChange={set('views')} error={errors.views} />
      </SimpleGrid>
      <TextField label={VIDEO_FIELD_LABELS.description} rows={3} value={values.description} onChange={set('description')} error={errors.description} />
      <TextField
        label={VIDEO_FIELD_LABELS.sources}
        rows={2}
        value={values.sources}
        onChange={set('sources')}
        error={errors.sources}
        helper="En källa per rad."
      />
      <CheckField label={VIDEO_FIELD_LABELS.isRare} checked={values.isRare} onChange={set('isRare')} />
    </Stack>
  );
}
