import { Alert, Anchor, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useOutletContext, useSearchParams } from 'react-router';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { Plan } from '@odonto/domain/contracts/plans';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../ui/use-page-title';
import { usePlan, usePlans } from './api';
import { canEditPlans } from './plan-access';
import { PlanEditor } from './plan-editor';
import { PlanList } from './plan-list';
import { PlanView } from './plan-view';

export const PLANS_TITLE = 'Plan de tratament';
const NEW_PLAN = 'nou';

/** What this screen reads of the patient layout's outlet context: the loaded patient. */
interface PatientOutlet {
  patient: Patient;
}

function LoadError({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
      {message}
    </Alert>
  );
}

function OnePlan({
  patient,
  planId,
  isEditing,
  canEdit,
  onEdit,
  onDone,
}: {
  patient: Patient;
  planId: string;
  isEditing: boolean;
  canEdit: boolean;
  onEdit: (isEditing: boolean) => void;
  onDone: (plan: Plan) => void;
}) {
  const query = usePlan(planId);
  if (query.isError) return <LoadError message={query.error.message} />;
  if (!query.data) return <Skeleton h={240} aria-label="Se încarcă planul" />;
  if (isEditing && canEdit) {
    return (
      <PlanEditor
        key={`${query.data.id}`}
        patient={patient}
        plan={query.data}
        onSaved={onDone}
        onCancel={() => onEdit(false)}
      />
    );
  }
  return <PlanView patient={patient} plan={query.data} canEdit={canEdit} onEdit={() => onEdit(true)} />;
}

/**
 * /pacienti/plan/{patientId}: the patient's treatment plans. `?plan=` opens one (or 'nou' a new one),
 * `&edit=1` its editor, so every state has an address the browser's back button returns to.
 */
export function PlansPage() {
  usePageTitle(PLANS_TITLE);
  const { patient } = useOutletContext<PatientOutlet>();
  const session = useCurrentUser();
  const canEdit = canEditPlans(session.userCtx.roles);
  const [params, setParams] = useSearchParams();
  const planId = params.get('plan');
  const isEditing = params.get('edit') === '1';
  const plans = usePlans(patient._id, planId === null);

  const openPlan = (id: string | null, edit = false) =>
    setParams(id === null ? {} : edit ? { plan: id, edit: '1' } : { plan: id });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{PLANS_TITLE}</Title>
        {planId === null && canEdit ? (
          <Button leftSection={<IconPlus size={18} />} onClick={() => openPlan(NEW_PLAN)}>
            Plan nou
          </Button>
        ) : null}
        {planId !== null ? (
          <Anchor component="button" type="button" onClick={() => openPlan(null)}>
            <Group gap={4}>
              <IconArrowLeft size={16} /> Toate planurile
            </Group>
          </Anchor>
        ) : null}
      </Group>
      {planId === null ? (
        plans.isError ? (
          <LoadError message={plans.error.message} />
        ) : plans.data ? (
          <PlanList plans={plans.data} onOpen={(id) => openPlan(id)} />
        ) : (
          <Skeleton h={120} aria-label="Se încarcă planurile" />
        )
      ) : planId === NEW_PLAN ? (
        canEdit ? (
          <PlanEditor
            patient={patient}
            plan={null}
            onSaved={(saved) => openPlan(saved.id)}
            onCancel={() => openPlan(null)}
          />
        ) : null
      ) : (
        <OnePlan
          patient={patient}
          planId={planId}
          isEditing={isEditing}
          canEdit={canEdit}
          onEdit={(edit) => openPlan(planId, edit)}
          onDone={(saved) => openPlan(saved.id)}
        />
      )}
    </Stack>
  );
}
