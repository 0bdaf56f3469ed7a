import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  IconAlertTriangle,
  IconCopy,
  IconDeviceFloppy,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { Patient } from '@odonto/domain/contracts/patients';
import {
  planContentInput,
  type Plan,
  type PlanContentInput,
  type PlanItemInput,
} from '@odonto/domain/contracts/plans';
import { alternativeName, alternativeTotals, type AlternativeLabel } from '@odonto/domain/plans';
import { useCurrentUser } from '../../lib/current-user';
import { showServerFieldErrors } from '../../lib/form';
import { isApiError } from '../../lib/http';
import { FormErrorSummary } from '../../ui/form-errors';
import { usePriceList } from '../price-list/api';
import { planQuery, useCreatePlan, useUpdatePlan } from './api';
import { AlternativeEditor } from './alternative-editor';
import { ChartPlanner } from './chart-planner';
import { planFieldLabel } from './plan-field-labels';
import { PlanFields } from './plan-fields';
import {
  clinicToday,
  contentOf,
  copyAlternative,
  emptyAlternative,
  newPlanValues,
  nextLabel,
} from './plan-values';

export const INVALID_FORM = 'Verificați câmpurile marcate.';

/** The index of the first alternative with an error, so the editor can show its tab. */
function firstAlternativeWithError(errors: FieldErrors<PlanContentInput>): number {
  const list = errors.alternatives;
  if (!Array.isArray(list)) return -1;
  return list.findIndex((entry) => entry !== undefined);
}

/**
 * The plan editor (new or existing): the plan's fields, planning on the chart, and the alternatives A/B/C
 * as tabs, each with phases of priced items. Totals come from the domain rules (alternativeTotals). Saving
 * an existing plan sends the version it started from: a 409 keeps everything typed and offers a reload.
 */
