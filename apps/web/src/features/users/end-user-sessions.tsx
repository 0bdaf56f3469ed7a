import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { useEndUserSessions } from './api';

/** In the user modal (admins): sign a staff member out on every device (a lost phone, a shared PC). */
export function EndUserSessions({ userId, userName }: { userId: string; userName: string }) {
  const end = useEndUserSessions(userId);

  async function handleEnd() {
    const isConfirmed = await askConfirmation(
      `Închideți toate sesiunile lui ${userName}? Va trebui să se autentifice din nou pe fiecare dispozitiv.`,
    );
    if (!isConfirmed) return;
    end.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifications.show({
          color: 'teal',
          message:
            ended === 0
              ? `${userName} nu avea nicio sesiune deschisă.`
              : `${ended === 1 ? 'O sesiune a fost închisă' : `${ended} sesiuni au fost închise`} pentru ${userName}.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Eroare server.' }),
    });
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Sesiunile deschise ale contului</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void handleEnd()}
          loading={end.isPending}
        >
          Închide toate sesiunile
        </Button>
      </Group>
    </Paper>
  );
}
