import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import type { TwoFactorPolicy } from '@odonto/domain/contracts/two-factor';
import { ROLE_LABELS } from '@odonto/domain/contracts/users';
import { ROLES, type Role } from '@odonto/domain/roles';
import { isApiError } from '../../lib/http';
import { useSaveTwoFactorPolicy, useTwoFactorPolicy } from './two-factor-api';

function PolicyForm({ policy, onReload }: { policy: TwoFactorPolicy; onReload: () => void }) {
  const [selected, setSelected] = useState<Role[]>(policy.requiredRoles);
  const save = useSaveTwoFactorPolicy();
  const isStale = isApiError(save.error, 409);
  const isChanged =
    selected.length !== policy.requiredRoles.length ||
    selected.some((role) => !policy.requiredRoles.includes(role));

  function handleSave() {
    save.mutate(
      { requiredRoles: selected, version: policy.version },
      {
        onSuccess: (saved) => {
          setSelected(saved.requiredRoles);
          notifications.show({ color: 'teal', message: 'Setările de securitate au fost salvate.' });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Autentificare în doi pași obligatorie pentru rolurile"
        description="Un utilizator cu un astfel de rol care nu are încă autentificarea în doi pași este condus prin configurarea ei la următoarea autentificare; până atunci nu poate folosi aplicația."
        value={selected}
        onChange={(values) => setSelected(ROLES.filter((role) => values.includes(role)))}
      >
        <Group gap="lg" mt="xs">
          {ROLES.map((role) => (
            <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
          ))}
        </Group>
      </Checkbox.Group>
      {isStale ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{isApiError(save.error) ? save.error.message : null}</Text>
            <Button size="xs" variant="light" color="orange" onClick={onReload}>
              Reîncarcă
            </Button>
          </Group>
        </Alert>
      ) : save.error ? (
        <Text c="red" size="sm">
          {isApiError(save.error) ? save.error.message : 'Eroare server.'}
        </Text>
      ) : null}
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          onClick={handleSave}
          loading={save.isPending}
          disabled={!isChanged || isStale}
        >
          Salvează
        </Button>
      </Group>
    </Stack>
  );
}

/** Setări → Securitate (admins): the roles that must sign in with TOTP (issue 16). */
export function TwoFactorPolicySection() {
  const policy = useTwoFactorPolicy();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="two-factor-policy-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="two-factor-policy-title">
            Autentificare în doi pași
          </Title>
          <Text size="sm" c="dimmed">
            Cod de 6 cifre dintr-o aplicație de autentificare (TOTP), cerut după parolă. Fiecare utilizator o
            poate activa din profilul său; aici o puteți face obligatorie pe roluri.
          </Text>
        </div>
        {policy.data ? (
          <PolicyForm key={policy.data.version} policy={policy.data} onReload={() => void policy.refetch()} />
        ) : policy.isError ? (
          <Text c="red">Setările nu au putut fi încărcate: {policy.error.message}</Text>
        ) : (
          <Skeleton h={80} />
        )}
      </Stack>
    </Paper>
  );
}
