import { useState } from 'react';
import { Alert, Box, Button, Field, Flex, List, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ENTRY_FIELD_LABELS } from '@mello/contracts';
import { LuSave } from 'react-icons/lu';
import { ApiError } from '../../../../api/http';
import { EditConflict } from '../../../../components/EditConflict';
import { LoadingText } from '../../../../components/LoadingText';
import { conflictRows } from '../../../../lib/conflict-rows';
import type { FormRefusal } from '../../../../lib/form-validation';
import { fieldErrorsOf, type FieldErrors } from '../../form-values';
import { TextField } from '../../components/FormFields';
import { useFocusFirstInvalid } from '../../../../lib/use-focus-first-invalid';
import {
  HEAT_RESULT_LABELS,
  HEAT_RESULTS,
  SECOND_CHANCE_RESULT_LABELS,
  SECOND_CHANCE_RESULTS,
  checkEntryEdit,
  checkNewEntry,
  entryPayload,
  entryValuesOf,
  type EntryFormValues,
  type NumberField,
} from '../entry-form';
import { useCreateEntry, useOpenedEntry, useUpdateEntry, type EntryConflict, type OpenedEntry } from '../lineup-api';
import { ArtistPicker } from './ArtistPicker';

type Props = {
  /** The lineup's year (refreshed after saving, with the entry's year if it changed). */
  year: number;
  /** 'Redigera bidrag: …' or 'Nytt bidrag i …': the form's accessible name. */
  title: string;
  initial: EntryFormValues;
  onDone: () => void;
} & ({ mode: 'create' } | { mode: 'update'; entryId: string; /** The revision the form opened, sent as If-Match. */ etag: string | null });

type EditProps = { entryId: string; artist: { id: string; name: string }; year: number; title: string; onDone: () => void };

/**
 * The edit form of a lineup's entry: the entry is read when the form opens (GET /api/entries/{id}), so its values
 * and the revision the save is based on (If-Match) come from one answer. `artist` is the act as the lineup shows it:
 * its current name, for the picker.
 */
export function EditEntryForm({ entryId, artist, year, title, onDone }: EditProps) {
  const opened = useOpenedEntry(entryId);
  if (opened.isLoading) return <LoadingText>Laddar bidraget...</LoadingText>;
  if (!opened.data) return <Text color="fg.error">Kunde inte hämta bidraget. Det kan ha tagits bort.</Text>;
  return (
    <EntryForm
      mode="update"
      entryId={entryId}
      etag={opened.data.etag}
      year={year}
      title={title}
      initial={valuesOfOpened(opened.data, artist)}
      onDone={onDone}
    />
  );
}

/**
 * The form's values of an entry as read. The picker shows the act's current name, which the lineup knows for the
 * act it lists; an entry moved to another act since then shows its billed name until one is picked.
 */
const valuesOfOpened = (opened: OpenedEntry, artist: { id: string; name: string }) =>
  entryValuesOf(opened.data, opened.data.artistId === artist.id ? artist.name : opened.data.artist);

/** What the conflict view compares: the body the form would send, with the act by name rather than by id. */
const comparedPayload = (values: EntryFormValues) => ({ ...entryPayload(values, 'update'), artistId: values.artistName });

/**
 * Every field of an entry, labelled as the contract names them. The body is checked with the contract's schema
 * before it is sent (contract-form.ts): nothing is sent, each refused field gets its message, and an alert lists
 * them by the form's labels ('Låt: Får inte vara tomt'). A 400 puts the server's
 * message on its field, a 409 (running order taken, a concurrent edit) stands above the buttons. An edit is saved
 * against the revision the form opened (If-Match): when someone else saved the entry since, the newer version is
 * shown beside the unsaved values (EditConflict), to take or to save over. The typed values stay after any refusal.
 */
