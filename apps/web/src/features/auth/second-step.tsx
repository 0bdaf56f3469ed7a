import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { LoginResponse } from '@odonto/domain/contracts/auth';
import { TWO_FACTOR_MESSAGES, type TotpSetup } from '@odonto/domain/contracts/two-factor';
import { isApiError } from '../../lib/http';
import { loginErrorMessage } from './auth-errors';
import { RecoveryCodes } from './recovery-codes';
import { TotpCodeForm } from './totp-code-form';
import { TotpKey } from './totp-key';
import { useSecondStep, useSetupSignIn } from './two-factor-api';

export interface SecondStepProps {
  onSignedIn: (user: LoginResponse) => void;
  /** The second step expired or was abandoned: back to email and password, with a message or none. */
  onRestart: (message: string | null) => void;
}

/** A 401 that is not about the code itself (the step expired) sends the user back to the password. */
function isExpired(error: unknown): boolean {
  return isApiError(error, 401) && error.message === TWO_FACTOR_MESSAGES.challengeExpired;
}

/** The second step of sign-in: a code from the app, or a recovery code. */
export function CodeStep({ onSignedIn, onRestart }: SecondStepProps) {
  const secondStep = useSecondStep();
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(code: string) {
    setError(null);
    secondStep.mutate(code, {
      onSuccess: onSignedIn,
      onError: (failure) =>
        isExpired(failure) ? onRestart(loginErrorMessage(failure)) : setError(loginErrorMessage(failure)),
    });
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Introduceți codul de 6 cifre afișat acum de aplicația de autentificare. Dacă nu aveți telefonul,
        folosiți unul dintre codurile de recuperare.
      </Text>
      <TotpCodeForm
        accepts="any"
        submitLabel="Verifică"
        isPending={secondStep.isPending}
        onSubmit={handleSubmit}
        serverError={error}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
        Înapoi la autentificare
      </Anchor>
    </Stack>
  );
}

/**
 * The clinic requires TOTP for the user's role: set it up now, then see the recovery codes once; the app
 * opens only after "Continuă".
 */
export function SetupStep({ setup, onSignedIn, onRestart }: SecondStepProps & { setup: TotpSetup }) {
  const setupSignIn = useSetupSignIn();
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(code: string) {
    setError(null);
    setupSignIn.mutate(code, {
      onError: (failure) =>
        isExpired(failure) ? onRestart(loginErrorMessage(failure)) : setError(loginErrorMessage(failure)),
    });
  }

  const done = setupSignIn.data;
  if (done) {
    return (
      <Stack gap="md">
        <Text size="sm">Autentificarea în doi pași este activă.</Text>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button onClick={() => onSignedIn({ name: done.name, roles: done.roles })}>
          Am salvat codurile, continuă
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        Clinica cere autentificarea în doi pași pentru contul dumneavoastră. Configurați-o acum pentru a
        continua.
      </Text>
      <TotpKey setup={setup} />
      <TotpCodeForm
        accepts="totp"
        submitLabel="Activează"
        isPending={setupSignIn.isPending}
        onSubmit={handleSubmit}
        serverError={error}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
        Înapoi la autentificare
      </Anchor>
    </Stack>
  );
}
