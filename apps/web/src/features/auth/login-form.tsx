import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { loginRequest, type LoginRequest } from '@odonto/domain/contracts/auth';
import type { LoginAnswer } from '@odonto/domain/contracts/two-factor';
import { visibleError } from '../../lib/form';
import { useLogin } from './api';
import { loginErrorMessage } from './auth-errors';

type LoginInput = z.input<typeof loginRequest>;

/**
 * Work the app starts before the sign-in has finished, so that the first screen does not wait for it in
 * turn (each step is a round trip on a mobile connection): the signed-in screens' code as the form is
 * sent, the landing screen's data as soon as the password is accepted, beside the session check.
 */
export interface SignInHeadStart {
  onSubmitted: () => void;
  onPasswordAccepted: (roles: readonly string[]) => void;
}

export interface LoginFormProps {
  headStart?: SignInHeadStart | undefined;
  /** Signed in, or a second step is needed (decision 0027). */
  onSuccess: (answer: LoginAnswer) => void;
  onError: (message: string) => void;
  onForgotPassword: () => void;
}

function EmailField({ control }: { control: Control<LoginInput, unknown, LoginRequest> }) {
  const { field, fieldState } = useController({ control, name: 'email' });
  return (
    <TextInput
      {...field}
      label="Email"
      type="email"
      autoComplete="username"
      required
      error={visibleError(fieldState)}
    />
  );
}

function PasswordField({ control }: { control: Control<LoginInput, unknown, LoginRequest> }) {
  const { field, fieldState } = useController({ control, name: 'password' });
  return (
    <PasswordInput
      {...field}
      label="Parolă"
      autoComplete="current-password"
      required
      error={visibleError(fieldState)}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Arată parola' }}
    />
  );
}

/**
 * SPEC.md §2 login mode: email, password with show/hide, the submit button and 'Ați uitat parola?'. The
 * button says 'Intră în cont', not SPEC's 'login' (decision 0033).
 */
export function LoginForm({ headStart, onSuccess, onError, onForgotPassword }: LoginFormProps) {
  const login = useLogin(headStart?.onPasswordAccepted);
  const { control, handleSubmit, formState } = useForm<LoginInput, unknown, LoginRequest>({
    mode: 'onChange',
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  function handleLogin(credentials: LoginRequest) {
    headStart?.onSubmitted();
    login.mutate(credentials, {
      onSuccess,
      onError: (error) => onError(loginErrorMessage(error)),
    });
  }

  return (
    <form onSubmit={handleSubmit(handleLogin)} noValidate aria-label="Formular de autentificare">
      <Stack gap="md">
        <EmailField control={control} />
        <PasswordField control={control} />
        <Group justify="space-between" align="center" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Ați uitat parola?
          </Anchor>
          <Button type="submit" disabled={!formState.isValid} loading={login.isPending}>
            Intră în cont
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
