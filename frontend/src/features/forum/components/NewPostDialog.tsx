import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ForumCategory } from '@mello/contracts';
import { ApiError, isUnauthorized } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { showToast } from '../../../components/toaster';
import { useCreatePost } from '../api';
import { CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';
import { emptyPostForm, fieldErrorsFromServer, hasErrors, postInputFromForm, validatePostForm, type PostFormErrors } from '../post-form';
import { PostFormFields } from './PostFormFields';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from 'Bidra Med Material' (product decision 6): start in this category. */
  category: ForumCategory | null;
};

const FORM_ID = 'new-forum-post';

/**
 * The new-post dialog (spec sections 2, 5, 8): validated on the client with the spec's messages, sent only when
 * signed in; on success it closes and resets. A draft survives closing with 'Avbryt'.
 */
export function NewPostDialog({ open, onOpenChange, category }: Props) {
  const { user } = useCurrentUser();
  const create = useCreatePost();
  const [values, setValues] = useState(() => emptyPostForm(category ?? 'general'));
  const [errors, setErrors] = useState<PostFormErrors>({});

  useEffect(() => {
    if (open && category) setValues((current) => ({ ...current, category }));
  }, [open, category]);

  const submit = () => {
    if (!user) {
      // Spec section 5: nothing is sent while logged out.
      noticeThenLogin(CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS.createPost);
      return;
    }
    const found = validatePostForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(postInputFromForm(values), {
      onSuccess: () => {
        showToast({ title: 'Inlägg skapat!', description: 'Ditt inlägg är publicerat i forumet.', type: 'success' });
        setValues(emptyPostForm());
        setErrors({});
        onOpenChange(false);
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          noticeThenLogin({ title: 'Ej inloggad', description: 'Du måste logga in för att skapa inlägg.', type: 'error' }, LOGIN_DELAY_MS.createPost);
          return;
        }
        showToast({ title: 'Fel', description: 'Kunde inte skapa inlägg. Försök igen.', type: 'error' });
        if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.body));
      },
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title fontSize="2xl">Skapa nytt inlägg</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg.muted" mb="5">
                Berätta vad du letar efter eller vad du har hittat. Ju fler detaljer, desto lättare att hjälpa till.
              </Dialog.Description>
              <form
                id={FORM_ID}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  submit();
                }}
              >
                <PostFormFields values={values} errors={errors} onChange={setValues} />
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Avbryt</Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={FORM_ID} colorPalette="brand" loading={create.isPending} loadingText="Skapar...">
                Skapa inlägg
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Stäng" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
