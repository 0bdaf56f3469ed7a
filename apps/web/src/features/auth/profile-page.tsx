import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS } from '@odonto/domain/contracts/users';
import { isRole } from '@odonto/domain/roles';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../ui/use-page-title';
import { TwoFactorSection } from './two-factor-section';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/**
 * /profil: the signed-in user's own account and its sign-in security; `children` are the sections other
 * features add (the route composes them, docs/decisions/0009).
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  usePageTitle('Profilul meu');
  const { user, userCtx } = useCurrentUser();
  const roles = userCtx.roles.map((role) => (isRole(role) ? ROLE_LABELS[role] : role)).join(', ');
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Profilul meu</Title>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="account-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg" id="account-title">
              Cont
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Detail label="Nume" value={user.nume} />
            <Detail label="Email" value={user.email} />
            <Detail label="Funcție" value={user.functie} />
            <Detail label="Roluri" value={roles} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <TwoFactorSection />
      {children}
    </Stack>
  );
}
