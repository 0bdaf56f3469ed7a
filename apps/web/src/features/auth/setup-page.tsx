import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { setupRequest, type SetupRequest } from '@odonto/domain/contracts/auth';
import { landingPath } from '@odonto/domain/roles';
import { visibleError } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { usePageTitle } from '../../ui/use-page-title';
import { useSetup } from './api';
import { AuthCard } from './auth-card';

type SetupInput = z.input<typeof setupRequest>;
type SetupControl = Control<SetupInput, unknown, SetupRequest>;
type FieldName = keyof SetupInput;

const FIELDS: readonly { name: FieldName; label: string; autoComplete: string; isPassword?: boolean }[] = [
  { name: 'nume', label: 'Nume', autoComplete: 'name' },
  { name: 'email', label: 'Email', autoComplete: 'username' },
  { name: 'password', label: 'Parolă', autoComplete: 'new-password', isPassword: true },
  { name: 'confirm', label: 'Repetă parola', autoComplete: 'new-password', isPassword: true },
];

function SetupField({
  control,
  name,
  label,
  autoComplete,
  isPassword,
}: (typeof FIELDS)[number] & { control: SetupControl }) {
  const { field, fieldState } = useController({ control, name });
  const error = visibleError(fieldState, name === 'confirm');
  if (isPassword) {
    return (
      <PasswordInput
        {...field}
        label={label}
        autoComplete={autoComplete}
        required
        error={error}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{
          'aria-label': name === 'confirm' ? 'Arată confirmarea parolei' : 'Arată parola',
        }}
      />
    );
  }
  return (
    <TextInput
      {...field}
      label={label}
      type={name === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      required
      error={error}
    />
  );
}

/** First run: the database has no user yet, so the first administrator is created here. */
export function SetupPage() {
  usePageTitle('Configurare inițială');
  const navigate = useNavigate();
  const setup = useSetup();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<SetupInput, unknown, SetupRequest>({
    mode: 'onChange',
    resolver: zodResolver(setupRequest),
    defaultValues: { nume: '', email: '', password: '', confirm: '' },
  });

  function handleCreate(data: SetupRequest) {
    setErrorMessage(null);
    setup.mutate(data, {
      onSuccess: (user) => void navigate(landingPath(user.roles), { replace: true }),
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : {};
        for (const { name } of FIELDS) {
          const message = fields[name];
          if (message) setError(name, { message });
        }
        setErrorMessage(error.message);
      },
    });
  }

  return (
    <AuthCard
      title="Configurare inițială"
      description="Nu există încă niciun utilizator. Creați contul administratorului clinicii."
    >
      <form onSubmit={handleSubmit(handleCreate)} noValidate aria-label="Formular de configurare">
        <Stack gap="md">
          {errorMessage ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle />}>
              {errorMessage}
            </Alert>
          ) : null}
          {FIELDS.map((entry) => (
            <SetupField key={entry.name} control={control} {...entry} />
          ))}
          <Button type="submit" disabled={!formState.isValid} loading={setup.isPending} mt="xs">
            Creează administratorul
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
