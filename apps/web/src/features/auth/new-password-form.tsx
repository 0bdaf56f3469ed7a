import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { newPasswordRequest, type NewPasswordRequest } from '@odonto/domain/contracts/auth';
import { MESSAGES } from '@odonto/domain/messages';
import { visibleError } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { useSaveNewPassword } from './api';

type NewPasswordInput = z.input<typeof newPasswordRequest>;
type NewPasswordControl = Control<NewPasswordInput, unknown, NewPasswordRequest>;

export interface NewPasswordFormProps {
  email: string;
  token: string;
  onSaved: () => void;
  onError: (message: string) => void;
  onBackToLogin: () => void;
}

/** Whether the link's email and token can make a valid request at all. */
export function isResetLinkValid(email: string, token: string): boolean {
  const { shape } = newPasswordRequest;
  return shape.email.safeParse(email).success && shape.token.safeParse(token).success;
}

function PasswordField({
  control,
  name,
  label,
  autoFocus,
}: {
  control: NewPasswordControl;
  name: 'password' | 'confirm';
  label: string;
  autoFocus?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      {...field}
      label={label}
      autoComplete="new-password"
      required
      autoFocus={autoFocus}
      // The mismatch message must show while the user types the second password.
      error={visibleError(fieldState, name === 'confirm')}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': name === 'confirm' ? 'Arată confirmarea parolei' : 'Arată parola',
      }}
    />
  );
}

/** SPEC.md §2 new-password mode: 'Parolă nouă', 'Repetă parola' and 'Salvează' (capitalised, with diacritics: decision 0033). */
export function NewPasswordForm({ email, token, onSaved, onError, onBackToLogin }: NewPasswordFormProps) {
  const saveNewPassword = useSaveNewPassword();
  const { control, handleSubmit, formState, setError } = useForm<
    NewPasswordInput,
    unknown,
    NewPasswordRequest
  >({
    mode: 'onChange',
    resolver: zodResolver(newPasswordRequest),
    defaultValues: { email, token, password: '', confirm: '' },
  });
  const isLinkBroken = !isResetLinkValid(email, token);

  function handleSave(data: NewPasswordRequest) {
    saveNewPassword.mutate(data, {
      onSuccess: onSaved,
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : {};
        if (fields.password) setError('password', { message: fields.password });
        if (fields.confirm) setError('confirm', { message: fields.confirm });
        onError(error.message || MESSAGES.serverError);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(handleSave)} noValidate aria-label="Formular pentru parola nouă">
      <Stack gap="md">
        {isLinkBroken ? (
          <Alert color="orange" variant="light" role="alert">
            {MESSAGES.resetTokenInvalid}
          </Alert>
        ) : null}
        <PasswordField control={control} name="password" label="Parolă nouă" autoFocus />
        <PasswordField control={control} name="confirm" label="Repetă parola" />
        <Group justify="space-between" align="center" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBackToLogin}>
            Înapoi la autentificare
          </Anchor>
          <Button type="submit" disabled={!formState.isValid} loading={saveNewPassword.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
