import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { useEndOtherSessions, useEndSession, useSessions } from './api';

export const END_OTHERS_QUESTION =
  'Închideți toate celelalte sesiuni? Pe celelalte dispozitive va trebui să vă autentificați din nou.';

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : 'Eroare server.';
}

/** The signed-in user's open sessions: end any other, or all others at once. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current);

  async function handleEndOthers() {
    if (!(await askConfirmation(END_OTHERS_QUESTION))) return;
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifications.show({
          color: 'teal',
          message: ended === 1 ? 'O sesiune a fost închisă.' : `${ended} sesiuni au fost închise.`,
        }),
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="sessions-title">
            Sesiuni deschise
          </Title>
          <Button
            variant="light"
            color="red"
            disabled={others.length === 0}
            loading={endOthers.isPending}
            onClick={() => void handleEndOthers()}
          >
            Închide celelalte sesiuni
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Dispozitivele de pe care sunteți autentificat acum. Închideți orice sesiune pe care nu o
          recunoașteți.
        </Text>
        {sessions.isPending ? <Skeleton h={80} /> : null}
        {sessions.isError ? <Alert color="red">{errorText(sessions.error)}</Alert> : null}
        {endOne.isError || endOthers.isError ? (
          <Alert color="red">{errorText(endOne.error ?? endOthers.error)}</Alert>
        ) : null}
        {sessions.data ? (
          <Table verticalSpacing="xs" aria-label="Sesiuni deschise">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dispozitiv și adresă IP</Table.Th>
                <Table.Th>Autentificat la</Table.Th>
                <Table.Th>Ultima activitate</Table.Th>
                <Table.Th aria-label="Acțiuni" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Text size="sm">{session.device}</Text>
                    <Text size="xs" c="dimmed">
                      {session.ip}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatAuditTime(session.createdAt)}</Table.Td>
                  <Table.Td>{formatAuditTime(session.lastSeenAt)}</Table.Td>
                  <Table.Td>
                    {session.current ? (
                      <Text size="sm" fw={600} c="teal.8">
                        Sesiunea curentă
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        loading={endOne.isPending && endOne.variables === session.id}
                        onClick={() => endOne.mutate(session.id)}
                        aria-label={`Închide sesiunea ${session.device}, ${session.ip}`}
                      >
                        Închide
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
