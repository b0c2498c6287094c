import { useEffect, useState } from 'react';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError, errorMessage } from '../../../api/http';
import { EditConflict } from '../../../components/EditConflict';
import { LoadingText } from '../../../components/LoadingText';
import { showToast } from '../../../components/toaster';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useEditPost, useOpenedPost, type OpenedPost, type PostConflict } from '../api';
import { postConflictRows } from '../post-conflict';
import { canSaveEdit, checkPostEdit, fieldErrorsFromServer, formFromPost, type PostFormErrors } from '../post-form';
import { PostFormFields } from './PostFormFields';

/**
 * Edit mode (spec section 2): the post's values in the same fields as the new-post form; 'Spara ändringar' is
 * disabled while title or content is empty after trimming; 'Avbryt' drops the changes and returns. The form reads
 * the post once when it opens, with its revision, which the save sends in If-Match (live edits shown on the page
 * do not move it: see useOpenedPost).
 */
export function PostEditForm({ postId, onDone }: { postId: string; onDone: () => void }) {
  const opened = useOpenedPost(postId);
  if (opened.isPending) return <LoadingText>Laddar inlägg...</LoadingText>;
  if (!opened.data) {
    return (
      <Stack gap="4">
        <Text role="alert" color="fg.error">
          {opened.error ? 'Kunde inte hämta inlägget för redigering.' : 'Inlägget finns inte längre.'}
        </Text>
        <HStack justify="flex-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Avbryt
          </Button>
        </HStack>
      </Stack>
    );
  }
  return <OpenedPostForm opened={opened.data} onDone={onDone} />;
}

/**
 * The form over the opened post. After a save refused because someone else saved first, the conflict view shows
 * their version beside the member's unsaved values, which stay in the fields: take the newer version (the fields
 * show it, and its revision is saved against), or save theirs over it (with the newer revision).
 */
function OpenedPostForm({ opened, onDone }: { opened: OpenedPost; onDone: () => void }) {
  const [values, setValues] = useState(() => formFromPost(opened.data));
  const [etag, setEtag] = useState(opened.etag);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [conflict, setConflict] = useState<PostConflict | null>(null);
  const edit = useEditPost(opened.data.id, { onConflict: setConflict });
  const formRef = useFocusFirstInvalid(Object.keys(errors).length > 0 ? errors : null);
  // Edit mode replaces the post (and the menu it was chosen from): focus starts in the form, at its title.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus(), [formRef]);

  const save = (against: string | null) => {
    // The contract's edit schema: an invalid edit shows the messages under its fields and sends nothing.
    const checked = checkPostEdit(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    edit.mutate(
      { body: checked.value, etag: against },
      {
        onSuccess: (saved) => {
          if (!saved) return; // refused as stale: the conflict view is shown
          showToast({ title: 'Inlägg uppdaterat!', description: 'Dina ändringar är sparade.', type: 'success' });
          onDone();
        },
        onError: (error) => {
          showToast({ title: 'Fel', description: errorMessage(error, 'Failed to update post'), type: 'error' });
          if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.issues));
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(etag);
      }}
    >
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Redigera inlägg
        </Heading>
        {conflict && (
          <EditConflict
            message={conflict.message}
            rows={postConflictRows(values, formFromPost(conflict.newer.data))}
            pending={edit.isPending}
            onTakeNewer={() => {
              setValues(formFromPost(conflict.newer.data));
              setEtag(conflict.newer.etag);
              setConflict(null);
            }}
            onOverwrite={() => {
              setEtag(conflict.newer.etag);
              setConflict(null);
              save(conflict.newer.etag);
            }}
          />
        )}
        <PostFormFields values={values} errors={errors} onChange={setValues} />
        <HStack gap="3" justify="flex-end">
          <Button type="button" variant="outline" onClick={onDone} disabled={edit.isPending}>
            Avbryt
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!canSaveEdit(values)} loading={edit.isPending} loadingText="Sparar...">
            Spara ändringar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
