import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  plan as planSchema,
  planList,
  type Plan,
  type PlanContentInput,
} from '@odonto/domain/contracts/plans';
import { request, segment } from '../../lib/http';

export const planKeys = {
  all: ['plans'] as const,
  list: (patientId: string) => ['plans', 'list', patientId] as const,
  plan: (planId: string) => ['plans', 'plan', planId] as const,
};

/** GET /api/plans/{patientId}: the patient's plans, newest first, without their items. */
export function usePlans(patientId: string, enabled = true) {
  return useQuery({
    queryKey: planKeys.list(patientId),
    queryFn: ({ signal }) => request(`/api/plans/${segment(patientId)}`, { schema: planList, signal }),
    enabled,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/plan/{planId}: one plan with its alternatives, totals, acceptance and progress. */
export function planQuery(planId: string) {
  return {
    queryKey: planKeys.plan(planId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      request(`/api/plan/${segment(planId)}`, { schema: planSchema, signal }),
    meta: { isErrorHandled: true },
  };
}

export function usePlan(planId: string | null) {
  return useQuery({ ...planQuery(planId ?? ''), enabled: planId !== null });
}

/**
 * After a write: the plan's own answer replaces the cached plan; the patient's list and open items
 * (what the treatment modal offers) are read again.
 */
function useStorePlan() {
  const queryClient = useQueryClient();
  return async (saved: Plan) => {
    queryClient.setQueryData(planKeys.plan(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: planKeys.list(saved.patientId) }),
      queryClient.invalidateQueries({ queryKey: [...planKeys.all, 'open-items', saved.patientId] }),
    ]);
  };
}

/** POST /api/plans/{patientId}: a new plan (status propus). */
export function useCreatePlan(patientId: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: (content: PlanContentInput) =>
      request(`/api/plans/${segment(patientId)}`, { method: 'POST', body: content, schema: planSchema }),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/plan/{planId} {version, content}: a stale version answers 409 and changes nothing. */
export function useUpdatePlan(planId: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: (input: { version: number; content: PlanContentInput }) =>
      request(`/api/plan/${segment(planId)}`, { method: 'PUT', body: input, schema: planSchema }),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/plan/{planId}/reject {version, reason}: only a proposed plan. */
export function useRejectPlan(planId: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: (input: { version: number; reason: string }) =>
      request(`/api/plan/${segment(planId)}/reject`, { method: 'POST', body: input, schema: planSchema }),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/plan/{planId}/print: records the print (audit); answers the time printed on the pages. */
export function useRecordPlanPrint() {
  return useMutation({
    mutationFn: (planId: string) =>
      request(`/api/plan/${segment(planId)}/print`, {
        method: 'POST',
        schema: z.object({ printedAt: z.string() }),
      }),
    meta: { isErrorHandled: true },
  });
}
