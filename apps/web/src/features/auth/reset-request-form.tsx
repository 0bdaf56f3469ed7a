import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordParams, type ForgotPasswordParams } from '@odonto/domain/contracts/auth';
import { visibleError } from '../../lib/form';
import { useForgotPassword } from './api';
import { forgotPasswordErrorMessage } from './auth-errors';

type ResetInput = z.input<typeof forgotPasswordParams>;

export interface ResetRequestFormProps {
  /** Set when the last request failed because the email is unknown (the no-email flag). */
  isNoEmail: boolean;
  onSent: () => void;
  onError: (message: string, isNoEmail: boolean) => void;
  onBackToLogin: () => void;
}

/** SPEC.md §2 reset mode: the email, the send button and the link back (in Romanian: decision 0033). */
export function ResetRequestForm({ isNoEmail, onSent, onError, onBackToLogin }: ResetRequestFormProps) {
  const forgotPassword = useForgotPassword();
  const { control, handleSubmit, formState } = useForm<ResetInput, unknown, ForgotPasswordParams>({
    mode: 'onChange',
    resolver: zodResolver(forgotPasswordParams),
    defaultValues: { email: '' },
  });
  const { field, fieldState } = useController({ control, name: 'email' });

  function handleReset({ email }: ForgotPasswordParams) {
    forgotPassword.mutate(email, {
      onSuccess: onSent,
      onError: (error) => {
        const { message, isNoEmail: isUnknown } = forgotPasswordErrorMessage(error);
        onError(message, isUnknown);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(handleReset)} noValidate aria-label="Formular de resetare a parolei">
      <Stack gap="md">
        <TextInput
          {...field}
          label="Email"
          type="email"
          autoComplete="username"
          required
          error={visibleError(fieldState) ?? isNoEmail}
        />
        <Group justify="space-between" align="center" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBackToLogin}>
            Înapoi la autentificare
          </Anchor>
          <Button type="submit" disabled={!formState.isValid} loading={forgotPassword.isPending}>
            Trimite linkul de resetare
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
