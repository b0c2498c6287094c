import { Alert, Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH, SIGN_IN_LABELS, type RegisterInput } from '@mello/contracts';
import type { ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { useHydrated } from '../../../lib/use-hydrated';
import { problemOf, signInResolvers, useLogin, useRegister, type SignInMode, type SignInProblem } from '../use-sign-in';

/**
 * The e-mail and password form of one tab; the register tab also asks for the public display name (what others
 * see, product decision 10) and an optional real name. Each validates with its call's contract schema before
 * sending (react-hook-form with the zod resolver), so a problem is shown under its field and nothing is sent.
 */
export function SignInForm({ mode, returnTo }: { mode: SignInMode; returnTo: string }) {
  return mode === 'login' ? <LoginForm returnTo={returnTo} /> : <RegisterForm returnTo={returnTo} />;
}

function LoginForm({ returnTo }: { returnTo: string }) {
  const login = useLogin(returnTo);
  const form = useForm({ resolver: signInResolvers.login, defaultValues: { email: '', password: '' } });
  const hydrated = useHydrated();
  const problem = login.error ? problemOf(login.error) : null;
  const error = errorOf(form.formState.errors, problem);
  return (
    <FormFrame onSubmit={form.handleSubmit((body) => login.mutate(body))} problem={problem}>
      <TextField label={SIGN_IN_LABELS.email} required error={error('email')}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </TextField>
      <TextField label={SIGN_IN_LABELS.password} required error={error('password')}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </TextField>
      <Button type="submit" colorPalette="gold" size="lg" disabled={!hydrated} loading={login.isPending || login.isSuccess} loadingText="Loggar in...">
        Logga in
      </Button>
    </FormFrame>
  );
}

function RegisterForm({ returnTo }: { returnTo: string }) {
  const registration = useRegister(returnTo);
  const form = useForm({
    resolver: signInResolvers.register,
    defaultValues: { email: '', password: '', displayName: '', firstName: '', lastName: '' },
  });
  const hydrated = useHydrated();
  const problem = registration.error ? problemOf(registration.error) : null;
  const error = errorOf(form.formState.errors, problem);
  const field = (name: keyof RegisterInput): UseFormRegisterReturn => form.register(name);
  return (
    <FormFrame onSubmit={form.handleSubmit((body) => registration.mutate(body))} problem={problem}>
      <TextField label={SIGN_IN_LABELS.email} required error={error('email')}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </TextField>
      <TextField label={SIGN_IN_LABELS.password} required error={error('password')} helper={`Minst ${PASSWORD_MIN_LENGTH} tecken.`}>
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </TextField>
      <TextField
        label={SIGN_IN_LABELS.displayName}
        required
        error={error('displayName')}
        helper="Det här namnet ser andra vid dina inlägg och svar. Din e-postadress visas aldrig för andra medlemmar."
      >
        <Input autoComplete="nickname" maxLength={100} {...field('displayName')} />
      </TextField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label={`${SIGN_IN_LABELS.firstName} (valfritt)`} error={error('firstName')}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </TextField>
        <TextField label={`${SIGN_IN_LABELS.lastName} (valfritt)`} error={error('lastName')}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </TextField>
      </SimpleGrid>
      <Button
        type="submit"
        colorPalette="gold"
        size="lg"
        disabled={!hydrated}
        loading={registration.isPending || registration.isSuccess}
        loadingText="Skapar konto..."
      >
        Skapa konto
      </Button>
    </FormFrame>
  );
}

/** A field's message: the form's own check first, else what the server said about it (a taken display name). */
const errorOf =
  (errors: FieldErrors, problem: SignInProblem | null) =>
  (name: keyof typeof SIGN_IN_LABELS): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : problem?.fields[name];
  };

/**
 * noValidate: the contract's Swedish messages are shown, not the browser's own bubbles. The forms sign in through the
 * client only: until it has hydrated the submit button is disabled (Enter then submits nothing; the typed values stay
 * in the fields, which the form reads once it can), and method="post" keeps a password out of any address, where the
 * browser's own GET submission put it (/login?email=…&password=…).
 */
function FormFrame({ onSubmit, problem, children }: { onSubmit: React.FormEventHandler; problem: SignInProblem | null; children: ReactNode }) {
  return (
    <Stack asChild gap="5">
      <form method="post" onSubmit={onSubmit} noValidate>
        <noscript>
          <p>Inloggningen kräver JavaScript. Slå på JavaScript i webbläsaren och ladda om sidan.</p>
        </noscript>
        {problem && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{problem.message}</Alert.Title>
          </Alert.Root>
        )}
        {children}
      </form>
    </Stack>
  );
}

function TextField({ label, required, error, helper, children }: { label: string; required?: boolean; error?: string; helper?: string; children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
