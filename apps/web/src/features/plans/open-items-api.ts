import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { openPlanItems } from '@odonto/domain/contracts/plans';
import { request, segment } from '../../lib/http';
import { planKeys } from './api';

/**
 * The patient's open plan items (published to the history feature's treatment modal, decision 0009): the
 * not-done items of the accepted alternatives of plans in 'acceptat' or 'în lucru'.
 */
export function openPlanItemsKey(patientId: string) {
  return [...planKeys.all, 'open-items', patientId] as const;
}

/** GET /api/plans/{patientId}/open-items. */
export function openPlanItemsQuery(patientId: string) {
  return queryOptions({
    queryKey: openPlanItemsKey(patientId),
    queryFn: ({ signal }) =>
      request(`/api/plans/${segment(patientId)}/open-items`, { schema: openPlanItems, signal }),
    // The modal works without plans: a failed read only leaves the plan choice out.
    meta: { isErrorHandled: true },
  });
}

export function useOpenPlanItems(patientId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...openPlanItemsQuery(patientId), enabled: options.enabled ?? true });
}

/**
 * After an entry linked to a plan item is saved or deleted: every plans query (the plan's progress, the
 * list, the open items) is read again.
 */
export function useRefreshPlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}
