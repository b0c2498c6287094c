import { useState } from 'react';
import { EditConflict } from '../../components/EditConflict';
import { documentLabels, useUpdateDocument, type Conflict, type DocumentInput, type DocumentItem, type DocumentKind, type Opened } from './document-api';
import { conflictRows } from '../../lib/conflict-rows';
import { fieldErrorsOf } from './form-values';
import { isStaleEdit } from '../../api/http';

/**
 * An edit page's state: the form's values, the revision it opened (sent as If-Match), and, after a save refused
 * because someone else saved first, the conflict view. The values stay as typed through it: the user takes the
 * newer version (the form shows it, and its revision becomes the one saved against) or saves theirs over it.
 */
export function useDocumentEditor<K extends DocumentKind, V>(
  kind: K,
  opened: Opened<K>,
  key: { id: string; year?: number },
  form: {
    valuesOf: (item: DocumentItem<K>) => V;
    payloadOf: (values: V) => DocumentInput<K>;
    onSaved: (saved: DocumentItem<K>) => void;
    conflictField?: string;
  },
) {
  const [values, setValues] = useState(() => form.valuesOf(opened.data));
  const [etag, setEtag] = useState(opened.etag);
  const [conflict, setConflict] = useState<Conflict<K> | null>(null);
  const save = useUpdateDocument(kind, key, { onSaved: form.onSaved, onConflict: setConflict });

  const notice = conflict && (
    <EditConflict
      message={conflict.message}
      rows={conflictRows(
        form.payloadOf(values) as Record<string, unknown>,
        form.payloadOf(form.valuesOf(conflict.newer.data)) as Record<string, unknown>,
        documentLabels(kind),
      )}
      pending={save.isPending}
      onTakeNewer={() => {
        setValues(form.valuesOf(conflict.newer.data));
        setEtag(conflict.newer.etag);
        setConflict(null);
      }}
      onOverwrite={() => {
        setEtag(conflict.newer.etag);
        setConflict(null);
        save.submit(form.payloadOf(values), conflict.newer.etag);
      }}
    />
  );
  const failed = save.error && !(conflict || isStaleEdit(save.error)) ? save.error : null;
  return {
    values,
    setValues,
    pending: save.isPending,
    errors: { ...fieldErrorsOf(failed, form.conflictField), ...save.formErrors },
    focusError: Object.keys(save.formErrors).length > 0 ? save.formErrors : failed,
    notice,
    submit: () => save.submit(form.payloadOf(values), etag),
  };
}
