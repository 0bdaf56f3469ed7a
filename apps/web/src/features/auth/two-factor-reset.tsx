import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { useResetUserTwoFactor, useUserTwoFactor } from './two-factor-api';

/**
 * In the user modal (admins): a staff account's TOTP, and its reset after a lost phone. Shown only while
 * TOTP is on; where the clinic requires it, the user sets it up again at the next sign-in.
 */
export function TwoFactorReset({ userId, userName }: { userId: string; userName: string }) {
  const status = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor(userId);
  if (!status.data?.enabled) return null;

  async function handleReset() {
    const isConfirmed = await askConfirmation(
      `Resetați autentificarea în doi pași pentru ${userName}? Codurile din aplicația de pe telefon și codurile de recuperare nu vor mai funcționa.`,
    );
    if (!isConfirmed) return;
    reset.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          message: `Autentificarea în doi pași a fost resetată pentru ${userName}.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: isApiError(error) ? error.message : 'Eroare server.',
        }),
    });
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Autentificarea în doi pași este activă.</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconShieldOff size={16} />}
          onClick={() => void handleReset()}
          loading={reset.isPending}
        >
          Resetează autentificarea în doi pași
        </Button>
      </Group>
    </Paper>
  );
}
