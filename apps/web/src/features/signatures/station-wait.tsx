import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';

/** While a request waits on the signature station: what is happening, and a way to stop waiting. */
export function StationWait({ status, onCancel }: { status: string; onCancel: () => void }) {
  if (status === 'pending') {
    return (
      <Alert color="blue" variant="light" data-testid="station-waiting">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Stack gap={2}>
              <Text size="sm">Cererea a fost trimisă la tabletă. Așteptăm semnătura pacientului…</Text>
              <Text size="xs" c="dimmed">
                Tableta trebuie să fie deschisă, cu un cont al clinicii, la pagina /statie-semnatura.
              </Text>
            </Stack>
          </Group>
          <Button size="xs" variant="subtle" onClick={onCancel}>
            Anulează
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {status === 'expired'
            ? 'Cererea de pe tabletă a expirat.'
            : 'Cererea de pe tabletă a fost anulată.'}
        </Text>
        <Button size="xs" variant="subtle" onClick={onCancel}>
          Închide
        </Button>
      </Group>
    </Alert>
  );
}
