import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PlanSummary } from '@odonto/domain/contracts/plans';
import { formatLei } from '@odonto/domain/money';
import { alternativeName } from '@odonto/domain/plans';
import { formatDay } from './plan-values';
import { PlanProgress, PlanStatusBadge } from './plan-status';

export const NO_PLANS_TEXT = 'Pacientul nu are încă un plan de tratament.';

/** The patient's plans, newest first: number, title, doctor, status, validity, totals, progress. */
export function PlanList({
  plans,
  onOpen,
}: {
  plans: readonly PlanSummary[];
  onOpen: (planId: string) => void;
}) {
  if (plans.length === 0) return <Text c="dimmed">{NO_PLANS_TEXT}</Text>;
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Planuri de tratament"
    >
      {plans.map((plan) => (
        <Card key={plan.id} component="li" withBorder radius="md" p="md" data-testid="plan-row">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>
                  Plan nr. {plan.number} — {plan.title}
                </Text>
                <PlanStatusBadge status={plan.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {plan.doctorName} · valabil până la {formatDay(plan.validUntil)} · versiunea {plan.revision}
              </Text>
            </Stack>
            <Button
              variant="light"
              onClick={() => onOpen(plan.id)}
              aria-label={`Deschide planul nr. ${plan.number}`}
            >
              Deschide
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mt="sm">
            {plan.alternatives.map((alternative) => (
              <Text key={alternative.label} size="sm">
                {alternativeName(alternative.label)}
                {plan.acceptedAlternative === alternative.label ? ' (acceptată)' : ''}:{' '}
                <b>{formatLei(alternative.totalBani)}</b>
              </Text>
            ))}
            {plan.progress ? <PlanProgress progress={plan.progress} compact /> : null}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
