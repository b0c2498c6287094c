import { useState } from 'react';
import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ForumPost } from '@mello/contracts';
import { ApiError, errorMessage } from '../../../api/http';
import { showToast } from '../../../components/toaster';
import { useUpdatePost } from '../api';
import { canSaveEdit, checkPostEdit, fieldErrorsFromServer, formFromPost, type PostFormErrors } from '../post-form';
import { PostFormFields } from './PostFormFields';

/**
 * Edit mode (spec section 2): the post's values in the same fields as the new-post form; 'Spara ändringar' is
 * disabled while title or content is empty after trimming; 'Avbryt' drops the changes and returns.
 */
export function PostEditForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const [values, setValues] = useState(() => formFromPost(post));
  const [errors, setErrors] = useState<PostFormErrors>({});
  const update = useUpdatePost(post.id);

  const save = () => {
    // The contract's edit schema: an invalid edit shows the messages under its fields and sends nothing.
    const checked = checkPostEdit(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.value, {
      onSuccess: () => {
        showToast({ title: 'Inlägg uppdaterat!', description: 'Dina ändringar är sparade.', type: 'success' });
        onDone();
      },
      onError: (error) => {
        showToast({ title: 'Fel', description: errorMessage(error, 'Failed to update post'), type: 'error' });
        if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.body));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Redigera inlägg
        </Heading>
        <PostFormFields values={values} errors={errors} onChange={setValues} />
        <HStack gap="3" justify="flex-end">
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Avbryt
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!canSaveEdit(values)} loading={update.isPending} loadingText="Sparar...">
            Spara ändringar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
