import { Alert, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { Plan } from '@odonto/domain/contracts/plans';
import { alternativeName } from '@odonto/domain/plans';
import { AlternativeTable } from './alternative-table';
import { PlanAcceptance } from './plan-acceptance';
import { PlanPrintButton } from './plan-print-button';
import { RejectPlanButton } from './plan-reject';
import { PlanProgress, PlanStatusBadge } from './plan-status';
import { formatDay } from './plan-values';

/** Plans that can still change (finalizat and respins are closed; the server refuses them too). */
export function isEditable(plan: Plan): boolean {
  return plan.status !== 'finalizat' && plan.status !== 'respins';
}

/** One plan, read only: facts, status, progress, acceptance, and its alternatives side by side as tabs. */
export function PlanView({
  patient,
  plan,
  canEdit,
  onEdit,
}: {
  patient: Patient;
  plan: Plan;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const accepted = plan.acceptance?.alternative ?? null;
  const doneIds = (label: string) =>
    new Set(plan.links.filter((link) => link.alternative === label).map((link) => link.itemId));
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap">
              <Title order={2} size="h3">
                Plan nr. {plan.number} — {plan.title}
              </Title>
              <PlanStatusBadge status={plan.status} />
            </Group>
            <Group gap="xs" wrap="wrap">
              <PlanPrintButton patient={patient} plan={plan} />
              {canEdit && isEditable(plan) ? (
                <Button leftSection={<IconEdit size={18} />} onClick={onEdit}>
                  Editează
                </Button>
              ) : null}
              {canEdit && plan.status === 'propus' ? <RejectPlanButton plan={plan} /> : null}
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {plan.doctorName} · întocmit la {formatDay(plan.priceDay)} · valabil până la{' '}
            {formatDay(plan.validUntil)} · versiunea {plan.revision}
          </Text>
          {plan.notes ? <Text size="sm">{plan.notes}</Text> : null}
          {plan.status === 'respins' && plan.rejectedReason ? (
            <Alert color="red" variant="light" title="Plan respins">
              {plan.rejectedReason}
            </Alert>
          ) : null}
          {plan.progress ? <PlanProgress progress={plan.progress} /> : null}
        </Stack>
      </Paper>
      <PlanAcceptance plan={plan} />
      <Tabs defaultValue={accepted ?? plan.alternatives[0]?.label ?? 'A'} keepMounted={false}>
        <Tabs.List>
          {plan.alternatives.map((alternative) => (
            <Tabs.Tab key={alternative.label} value={alternative.label}>
              {alternativeName(alternative.label)}
              {accepted === alternative.label ? ' (acceptată)' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {plan.alternatives.map((alternative) => (
          <Tabs.Panel key={alternative.label} value={alternative.label} pt="md">
            <AlternativeTable alternative={alternative} doneItemIds={doneIds(alternative.label)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
