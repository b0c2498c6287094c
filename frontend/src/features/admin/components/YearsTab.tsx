import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useYears } from '../../../api/archive';
import { invalidOrFailed, useCreateDocument } from '../document-api';
import { fieldErrorsOf } from '../form-values';
import { newYearValues, yearCreatePayload, type YearCreateValues } from '../year-form';
import { CreateFormCard } from './CreateFormCard';
import { DocumentList } from './DocumentList';
import { TextField } from './FormFields';
import { YearFormFields } from './YearFormFields';

/** The År tab: 'Lägg till år' (current year, not a classic; facts and controversies comma-separated), then the list. */
export function YearsTab() {
  const [values, setValues] = useState(newYearValues);
  const create = useCreateDocument('year', () => setValues(newYearValues()));
  const { data, isLoading } = useYears();
  const errors = { ...fieldErrorsOf(create.error, 'year'), ...create.formErrors };
  const set = (key: 'facts' | 'controversies') => (text: string) => setValues({ ...values, [key]: text } as YearCreateValues);
  return (
    <Stack gap="8">
      <CreateFormCard
        title="Lägg till år"
        submitLabel="Skapa år"
        pending={create.isPending}
        error={invalidOrFailed(create)}
        onSubmit={() => create.submit(yearCreatePayload(values))}
      >
        <YearFormFields values={values} errors={errors} onChange={setValues}>
          <TextField label="Intressanta fakta" rows={2} value={values.facts} onChange={set('facts')} error={errors.facts} helper="Separera med kommatecken." />
          <TextField
            label="Kontroverser"
            rows={2}
            value={values.controversies}
            onChange={set('controversies')}
            error={errors.controversies}
            helper="Separera med kommatecken."
          />
        </YearFormFields>
      </CreateFormCard>
      <DocumentList
        kind="year"
        heading="År"
        isLoading={isLoading}
        emptyText="Inga år hittades"
        items={data?.map((year) => ({
          id: year.id,
          title: `${year.year} – ${year.winner}`,
          details: `”${year.song}”${year.isClassic ? ' · Klassiker' : ''}`,
          deleteWhat: `året ${year.year}`,
        }))}
      />
    </Stack>
  );
}
