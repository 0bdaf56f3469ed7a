import { Alert, Badge, List, Stack, Text } from '@mantine/core';
import type { EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import { EFACTURA_STATE_LABELS } from '@odonto/domain/contracts/invoices';

const COLORS: Record<string, string> = {
  queued: 'gray',
  uploading: 'blue',
  uploaded: 'blue',
  ok: 'teal',
  nok: 'red',
  failed: 'orange',
  check: 'yellow',
};

/** The e-Factura state as a badge: 'Validată de ANAF', 'Respinsă de ANAF'… */
export function EfacturaBadge({ state }: { state: string | null }) {
  if (state === null)
    return (
      <Badge color="gray" variant="outline">
        Netrimisă
      </Badge>
    );
  return (
    // A long state ('De verificat în SPV') wraps in a narrow column instead of ending in '…'.
    <Badge
      color={COLORS[state] ?? 'gray'}
      variant="light"
      data-state={state}
      h="auto"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {EFACTURA_STATE_LABELS[state] ?? state}
    </Badge>
  );
}

/** The state with ANAF's upload index, its messages (nok) and the reason of the last failed try. */
export function EfacturaState({ submission }: { submission: EfacturaSubmission | null }) {
  return (
    <Stack gap={4} aria-label="Starea RO e-Factura">
      <Text size="sm" fw={500}>
        RO e-Factura: <EfacturaBadge state={submission?.state ?? null} />
      </Text>
      {submission?.uploadIndex ? (
        <Text size="xs" c="dimmed">
          Index de încărcare: {submission.uploadIndex}
        </Text>
      ) : null}
      {submission && submission.errors.length > 0 ? (
        <Alert color="red" variant="light" title="Mesajele ANAF">
          <List size="sm">
            {submission.errors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {submission?.lastError && submission.state !== 'ok' ? (
        <Text size="xs" c="dimmed">
          Ultima încercare: {submission.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}
