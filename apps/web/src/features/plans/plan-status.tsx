import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Plan } from '@odonto/domain/contracts/plans';
import { formatLei, formatPercent } from '@odonto/domain/money';
import type { PlanStatus } from '@odonto/domain/plans';

const STATUS_COLORS: Record<PlanStatus, string> = {
  propus: 'blue',
  acceptat: 'teal',
  'în lucru': 'orange',
  finalizat: 'green',
  respins: 'red',
  expirat: 'gray',
};

/** The plan's status as a coloured badge ('propus', 'în lucru', …). */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {status}
    </Badge>
  );
}

type Progress = NonNullable<Plan['progress']>;

/** Percent done by amount and by items, the amount done and what remains. */
export function PlanProgress({ progress, compact = false }: { progress: Progress; compact?: boolean }) {
  const byAmount = formatPercent(progress.percentByAmountBp);
  const value = progress.percentByAmountBp / 100;
  if (compact) {
    return (
      <Stack gap={2} miw={120}>
        <Progress value={value} size="sm" aria-label={`Efectuat ${byAmount} din valoare`} />
        <Text size="xs" c="dimmed">
          {byAmount} · {progress.itemsDone}/{progress.itemsTotal} lucrări
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={6} data-testid="plan-progress">
      <Progress value={value} size="lg" aria-label={`Efectuat ${byAmount} din valoare`} />
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Efectuat: <b>{byAmount}</b> din valoare, <b>{formatPercent(progress.percentByItemsBp)}</b> din
          lucrări ({progress.itemsDone} din {progress.itemsTotal})
        </Text>
        <Text size="sm">
          Valoare efectuată: <b>{formatLei(progress.amountDoneBani)}</b>
        </Text>
        <Text size="sm">
          Rest de efectuat: <b>{formatLei(progress.amountRemainingBani)}</b>
        </Text>
      </Group>
    </Stack>
  );
}
