import { useState } from 'react';
import { Field, Flex, Heading, Stack, Textarea } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { FORUM_REPLY_MAX, ForumReplyInputSchema, visibleLength } from '@mello/contracts';
import { errorMessage, isUnauthorized } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { FocusKeepingButton } from '../../../components/FocusKeepingButton';
import { showToast } from '../../../components/toaster';
import { checkForm } from '../../../lib/form-validation';
import { markChanged } from '../../../live/highlights';
import { useTypingSignal } from '../../../live/use-forum-live';
import { MentionSuggestions } from '../../notifications';
import { usePostReply } from '../api';
import { LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';
import { MarkdownPreview, PreviewToggle } from './WriteOrPreview';

const REPLY_LOGIN_NOTICE = { title: 'Inloggning krävs', description: 'Du måste logga in för att svara. Dirigerar till inloggning...' };

/**
 * 'Skriv ett svar' (spec section 5, Reply): sending is disabled while the text is empty after trimming, and the
 * text is checked with the contract's schema before it is sent (Ctrl+Enter on a blank box says 'Svaret får inte
 * vara tomt' and sends nothing); logged out, sending shows 'Inloggning krävs' and goes to the login page after
 * 1 s. While a signed-in reader has the box focused with text in it, the others see "X skriver ett svar…".
 */
export function ReplyForm({ postId }: { postId: string }) {
  const { user } = useCurrentUser();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [caret, setCaret] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reply = usePostReply(postId);
  useTypingSignal(postId, focused && user !== null && !reply.isPending, text);

  const send = () => {
    const checked = checkForm(ForumReplyInputSchema, { content: text });
    if (!checked.ok) {
      setProblem(checked.errors.content ?? Object.values(checked.errors)[0] ?? null);
      return;
    }
    setProblem(null);
    const { content } = checked.value;
    if (!user) {
      noticeThenLogin(REPLY_LOGIN_NOTICE, LOGIN_DELAY_MS.reply);
      return;
    }
    reply.mutate(content, {
      onSuccess: (created) => {
        setText('');
        markChanged([created.id]);
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          noticeThenLogin(REPLY_LOGIN_NOTICE, LOGIN_DELAY_MS.reply);
          return;
        }
        showToast({ title: 'Fel', description: errorMessage(error, 'Failed to create reply'), type: 'error' });
      },
    });
  };

  return (
    <Stack
      as="form"
      gap="3"
      aria-labelledby="reply-form-heading"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        send();
      }}
    >
      <Heading as="h3" id="reply-form-heading" size="md">
        Skriv ett svar
      </Heading>
      <Field.Root invalid={problem !== null}>
        <Field.Label srOnly>Ditt svar</Field.Label>
        <PreviewToggle previewing={previewing} onChange={setPreviewing} />
        <Textarea
          hidden={previewing}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionEnd);
            setProblem(null);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionEnd)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends, as in most forums; plain Enter makes a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send();
            }
          }}
          placeholder={user ? 'Dela det du vet, ett tips eller en fråga…' : 'Logga in för att svara'}
          rows={4}
          maxLength={FORUM_REPLY_MAX}
          bg="bg.panel"
          resize="vertical"
        />
        {user && !previewing && (
          <MentionSuggestions
            text={text}
            caret={caret}
            onPick={(next, at) => {
              setText(next);
              setCaret(at);
            }}
          />
        )}
        {previewing && <MarkdownPreview text={text} />}
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
      <Flex justify="flex-end">
        <FocusKeepingButton type="submit" colorPalette="brand" disabled={visibleLength(text) === 0} loading={reply.isPending} loadingText="Skickar...">
          <LuSend aria-hidden />
          Skicka svar
        </FocusKeepingButton>
      </Flex>
    </Stack>
  );
}
