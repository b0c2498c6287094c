import { Alert, Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@mello/contracts';
import { useState } from 'react';
import { problemOf, useSignIn, type SignInMode } from './use-sign-in';

/** The e-mail and password form of one tab; the register tab also asks for an optional name. */
export function SignInForm({ mode, returnTo }: { mode: SignInMode; returnTo: string }) {
  const signIn = useSignIn(mode, returnTo);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const problem = signIn.error ? problemOf(signIn.error) : null;
  const register = mode === 'register';
  const pending = signIn.isPending || signIn.isSuccess;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    signIn.mutate(register ? { email, password, firstName, lastName } : { email, password });
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
