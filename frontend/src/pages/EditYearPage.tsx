import { useState } from 'react';
import type { Year, YearCreateInput } from '@mello/contracts';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useYears } from '../api/archive';
import { LoadingText } from '../components/LoadingText';
import { adminMeta } from '../features/admin/admin-meta';
import { AdminOnly } from '../features/admin/components/AdminOnly';
import { EditFormShell, EditNotFound } from '../features/admin/components/EditFormShell';
import { ListEditor } from '../features/admin/components/ListEditor';
import { YearFormFields } from '../features/admin/components/YearFormFields';
import { useUpdateDocument } from '../features/admin/document-api';
import { fieldErrorsOf } from '../features/admin/form-values';
import { LineupEditor } from '../features/admin/lineup/components/LineupEditor';
import { yearEditPayload, yearValuesOf } from '../features/admin/year-form';
import { usePageMeta } from '../seo/use-page-meta';

/**
 * /admin/edit-year/{id}: the year's form, with facts and controversies edited entry by entry; after saving the
 * browser goes to /year/{year} (the saved number, which may have changed). Below it the year's lineup
 * ('Startfält'), whose entries are saved one command at a time.
 */
export default function EditYearPage() {
  usePageMeta(adminMeta('Redigera år', useLocation().pathname));
  return (
    <AdminOnly redirect>
      <EditYear />
    </AdminOnly>
  );
}

function EditYear() {
  const { id = '' } = useParams();
  const { data, isLoading } = useYears();
  if (isLoading) return <LoadingText>Laddar år...</LoadingText>;
  const year = data?.find((item) => item.id === id);
  if (!year) return <EditNotFound title="År hittades inte" backTo="/admin?tab=ar" />;
  return <YearEditor key={year.id} year={year} />;
}

function YearEditor({ year }: { year: Year }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => yearValuesOf(year));
  const save = useUpdateDocument<YearCreateInput, Year>('year', year.id, (saved) => navigate(`/year/${saved?.year ?? year.year}`));
  const errors = fieldErrorsOf(save.error, 'year');
  return (
    <EditFormShell heading="Redigera år" subject={`${year.year} – ${year.winner}`} kind="year" id={year.id} cancelTo="/admin?tab=ar"
      pending={save.isPending} error={save.error} onSubmit={() => save.mutate(yearEditPayload(values))}
      below={<LineupEditor year={year.year} />}>
      <YearFormFields values={values} errors={errors} onChange={setValues}>
        <ListEditor label="Intressanta fakta" itemName="faktum" newLabel="Nytt faktum" entries={values.facts} error={errors.facts}
          onChange={(facts) => setValues({ ...values, facts })} />
        <ListEditor label="Kontroverser" itemName="kontrovers" newLabel="Ny kontrovers" entries={values.controversies}
          error={errors.controversies} onChange={(controversies) => setValues({ ...values, controversies })} />
      </YearFormFields>
    </EditFormShell>
  );
}
