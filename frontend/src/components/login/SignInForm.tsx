import { Alert, Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@mello/contracts';
import { useState } from 'react';
import { problemOf, publicNameProblem, useSignIn, type SignInMode } from './use-sign-in';

/**
 * The e-mail and password form of one tab; the register tab also asks for the public display name (what others
 * see, product decision 10) and an optional real name.
 */
export function SignInForm({ mode, returnTo }: { mode: SignInMode; returnTo: string }) {
  const signIn = useSignIn(mode, returnTo);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const problem = signIn.error ? problemOf(signIn.error) : null;
  const displayNameError = nameProblem ?? problem?.fields.displayName;
  const register = mode === 'register';
  const pending = signIn.isPending || signIn.isSuccess;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (register) {
      const local = publicNameProblem(displayName);
      setNameProblem(local);
      if (local) return;
    }
    signIn.mutate(register ? { email, password, displayName, firstName, lastName } : { email, password });
  };

  return (
    <Stack as="form" onSubmit={submit} gap="5">
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem.message}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root required invalid={Boolean(problem?.fields.email)}>
        <Field.Label>
          E-post <Field.RequiredIndicator />
        </Field.Label>
        <Input type="email" name="email" autoComplete={register ? 'email' : 'username'} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field.ErrorText>{problem?.fields.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={Boolean(problem?.fields.password)}>
        <Field.Label>
          Lösenord <Field.RequiredIndicator />
        </Field.Label>
        <Input type="password" name="password" autoComplete={register ? 'new-password' : 'current-password'} value={password}
          minLength={register ? PASSWORD_MIN_LENGTH : undefined} onChange={(e) => setPassword(e.target.value)} />
        {register && <Field.HelperText>Minst {PASSWORD_MIN_LENGTH} tecken.</Field.HelperText>}
        <Field.ErrorText>{problem?.fields.password}</Field.ErrorText>
      </Field.Root>
      {register && (
        <Field.Root required invalid={Boolean(displayNameError)}>
          <Field.Label>
            Visningsnamn <Field.RequiredIndicator />
          </Field.Label>
          <Input name="displayName" autoComplete="nickname" value={displayName} maxLength={100}
            onChange={(e) => { setDisplayName(e.target.value); setNameProblem(null); }} />
          {!displayNameError && <Field.HelperText>Det här namnet ser andra vid dina inlägg och svar. Din e-postadress visas aldrig för andra medlemmar.</Field.HelperText>}
          <Field.ErrorText>{displayNameError}</Field.ErrorText>
        </Field.Root>
      )}
      {register && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem?.fields.firstName)}>
            <Field.Label>Förnamn (valfritt)</Field.Label>
            <Input name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <Field.ErrorText>{problem?.fields.firstName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem?.fields.lastName)}>
            <Field.Label>Efternamn (valfritt)</Field.Label>
            <Input name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
            <Field.ErrorText>{problem?.fields.lastName}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
      )}
      <Button type="submit" colorPalette="gold" size="lg" loading={pending} loadingText={register ? 'Skapar konto...' : 'Loggar in...'}>
        {register ? 'Skapa konto' : 'Logga in'}
      </Button>
    </Stack>
  );
}