export function PlanEditor({
  patient,
  plan,
  onSaved,
  onCancel,
}: {
  patient: Patient;
  plan: Plan | null;
  onSaved: (plan: Plan) => void;
  onCancel: () => void;
}) {
  const session = useCurrentUser();
  const today = clinicToday();
  const queryClient = useQueryClient();
  const form = useForm<PlanContentInput>({
    resolver: zodResolver(planContentInput),
    defaultValues: plan
      ? contentOf(plan)
      : newPlanValues(session.userCtx.roles.includes('medic') ? session.user._id : '', today),
  });
  const alternatives = useFieldArray({ control: form.control, name: 'alternatives', keyName: 'key' });
  const values = useWatch({ control: form.control, name: 'alternatives' });
  const [activeLabel, setActiveLabel] = useState<AlternativeLabel>(plan?.alternatives[0]?.label ?? 'A');
  const [baseVersion, setBaseVersion] = useState(plan?.version ?? 0);
  const [message, setMessage] = useState<string | null>(null);
  const priceList = usePriceList(plan?.priceDay ?? today);
  const create = useCreatePlan(patient._id);
  const update = useUpdatePlan(plan?.id ?? '');
  const save = plan ? update : create;
  const isConflict = plan !== null && isApiError(save.error, 409);

  const activeIndex = Math.max(
    0,
    values.findIndex((alternative) => alternative.label === activeLabel),
  );
  const active = values[activeIndex];
  const totals = values.map((alternative) => alternativeTotals(alternative));
  const doneIds = (label: string) =>
    new Set((plan?.links ?? []).filter((link) => link.alternative === label).map((link) => link.itemId));
  const label = nextLabel(values);

  function handleAddItem(phaseIndex: number, item: PlanItemInput) {
    const path = `alternatives.${activeIndex}.phases.${phaseIndex}.items` as const;
    form.setValue(path, [...form.getValues(path), item], { shouldDirty: true });
  }

  function handleAddAlternative(copy: boolean) {
    if (!label || !active) return;
    alternatives.append(
      copy ? copyAlternative(form.getValues(`alternatives.${activeIndex}`), label) : emptyAlternative(label),
    );
    setActiveLabel(label);
  }

  function handleRemoveAlternative() {
    if (values.length <= 1) return;
    alternatives.remove(activeIndex);
    setActiveLabel(values.find((_, index) => index !== activeIndex)?.label ?? 'A');
  }

  function handleSave(content: PlanContentInput) {
    setMessage(null);
    const onError = (error: Error) => {
      showServerFieldErrors(form, error);
      setMessage(error.message);
    };
    const onSuccess = (saved: Plan) => {
      notifications.show({ color: 'teal', message: `Planul nr. ${saved.number} a fost salvat.` });
      onSaved(saved);
    };
    if (plan) update.mutate({ version: baseVersion, content }, { onSuccess, onError });
    else create.mutate(content, { onSuccess, onError });
  }

  function handleInvalid(errors: FieldErrors<PlanContentInput>) {
    setMessage(errors.alternatives?.message ?? errors.alternatives?.root?.message ?? INVALID_FORM);
    const index = firstAlternativeWithError(errors);
    const wrong = index >= 0 ? values[index] : undefined;
    if (wrong) setActiveLabel(wrong.label);
  }

  async function handleReload() {
    if (!plan) return;
    const fresh = await queryClient.fetchQuery({ ...planQuery(plan.id), staleTime: 0 });
    form.reset(contentOf(fresh));
    setBaseVersion(fresh.version);
    setMessage(null);
    save.reset();
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={plan ? `Editare plan nr. ${plan.number}` : 'Plan nou'}
        onSubmit={(event) => void form.handleSubmit(handleSave, handleInvalid)(event)}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {plan ? `Plan nr. ${plan.number} — editare` : 'Plan de tratament nou'}
          </Title>
          <FormErrorSummary
            form={form}
            labels={(path) =>
              planFieldLabel(path, (index) => {
                const alternative = values[index];
                return alternative ? alternativeName(alternative.label) : `Varianta ${index + 1}`;
              })
            }
          />
          {plan?.acceptance ? (
            <Alert color="yellow" variant="light" data-testid="accepted-plan-warning">
              Planul a fost acceptat ({alternativeName(plan.acceptance.alternative)}, versiunea{' '}
              {plan.acceptance.revision}). Salvarea face o versiune nouă; semnătura rămâne legată de versiunea{' '}
              {plan.acceptance.revision}.
            </Alert>
          ) : null}
          <PlanFields currentDoctor={plan ? { id: plan.doctorId, name: plan.doctorName } : null} />
          {priceList.isError ? (
            <Alert color="red" variant="light" role="alert">
              Lista de prețuri nu a putut fi încărcată: {priceList.error.message}
            </Alert>
          ) : null}
          {active ? (
            <ChartPlanner
              history={patient.history}
              dintiStersi={patient.dintiStersi}
              priceItems={priceList.data?.items ?? []}
              phaseTitles={active.phases.map((phase) => phase.title)}
              planned={active.phases.flatMap((phase) =>
                phase.items.map((item) => ({
                  id: item.id,
                  name: item.name,
                  teeth: item.teeth,
                  span: item.span,
                })),
              )}
              onAdd={handleAddItem}
            />
          ) : null}
          <Paper withBorder radius="md" p="sm">
            <Tabs
              value={activeLabel}
              onChange={(value) => value && setActiveLabel(value as AlternativeLabel)}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Tabs.List>
                  {alternatives.fields.map((field, index) => (
                    <Tabs.Tab key={field.key} value={values[index]?.label ?? field.label}>
                      {alternativeName(values[index]?.label ?? field.label)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Group gap="xs" wrap="wrap">
                  {label ? (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => handleAddAlternative(false)}
                      >
                        Variantă nouă
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconCopy size={14} />}
                        onClick={() => handleAddAlternative(true)}
                      >
                        Copiază varianta {activeLabel}
                      </Button>
                    </>
                  ) : null}
                  {values.length > 1 &&
                  doneIds(activeLabel).size === 0 &&
                  plan?.acceptance?.alternative !== activeLabel ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={handleRemoveAlternative}
                    >
                      Șterge varianta {activeLabel}
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {alternatives.fields.map((field, index) => (
                <Tabs.Panel key={field.key} value={values[index]?.label ?? field.label} pt="md">
                  {totals[index] ? (
                    <AlternativeEditor
                      index={index}
                      totals={totals[index]}
                      doneItemIds={doneIds(values[index]?.label ?? '')}
                    />
                  ) : null}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
          {message ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{message}</Text>
                {isConflict ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => void handleReload()}
                  >
                    Reîncarcă planul salvat (se pierd modificările)
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Renunță
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
              Salvează planul
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