export function EntryForm(props: Props) {
  const { year, title, initial, onDone, mode } = props;
  const [values, setValues] = useState(initial);
  const [refusal, setRefusal] = useState<FormRefusal | null>(null);
  // The revision the save is based on (If-Match): the one opened, or a newer one the admin has seen in a conflict.
  const [etag, setEtag] = useState(props.mode === 'update' ? props.etag : null);
  const [stale, setStale] = useState<EntryConflict | null>(null);
  // Taking the newer version gives the picker (which keeps what is typed in it) the newer act.
  const [taken, setTaken] = useState(0);
  const create = useCreateEntry(year, onDone);
  const update = useUpdateEntry(year, props.mode === 'update' ? props.entryId : '', { onSaved: onDone, onConflict: setStale });
  const save = mode === 'create' ? create : update;
  const errors: FieldErrors = { ...fieldErrorsOf(save.error), ...refusal?.errors };
  const conflict = save.error instanceof ApiError && save.error.status !== 400 && save.error.status !== 412 ? save.error.serverError : null;
  const formRef = useFocusFirstInvalid(refusal ?? save.error);

  const set =
    <K extends keyof EntryFormValues>(field: K) =>
    (value: EntryFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const text = (
    field: Exclude<keyof EntryFormValues, 'heatResult' | 'andraChansen' | 'artistName'>,
    options: { required?: boolean; rows?: number; helper?: string } = {},
  ) => <TextField label={ENTRY_FIELD_LABELS[field]} value={values[field]} onChange={set(field)} error={errors[field]} {...options} />;
  const number = (field: NumberField) => (
    // Text, not type="number": a browser empties a number input holding '12p' and the admin's typo would be saved as unknown.
    <TextField label={ENTRY_FIELD_LABELS[field]} value={values[field]} onChange={set(field)} error={errors[field]} inputMode="numeric" placeholder="–" />
  );

  const submit = () => {
    if (mode === 'create') {
      const check = checkNewEntry(values);
      setRefusal(check.ok ? null : check);
      if (check.ok) create.mutate(check.body);
    } else {
      saveEdit(etag);
    }
  };
  const saveEdit = (basedOn: string | null) => {
    const check = checkEntryEdit(values);
    setRefusal(check.ok ? null : check);
    if (check.ok) update.mutate({ body: check.body, etag: basedOn });
  };

  // A save refused because someone else saved first (412): their version beside the unsaved values, which stay.
  const notice = stale && (
    <EditConflict
      message={stale.message}
      rows={conflictRows(
        comparedPayload(values),
        comparedPayload(valuesOfOpened(stale.newer, { id: values.artistId, name: values.artistName })),
        ENTRY_FIELD_LABELS,
      )}
      pending={update.isPending}
      onTakeNewer={() => {
        setValues(valuesOfOpened(stale.newer, { id: values.artistId, name: values.artistName }));
        setEtag(stale.newer.etag);
        setStale(null);
        setTaken((count) => count + 1);
      }}
      onOverwrite={() => {
        setEtag(stale.newer.etag);
        setStale(null);
        saveEdit(stale.newer.etag);
      }}
    />
  );

  return (
    <Box mt="3" borderWidth="1px" borderColor="border.emphasized" borderRadius="xl" p={{ base: '4', md: '6' }} bg="bg.subtle">
      <form
        ref={formRef}
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="5">
          <ArtistPicker
            key={taken}
            artistId={values.artistId}
            artistName={values.artistName}
            error={errors.artistId}
            onPick={(artist) => setValues((current) => ({ ...current, artistId: artist.id, artistName: artist.name }))}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {text('artist', {
              required: mode === 'update',
              helper: mode === 'create' ? 'Lämnas tomt: artistens namn.' : undefined,
            })}
            {text('song', { required: true })}
          </SimpleGrid>
          {text('songwriters', { rows: 3, helper: 'En per rad.' })}
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            {number('year')}
            {number('heat')}
            {number('runningOrder')}
            {number('heatPlace')}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <NullableSelect
              label={ENTRY_FIELD_LABELS.heatResult}
              value={values.heatResult}
              options={HEAT_RESULTS}
              labels={HEAT_RESULT_LABELS}
              onChange={set('heatResult')}
              error={errors.heatResult}
            />
            <NullableSelect
              label={ENTRY_FIELD_LABELS.andraChansen}
              value={values.andraChansen}
              options={SECOND_CHANCE_RESULTS}
              labels={SECOND_CHANCE_RESULT_LABELS}
              onChange={set('andraChansen')}
              error={errors.andraChansen}
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
            {number('finalRunningOrder')}
            {number('finalPlace')}
            {number('finalPoints')}
            {number('juryPoints')}
            {number('televotePoints')}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {text('sources', { rows: 2, helper: 'Källnycklar, en per rad.' })}
            {text('verifiedBy', { rows: 2, helper: 'Källnycklar, en per rad.' })}
            {text('unconfirmed', { rows: 2, helper: 'Fältnamn, ett per rad.' })}
          </SimpleGrid>
          {text('disputed', { rows: 3, helper: 'JSON: [{ "field": "finalPoints", "values": [44, 45], "sources": ["en87"], "note": null }]' })}
          {text('notes', { rows: 3 })}
          {refusal && (
            <Alert.Root status="error" role="alert" aria-label="Bidraget sparades inte">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Bidraget sparades inte. Rätta:</Alert.Title>
                <Alert.Description>
                  <List.Root ps="4">
                    {refusal.summary.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {notice}
          {conflict && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{conflict}</Alert.Title>
            </Alert.Root>
          )}
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
              Avbryt
            </Button>
            <Button type="submit" colorPalette="gold" disabled={save.isPending}>
              <LuSave aria-hidden />
              {save.isPending ? 'Sparar...' : mode === 'create' ? 'Spara nytt bidrag' : 'Spara bidrag'}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

type SelectProps<T extends string> = {
  label: string;
  value: T | '';
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | '') => void;
  error?: string;
};

/** A choice the data may leave open: '–' is null. */
function NullableSelect<T extends string>({ label, value, options, labels, onChange, error }: SelectProps<T>) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value as T | '')}>
          <option value="">– (okänt)</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
