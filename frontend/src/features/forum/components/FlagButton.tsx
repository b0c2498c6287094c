import { Button, Dialog, Field, Portal, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { FLAG_REASONS, FLAG_REASON_LABELS, FLAG_TEXT_MAX, FlagInputSchema, type FlagReason, type ModerationTargetType } from '@mello/contracts';
import { errorMessage, isUnauthorized } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { showToast } from '../../../components/toaster';
import { useFlag } from '../flag-api';
import { LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';

type Props = { targetType: ModerationTargetType; targetId: string; authorId: string; size?: 'xs' | 'sm' };

const WHAT: Record<ModerationTargetType, string> = { post: 'inlägg', reply: 'svar' };
const loginNotice = (what: string) =>
  noticeThenLogin({ title: 'Inloggning krävs', description: `Du måste logga in för att rapportera ett ${what}.` }, LOGIN_DELAY_MS.like);

/**
 * 'Rapportera' beside the like button: a dialog with the reasons (labels from the contracts) and a text, required
 * for 'Annat'. Not shown on one's own content; a visitor gets the usual login notice. The form is checked with the
 * contract's schema before sending, so its Swedish message shows under the field.
 */
export function FlagButton({ targetType, targetId, authorId, size = 'sm' }: Props) {
  const { user, isLoading } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason>('spam');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const flag = useFlag(targetType, targetId);
  const what = WHAT[targetType];
  if (user?.id === authorId) return null;

  const submit = () => {
    const parsed = FlagInputSchema.safeParse({ reason, text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Ogiltig rapport');
      return;
    }
    flag.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setText('');
        setProblem(null);
        showToast({ title: 'Tack för din rapport', description: `Administratören granskar ${what}et.`, type: 'success' });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return loginNotice(what);
        setProblem(errorMessage(error, 'Rapporten kunde inte skickas'));
      },
    });
  };

  return (
    <>
      <Button
        size={size}
        variant="ghost"
        colorPalette="gray"
        disabled={isLoading}
        onClick={() => (user ? setOpen(true) : loginNotice(what))}
        aria-label={`Rapportera ${what}`}
      >
        <LuFlag aria-hidden />
        Rapportera
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => !flag.isPending && setOpen(details.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content bg="bg.panel">
              <Dialog.Header>
                <Dialog.Title>Rapportera {what}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <RadioGroup.Root value={reason} onValueChange={(details) => setReason(details.value as FlagReason)} aria-label="Skäl">
                    <Stack gap="2">
                      {FLAG_REASONS.map((value) => (
                        <RadioGroup.Item key={value} value={value}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{FLAG_REASON_LABELS[value]}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  <Field.Root invalid={problem !== null} required={reason === 'other'}>
                    <Field.Label>Beskrivning{reason === 'other' ? '' : ' (valfritt)'}</Field.Label>
                    <Textarea value={text} maxLength={FLAG_TEXT_MAX} onChange={(event) => setText(event.currentTarget.value)} rows={3} />
                    {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={flag.isPending}>
                    Avbryt
                  </Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" onClick={submit} disabled={flag.isPending}>
                  {flag.isPending ? 'Skickar...' : 'Skicka rapport'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
