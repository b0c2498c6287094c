import type { Year } from '@mello/contracts';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useYears } from '../../../api/archive';
import { LoadingText } from '../../../components/LoadingText';
import { usePageMeta } from '../../../seo/use-page-meta';
import { adminMeta } from '../admin-meta';
import { AdminOnly } from '../components/AdminOnly';
import { EditFormShell, EditNotFound } from '../components/EditFormShell';
import { ListEditor } from '../components/ListEditor';
import { YearFormFields } from '../components/YearFormFields';
import { useOpenedDocument, type Opened } from '../document-api';
import { LineupEditor } from '../lineup/components/LineupEditor';
import { useDocumentEditor } from '../use-document-editor';
import { yearEditPayload, yearValuesOf } from '../year-form';

/**
 * /admin/edit-year/{id}: the year's form, with facts and controversies edited entry by entry; after saving the
 * browser goes to /year/{year} (the saved number, which may have changed). Below it the year's lineup
 * ('Startfält'), whose entries are saved one command at a time. The save sends the revision the page opened
 * (If-Match): someone else's save in between is shown beside the unsaved values (use-document-editor.tsx).
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
  const listed = data?.find((item) => item.id === id);
  const opened = useOpenedDocument('year', { id, year: listed?.year }, listed !== undefined);
  if (isLoading || (listed && opened.isLoading)) return <LoadingText>Laddar år...</LoadingText>;
  if (!listed || !opened.data) return <EditNotFound kind="year" />;
  return <YearEditor key={listed.id} opened={opened.data} />;
}

function YearEditor({ opened }: { opened: Opened<'year'> }) {
  const navigate = useNavigate();
  const year: Year = opened.data;
  const editor = useDocumentEditor(
    'year',
    opened,
    { id: year.id, year: year.year },
    {
      valuesOf: yearValuesOf,
      payloadOf: yearEditPayload,
      onSaved: (saved) => navigate(`/year/${saved?.year ?? year.year}`),
      conflictField: 'year',
    },
  );
  const { values, setValues, errors } = editor;
  return (
    <EditFormShell
      heading="Redigera år"
      subject={`${year.year} – ${year.winner}`}
      kind="year"
      id={year.id}
      cancelTo="/admin?tab=ar"
      pending={editor.pending}
      error={editor.focusError}
      onSubmit={editor.submit}
      notice={editor.notice}
      below={<LineupEditor year={year.year} />}
    >
      <YearFormFields values={values} errors={errors} onChange={setValues}>
        <ListEditor
          label="Intressanta fakta"
          itemName="faktum"
          newLabel="Nytt faktum"
          entries={values.facts}
          error={errors.facts}
          onChange={(facts) => setValues({ ...values, facts })}
        />
        <ListEditor
          label="Kontroverser"
          itemName="kontrovers"
          newLabel="Ny kontrovers"
          entries={values.controversies}
          error={errors.controversies}
          onChange={(controversies) => setValues({ ...values, controversies })}
        />
      </YearFormFields>
    </EditFormShell>
  );
}
