import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuHistory, LuSave } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { historyPath } from '../audit-labels';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import type { DocumentKind } from '../document-api';
import { editNotFoundTexts } from '../edit-not-found';

type Props = {
  heading: string;
  subject: string;
  kind: DocumentKind;
  id: string;
  /** Where 'Avbryt' goes when the page was opened directly (otherwise it goes back). */
  cancelTo: string;
  pending: boolean;
  /** The last failed save: focus goes to the first field it names. */
  error: unknown;
  onSubmit: () => void;
  children: React.ReactNode;
  /** What the page edits apart from the form, below it (the year's lineup): outside the form, saved on its own. */
  below?: React.ReactNode;
  /** Shown above the form (a save refused because someone else saved first: EditConflict). */
  notice?: React.ReactNode;
};

/** An edit page's frame: heading, a link to the item's 'Historik', the form, 'Avbryt' and 'Spara ändringar'. */
export function EditFormShell({ heading, subject, kind, id, cancelTo, pending, error, onSubmit, children, below, notice }: Props) {
  const formRef = useFocusFirstInvalid(error);
  const navigate = useNavigate();
  const location = useLocation();
  // React Router marks the first page of a visit with the key 'default': there is nothing to go back to.
  const cancel = () => (location.key === 'default' ? navigate(cancelTo) : navigate(-1));
  return (
    <PageContainer maxW="4xl">
      <Stack gap="6">
        <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
          <div>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="900">
              {heading}
            </Heading>
            <Text color="fg.muted" mt="1">
              {subject}
            </Text>
          </div>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={historyPath(kind, id)}>
              <LuHistory aria-hidden /> Historik
            </RouterLink>
          </Button>
        </Flex>
        {notice}
        <Card.Root bg="bg.panel" borderColor="border">
          <Card.Body p={{ base: '5', md: '8' }}>
            {/* noValidate: the server's Swedish messages stand next to the fields (the browser's own follow its language). */}
            <Stack asChild gap="8">
              <form
                ref={formRef}
                noValidate
                aria-label={heading}
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit();
                }}
              >
                {children}
                <Flex gap="3" justify="flex-end" wrap="wrap">
                  <Button type="button" variant="outline" onClick={cancel} disabled={pending}>
                    Avbryt
                  </Button>
                  <Button type="submit" colorPalette="gold" disabled={pending}>
                    <LuSave aria-hidden />
                    {pending ? 'Sparar...' : 'Spara ändringar'}
                  </Button>
                </Flex>
              </form>
            </Stack>
          </Card.Body>
        </Card.Root>
        {below}
      </Stack>
    </PageContainer>
  );
}

/** 'Artikel hittades inte' and the like, with a way back to the admin panel's tab. */
export function EditNotFound({ kind }: { kind: DocumentKind }) {
  const { title, description, backTo } = editNotFoundTexts(kind);
  return (
    <PageContainer>
      <EmptyState as="h1" title={title} description={description}>
        <Button asChild colorPalette="gold">
          <RouterLink to={backTo}>
            <LuArrowLeft aria-hidden /> Tillbaka till Admin Panel
          </RouterLink>
        </Button>
      </EmptyState>
    </PageContainer>
  );
}
