import { useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@odonto/domain/contracts/plans';
import type { SignatureRequestCreate } from '@odonto/domain/contracts/signatures';
import type { AlternativeLabel } from '@odonto/domain/plans';
import { planKeys } from './api';

/**
 * Accepting a plan alternative goes through the signatures calls (plans-api.md): POST /api/signature
 * and POST /api/signature-requests with kind 'plan', bound to the plan version the screen shows.
 */
export function planSignatureTarget(
  plan: Pick<Plan, 'id' | 'patientId' | 'revision'>,
  alternative: AlternativeLabel,
): SignatureRequestCreate {
  return {
    kind: 'plan',
    patientId: plan.patientId,
    planId: plan.id,
    alternative,
    revision: plan.revision,
  };
}

/** Once the patient has signed: the plan (status, acceptance, progress) and every plans list are read again. */
export function useRefreshAfterAcceptance() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}
