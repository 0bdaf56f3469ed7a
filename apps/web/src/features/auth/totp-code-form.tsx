import { Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { secondStepRequest, totpCodeRequest } from '@odonto/domain/contracts/two-factor';
import { visibleError } from '../../lib/form';

export interface TotpCodeFormProps {
  /** 'totp': six digits only (confirming a new key); 'any': a recovery code is accepted too. */
  accepts: 'totp' | 'any';
  submitLabel: string;
  isPending: boolean;
  onSubmit: (code: string) => void;
  /** The server's refusal, shown under the field. */
  serverError?: string | null;
  /** Buttons beside the submit button (back, cancel). */
  extra?: ReactNode;
}

/** One field for a code from the authenticator app (or a recovery code) and its button. */
export function TotpCodeForm({
  accepts,
  submitLabel,
  isPending,
  onSubmit,
  serverError,
  extra,
}: TotpCodeFormProps) {
  const form = useForm<{ code: string }>({
    mode: 'onTouched',
    resolver: zodResolver(accepts === 'totp' ? totpCodeRequest : secondStepRequest),
    defaultValues: { code: '' },
  });
  const field = form.register('code');
  const state = form.getFieldState('code', form.formState);

  return (
    <form
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values.code))(event)}
      noValidate
      aria-label={accepts === 'totp' ? 'Cod din aplicație' : 'Cod de verificare'}
    >
      <Stack gap="sm">
        <TextInput
          {...field}
          label={accepts === 'totp' ? 'Cod din aplicație' : 'Cod din aplicație sau cod de recuperare'}
          description={accepts === 'totp' ? undefined : 'Codul de 6 cifre sau un cod de recuperare'}
          placeholder={accepts === 'totp' ? '123456' : '123456 sau abcd-efgh-ijkl-mnop'}
          autoComplete="one-time-code"
          inputMode={accepts === 'totp' ? 'numeric' : 'text'}
          autoFocus
          required
          error={serverError ?? visibleError(state)}
          maw={accepts === 'totp' ? 320 : undefined}
        />
        <Group gap="sm">
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
          {extra}
        </Group>
      </Stack>
    </form>
  );
}
