import { useQueries } from '@tanstack/react-query';
import type { Plan, PlanSummary } from '@odonto/domain/contracts/plans';
import { OPEN_PLAN_STATUSES, type StoredPlanStatus } from '@odonto/domain/plans';
import type { PlannedMark } from '../chart/dental-chart';
import { planQuery, usePlans } from './api';

/**
 * Which plans the chart's "plan" view draws: every open plan (accepted, or in progress); when there is
 * none, the newest plan still proposed. Summaries come newest first.
 */
export function overlayPlanIds(summaries: readonly PlanSummary[]): string[] {
  const open = summaries.filter((plan) => OPEN_PLAN_STATUSES.includes(plan.status as StoredPlanStatus));
  if (open.length > 0) return open.map((plan) => plan.id);
  const proposed = summaries.find((plan) => plan.status === 'propus');
  return proposed ? [proposed.id] : [];
}

/** The marks of one plan: the accepted alternative's items not yet done, or a proposal's first alternative. */
export function planMarks(plan: Plan): PlannedMark[] {
  const label = plan.acceptance?.alternative ?? plan.alternatives[0]?.label;
  const alternative = plan.alternatives.find((candidate) => candidate.label === label);
  if (!alternative) return [];
  const done = new Set(plan.links.filter((link) => link.alternative === label).map((link) => link.itemId));
  return alternative.phases.flatMap((phase) =>
    phase.items
      .filter((item) => !done.has(item.id) && item.teeth.length > 0)
      .map((item) => ({ id: `${plan.id}/${item.id}`, name: item.name, teeth: item.teeth, span: item.span })),
  );
}

export interface PlanOverlay {
  marks: PlannedMark[];
  /** The plans drawn, for the caption ('Plan nr. 3 — Reabilitare'). */
  plans: Pick<Plan, 'id' | 'number' | 'title' | 'status'>[];
  isLoading: boolean;
  isError: boolean;
}

/** The patient's planned work for the chart's "plan" view (read only while it is shown). */
export function usePlanOverlay(patientId: string, enabled: boolean): PlanOverlay {
  const summaries = usePlans(patientId, enabled);
  const ids = summaries.data ? overlayPlanIds(summaries.data) : [];
  const plans = useQueries({
    queries: ids.map((id) => ({ ...planQuery(id), enabled })),
  });
  const loaded = plans.flatMap((query) => (query.data ? [query.data] : []));
  return {
    marks: loaded.flatMap(planMarks),
    plans: loaded.map(({ id, number, title, status }) => ({ id, number, title, status })),
    isLoading: summaries.isLoading || plans.some((query) => query.isLoading),
    isError: summaries.isError || plans.some((query) => query.isError),
  };
}
