import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { TREATMENT_KINDS, type TreatmentKindId } from '@odonto/domain/catalogue';
import { chartState } from '@odonto/domain/chart-state';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { can } from '@odonto/domain/roles';
import type { ToothId } from '@odonto/domain/teeth';
import { useCurrentUser } from '../../lib/current-user';
import { askConfirmation } from '../../ui/confirm-host';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useToggleRemovedTooth } from '../history/api';
import '../history/treatment-modal';
import { usePlanOverlay } from '../plans/chart-overlay';
import { DentalChart } from './dental-chart';
import { ToothTimeline } from './tooth-timeline';
import { toothView } from './tooth-view';

export const CHART_TITLE = 'Schiță dentară';
export const CHOOSE_TOOTH_HINT = 'Atingeți un dinte pentru a-i vedea tratamentele.';
export const NO_PLAN_TEXT = 'Pacientul nu are un plan de tratament deschis sau propus.';
export const TOGGLE_ERROR_ALERT = 'Eroare server, va rugam contactati web master.';

/** The NU/DA question before a tooth is marked missing or present again. */
export function toggleQuestion(tooth: ToothId, isRemoved: boolean): string {
  return isRemoved
    ? `Sunteți sigur că doriți să marcați dintele ${tooth} ca prezent?`
    : `Sunteți sigur că doriți să marcați dintele ${tooth} ca lipsă?`;
}

/** What this screen reads of the patient layout's outlet context: the loaded patient. */
interface PatientOutlet {
  patient: Patient;
}

type ChartView = 'state' | 'plan';

/** The caption of the "plan" view: which plans are drawn, or why nothing is. */
function PlanCaption({ overlay }: { overlay: ReturnType<typeof usePlanOverlay> }) {
  if (overlay.isError) return <Text c="red">Planurile de tratament nu au putut fi încărcate.</Text>;
  if (overlay.isLoading) return <Text c="dimmed">Se încarcă planul de tratament…</Text>;
  if (overlay.plans.length === 0) return <Text c="dimmed">{NO_PLAN_TEXT}</Text>;
  return (
    <Text size="sm" data-testid="plan-caption">
      Lucrări planificate (hașurat):{' '}
      {overlay.plans.map((plan) => `Plan nr. ${plan.number} — ${plan.title} (${plan.status})`).join('; ')}
    </Text>
  );
}

function KindFilter({
  kind,
  onChange,
}: {
  kind: TreatmentKindId | null;
  onChange: (kind: TreatmentKindId | null) => void;
}) {
  const options = [{ id: null, label: 'toate' }, ...TREATMENT_KINDS];
  return (
    <Group gap="xs" role="group" aria-label="Filtru tip tratament">
      {options.map((option) => (
        <Button
          key={option.id ?? 'all'}
          size="md"
          variant={kind === option.id ? 'filled' : 'default'}
          aria-pressed={kind === option.id}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}

export function ChartPage() {
  usePageTitle(CHART_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const [kind, setKind] = useState<TreatmentKindId | null>(null);
  const [selected, setSelected] = useState<ToothId | null>(null);
  const state = useMemo(() => chartState(patient.history, patient.dintiStersi), [patient]);
  const session = useCurrentUser();
  const canWrite = can(session.userCtx.roles, 'write:patient');
  const defaultMedic = session.userCtx.roles.includes('medic') ? session.user.nume : null;
  const toggleRemoved = useToggleRemovedTooth(patient._id);
  const canReadPlans = can(session.userCtx.roles, 'read:plan');
  const [view, setView] = useState<ChartView>('state');
  const overlay = usePlanOverlay(patient._id, canReadPlans && view === 'plan');

  function openEntry(entry: PatientHistoryEntry) {
    openModal('add-treatment', { patient, entryId: entry.id, defaultMedic });
  }

  function addTreatment(tooth: ToothId | null) {
    openModal('add-treatment', { patient, entryId: null, defaultMedic, dinte: tooth, kind });
  }

  async function handleToggleRemoved(tooth: ToothId) {
    const isRemoved = patient.dintiStersi.includes(tooth);
    if (!(await askConfirmation(toggleQuestion(tooth, isRemoved)))) return;
    try {
      await toggleRemoved.mutateAsync(tooth);
    } catch {
      window.alert(TOGGLE_ERROR_ALERT);
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{CHART_TITLE}</Title>
        {canWrite ? (
          <Button size="md" onClick={() => addTreatment(selected)}>
            Adaugă tratament
          </Button>
        ) : null}
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <KindFilter kind={kind} onChange={setKind} />
        {canReadPlans ? (
          <SegmentedControl
            aria-label="Vedere schiță"
            value={view}
            onChange={(value) => setView(value === 'plan' ? 'plan' : 'state')}
            data={[
              { value: 'state', label: 'stare actuală' },
              { value: 'plan', label: 'plan' },
            ]}
          />
        ) : null}
      </Group>
      {view === 'plan' ? <PlanCaption overlay={overlay} /> : null}
      <Paper withBorder p="sm">
        <DentalChart
          history={patient.history}
          dintiStersi={patient.dintiStersi}
          onToothClick={setSelected}
          kind={kind}
          selectedTooth={selected}
          planned={view === 'plan' ? overlay.marks : undefined}
        />
      </Paper>
      {selected ? (
        <ToothTimeline
          patientId={patient._id}
          tooth={state.teeth[selected]}
          summary={toothView(state.teeth[selected]).summary}
          isRemoved={patient.dintiStersi.includes(selected)}
          canWrite={canWrite}
          isToggling={toggleRemoved.isPending}
          onOpenEntry={openEntry}
          onAddTreatment={() => addTreatment(selected)}
          onToggleRemoved={() => void handleToggleRemoved(selected)}
          onClose={() => setSelected(null)}
        />
      ) : (
        <Text c="dimmed">{CHOOSE_TOOTH_HINT}</Text>
      )}
    </Stack>
  );
}
