import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';

type Props = {
  title: string;
  submitLabel: string;
  pending: boolean;
  /** The last failed save: focus goes to the first field it names. */
  error: unknown;
  onSubmit: () => void;
  children: React.ReactNode;
};

/** A tab's create form: its fields and one submit button that reads 'Skapar...' and is disabled while pending. */
export function CreateFormCard({ title, submitLabel, pending, error, onSubmit, children }: Props) {
  const formRef = useFocusFirstInvalid(error);
  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body p={{ base: '5', md: '8' }}>
        {/* noValidate: the server's Swedish messages stand next to the fields (the browser's own follow its language). */}
        <Stack asChild gap="6">
          <form
            ref={formRef}
            noValidate
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <Heading as="h2" size="lg">
              {title}
            </Heading>
            {children}
            <Button type="submit" colorPalette="gold" alignSelf="flex-start" disabled={pending}>
              <LuPlus aria-hidden />
              {pending ? 'Skapar...' : submitLabel}
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
