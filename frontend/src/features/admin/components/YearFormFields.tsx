import { SimpleGrid, Stack } from '@chakra-ui/react';
import { FIRST_CONTEST_YEAR, latestContestYear, YEAR_FIELD_LABELS } from '@mello/contracts';
import type { FieldErrors } from '../form-values';
import type { YearCreateValues, YearEditValues } from '../year-form';
import { CheckField, TextField } from './FormFields';

type Base = Omit<YearCreateValues, 'facts' | 'controversies'>;
type Props<V extends YearCreateValues | YearEditValues> = {
  values: V;
  errors: FieldErrors;
  onChange: (values: V) => void;
  /** The facts and controversies inputs: comma text on create, entry editors on the edit page. */
  children?: React.ReactNode;
};

/** A year's fields, shared by the create form and the edit page (which edits the lists entry by entry). */
export function YearFormFields<V extends YearCreateValues | YearEditValues>({ values, errors, onChange, children }: Props<V>) {
  const set =
    <K extends keyof Base>(key: K) =>
    (value: Base[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField
          label={YEAR_FIELD_LABELS.year}
          required
          type="number"
          inputMode="numeric"
          value={values.year}
          onChange={set('year')}
          error={errors.year}
          helper={`${FIRST_CONTEST_YEAR}–${latestContestYear()}`}
        />
        <TextField label={YEAR_FIELD_LABELS.date} value={values.date} onChange={set('date')} error={errors.date} placeholder="t.ex. 8 mars 2025" />
        <TextField label={YEAR_FIELD_LABELS.winner} required value={values.winner} onChange={set('winner')} error={errors.winner} />
        <TextField label={YEAR_FIELD_LABELS.song} required value={values.song} onChange={set('song')} error={errors.song} />
        <TextField label={YEAR_FIELD_LABELS.venue} value={values.venue} onChange={set('venue')} error={errors.venue} />
        <TextField label={YEAR_FIELD_LABELS.city} value={values.city} onChange={set('city')} error={errors.city} />
        <TextField label={YEAR_FIELD_LABELS.host} value={values.host} onChange={set('host')} error={errors.host} />
        <TextField label={YEAR_FIELD_LABELS.videoUrl} type="url" value={values.videoUrl} onChange={set('videoUrl')} error={errors.videoUrl} />
        <TextField label={YEAR_FIELD_LABELS.imageUrl} type="url" value={values.imageUrl} onChange={set('imageUrl')} error={errors.imageUrl} />
      </SimpleGrid>
      <TextField label={YEAR_FIELD_LABELS.description} required rows={4} value={values.description} onChange={set('description')} error={errors.description} />
      {children}
      <TextField
        label={YEAR_FIELD_LABELS.sources}
        rows={2}
        value={values.sources}
        onChange={set('sources')}
        error={errors.sources}
        helper="En källa per rad."
      />
      <CheckField label={YEAR_FIELD_LABELS.isClassic} checked={values.isClassic} onChange={set('isClassic')} />
    </Stack>
  );
}
