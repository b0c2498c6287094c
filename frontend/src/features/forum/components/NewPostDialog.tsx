import { useEffect, useRef, useState } from 'react';
import { Box, Button, CloseButton, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { entryLabel, entryPath, huntTitle, type EntryRef, type ForumCategory } from '@mello/contracts';
import { ApiError, isUnauthorized } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { showToast } from '../../../components/toaster';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCreatePost, useEntryRef } from '../api';
import { CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';
import { checkNewPost, emptyPostForm, fieldErrorsFromServer, type PostFormErrors } from '../post-form';
import { PostFormFields } from './PostFormFields';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from 'Bidra Med Material' (product decision 6): start in this category. */
  category: ForumCategory | null;
  /**
   * Opened as a hunt for an archive entry ("Saknas video? Starta en efterlysning", /forum?ny=efterlysning&bidrag=…):
   * the dialog names the entry, starts with a title and the year from it, and the post is sent about it. An id
   * that names no entry is ignored (a plain lost-media post).
   */
  entryId?: string | null;
};

const FORM_ID = 'new-forum-post';

/**
 * The new-post dialog (spec sections 2, 5, 8): validated on the client with the contract's schema (the spec's
 * messages), sent only when signed in and valid; on success it closes and resets. A draft survives closing with
 * 'Avbryt'. A message for no field of the form (the hunt's entry, the whole body) is shown above the fields.
 */
export function NewPostDialog({ open, onOpenChange, category, entryId = null }: Props) {
  const { user } = useCurrentUser();
  const create = useCreatePost();
  const [values, setValues] = useState(() => emptyPostForm(category ?? 'general'));
  const [errors, setErrors] = useState<PostFormErrors>({});
  const entry = useEntryRef(entryId).data ?? null;
  const prefilledFor = useRef<string | null>(null);
  const formRef = useFocusFirstInvalid(Object.keys(errors).length > 0 ? errors : null);

  useEffect(() => {
    if (open && category) setValues((current) => ({ ...current, category }));
  }, [open, category]);

  // A hunt for an entry starts filled in once per entry; what the member then writes is kept.
  useEffect(() => {
    if (!open || !entry || prefilledFor.current === entry.id) return;
    prefilledFor.current = entry.id;
    setValues((current) => ({
      ...current,
      category: 'lost-media',
      title: current.title.trim() === '' ? huntTitle(entry) : current.title,
      year: current.year.trim() === '' ? String(entry.year) : current.year,
    }));
  }, [open, entry]);

  const submit = () => {
    if (!user) {
      // Spec section 5: nothing is sent while logged out.
      noticeThenLogin(CREATE_POST_LOGIN_NOTICE, LOGIN_DELAY_MS.createPost);
      return;
    }
    // Checked with the server's own schema: an invalid form shows the messages under its fields and sends nothing.
    const checked = checkNewPost(values, entry?.id ?? null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.value, {
      onSuccess: () => {
        prefilledFor.current = null;
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
        if (error instanceof ApiError) setErrors(fieldErrorsFromServer(error.issues));
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
              {entry && <HuntEntry entry={entry} />}
              <form
                ref={formRef}
                id={FORM_ID}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  submit();
                }}
              >
                <PostFormFields values={values} errors={errors} onChange={setValues} mentions />
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

/** Which entry a new hunt is about: 'Gäller: 2012 · Loreen – Euphoria', linked to the entry on its year page. */
function HuntEntry({ entry }: { entry: EntryRef }) {
  return (
    <Box mb="5" p="3" borderRadius="md" borderWidth="1px" borderColor="gold.muted" bg="gold.subtle" data-testid="hunt-entry">
      <Text>
        Gäller:{' '}
        <Link asChild fontWeight="semibold" color="fg">
          <RouterLink to={entryPath(entry)}>{entryLabel(entry)}</RouterLink>
        </Link>
      </Text>
    </Box>
  );
}
