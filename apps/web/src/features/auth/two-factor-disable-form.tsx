import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { disableTwoFactorRequest, type DisableTwoFactorRequest } from '@odonto/domain/contracts/two-factor';
import { isApiError } from '../../lib/http';
import { useDisableTotp } from './two-factor-api';

/** Turning TOTP off asks for a current code (or a recovery code) or the account's password. */
export function TwoFactorDisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const disable = useDisableTotp();
  const form = useForm<DisableTwoFactorRequest>({
    mode: 'onSubmit',
    resolver: zodResolver(disableTwoFactorRequest),
    defaultValues: { code: '', password: '' },
  });
  const { errors } = form.formState;

  function handleSubmit(values: DisableTwoFactorRequest) {
    const code = values.code?.trim() ?? '';
    disable.mutate(code !== '' ? { code } : { password: values.password ?? '' }, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field === 'password' ? 'password' : 'code', { type: 'server', message });
          }
        } else {
          form.setError('code', {
            type: 'server',
            message: isApiError(error) ? error.message : 'Eroare server.',
          });
        }
      },
    });
  }

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      noValidate
      aria-label="Dezactivare autentificare în doi pași"
    >
      <Stack gap="sm">
        <Text size="sm">
          Confirmați cu un cod din aplicație (sau un cod de recuperare) ori cu parola contului.
        </Text>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            {...form.register('code')}
            label="Cod din aplicație sau cod de recuperare"
            autoComplete="one-time-code"
            error={errors.code?.message}
          />
          <PasswordInput
            {...form.register('password')}
            label="sau parola contului"
            autoComplete="current-password"
            error={errors.password?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Arată parola' }}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Dezactivează
          </Button>
          <Button variant="default" onClick={onCancel}>
            Renunță
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
