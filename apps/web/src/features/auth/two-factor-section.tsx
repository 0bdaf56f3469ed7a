import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import type { TotpSetup } from '@odonto/domain/contracts/two-factor';
import { isApiError } from '../../lib/http';
import { RecoveryCodes } from './recovery-codes';
import { TotpCodeForm } from './totp-code-form';
import { TotpKey } from './totp-key';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { useConfirmTotp, useStartTotpSetup, useTwoFactorStatus } from './two-factor-api';

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : 'Eroare server.';
}

/** Turning TOTP on: scan the key, confirm with a first code, then see the recovery codes once. */
function TotpEnrolment({ setup, onCancel }: { setup: TotpSetup; onCancel: () => void }) {
  const confirm = useConfirmTotp();
  if (confirm.data) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconShieldLock />}>
          Autentificarea în doi pași este activă.
        </Alert>
        <RecoveryCodes codes={confirm.data.recoveryCodes} />
        <Group>
          <Button onClick={onCancel}>Am salvat codurile</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <TotpKey setup={setup} />
      <TotpCodeForm
        accepts="totp"
        submitLabel="Confirmă"
        isPending={confirm.isPending}
        onSubmit={(code) => confirm.mutate(code)}
        serverError={confirm.error ? errorText(confirm.error) : null}
        extra={
          <Button variant="default" onClick={onCancel}>
            Renunță
          </Button>
        }
      />
    </Stack>
  );
}

/** The profile's "Autentificare în doi pași" card: on or off, turning it on and off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTotpSetup();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [isDisabling, setIsDisabling] = useState(false);

  function handleStart() {
    start.mutate(undefined, { onSuccess: setSetup });
  }

  function handleDisabled() {
    setIsDisabling(false);
    notifications.show({ color: 'teal', message: 'Autentificarea în doi pași a fost dezactivată.' });
  }

  const data = status.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="two-factor-title">
              Autentificare în doi pași
            </Title>
            <Text size="sm" c="dimmed">
              La autentificare, pe lângă parolă, se cere un cod de 6 cifre din aplicația de pe telefon.
            </Text>
          </div>
          {data ? (
            <Badge color={data.enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-status">
              {data.enabled ? 'Activă' : 'Inactivă'}
            </Badge>
          ) : null}
        </Group>
        {status.isError ? (
          <Text c="red">Starea nu a putut fi încărcată: {errorText(status.error)}</Text>
        ) : !data ? (
          <Skeleton h={60} />
        ) : setup ? (
          <TotpEnrolment
            setup={setup}
            onCancel={() => {
              setSetup(null);
              start.reset();
            }}
          />
        ) : data.enabled ? (
          <Stack gap="sm">
            <Text size="sm">
              Coduri de recuperare nefolosite: <b>{data.recoveryCodesLeft}</b> din 10.
            </Text>
            {data.required ? (
              <Text size="sm" c="dimmed">
                Clinica cere autentificarea în doi pași pentru rolul dumneavoastră: nu poate fi dezactivată.
              </Text>
            ) : isDisabling ? (
              <TwoFactorDisableForm onCancel={() => setIsDisabling(false)} onDone={handleDisabled} />
            ) : (
              <Group>
                <Button variant="default" color="red" onClick={() => setIsDisabling(true)}>
                  Dezactivează
                </Button>
              </Group>
            )}
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            {data.required ? (
              <Text size="sm" c="orange.8">
                Clinica cere autentificarea în doi pași pentru rolul dumneavoastră.
              </Text>
            ) : null}
            {start.error ? <Text c="red">{errorText(start.error)}</Text> : null}
            <Button
              leftSection={<IconShieldLock size={18} />}
              onClick={handleStart}
              loading={start.isPending}
            >
              Activează autentificarea în doi pași
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
