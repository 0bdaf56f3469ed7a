import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountResponse,
  chargeResponse,
  paymentResponse,
  receiptResponse,
  type AccountResponse,
  type ManualChargeRequest,
  type PaymentRequest,
  type RefundRequest,
} from '@odonto/domain/contracts/ledger';
import { request, segment } from '../../lib/http';

export const ledgerKeys = {
  account: (patientId: string) => ['ledger', 'account', patientId] as const,
};

// The patient header shows the balance (`sold`) from the patient's own answer, and the list filters by it:
// a write to the account refreshes both (the patients feature's query keys).
const PATIENT_DETAIL = (patientId: string) => ['patients', 'detail', patientId] as const;
const PATIENT_LISTS = ['patients', 'list'] as const;

/** GET /api/cont/{patientId}: charges, payments, allocations, running balance and `Sold`. */
export function useAccount(patientId: string) {
  return useQuery({
    queryKey: ledgerKeys.account(patientId),
    queryFn: ({ signal }) => request(`/api/cont/${segment(patientId)}`, { schema: accountResponse, signal }),
    meta: { isErrorHandled: true },
  });
}

/** After a write: the account the server answered, and the header and list refreshed. */
function useAccountWrite<Input, Answer extends { account: AccountResponse }>(
  patientId: string,
  send: (input: Input) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(ledgerKeys.account(patientId), answer.account);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PATIENT_DETAIL(patientId) }),
        queryClient.invalidateQueries({ queryKey: PATIENT_LISTS }),
      ]);
    },
    meta: { isErrorHandled: true },
  });
}

const account = (patientId: string) => `/api/cont/${segment(patientId)}`;

/** POST /api/cont/{patientId}/plati: a payment (cash gets its receipt number). */
export function useTakePayment(patientId: string) {
  return useAccountWrite(patientId, (input: PaymentRequest) =>
    request(`${account(patientId)}/plati`, { method: 'POST', body: input, schema: paymentResponse }),
  );
}

/** POST /api/cont/{patientId}/plati/{paymentId}/storno {reason}. */
export function useReversePayment(patientId: string) {
  return useAccountWrite(patientId, ({ paymentId, reason }: { paymentId: string; reason: string }) =>
    request(`${account(patientId)}/plati/${segment(paymentId)}/storno`, {
      method: 'POST',
      body: { reason },
      schema: paymentResponse,
    }),
  );
}

/** POST /api/cont/{patientId}/rambursare: gives back (part of) the advance. */
export function useRefund(patientId: string) {
  return useAccountWrite(patientId, (input: RefundRequest) =>
    request(`${account(patientId)}/rambursare`, { method: 'POST', body: input, schema: paymentResponse }),
  );
}

/** POST /api/cont/{patientId}/taxe: a manual charge for a price-list item. */
export function useAddCharge(patientId: string) {
  return useAccountWrite(patientId, (input: ManualChargeRequest) =>
    request(`${account(patientId)}/taxe`, { method: 'POST', body: input, schema: chargeResponse }),
  );
}

/** POST /api/cont/{patientId}/taxe/{chargeId}/storno {reason}. */
export function useReverseCharge(patientId: string) {
  return useAccountWrite(patientId, ({ chargeId, reason }: { chargeId: string; reason: string }) =>
    request(`${account(patientId)}/taxe/${segment(chargeId)}/storno`, {
      method: 'POST',
      body: { reason },
      schema: chargeResponse,
    }),
  );
}

/** GET /api/cont/{patientId}/chitanta/{paymentId}: the receipt to print (the server records the print). */
export function useReceipt(patientId: string) {
  return useMutation({
    mutationFn: (paymentId: string) =>
      request(`${account(patientId)}/chitanta/${segment(paymentId)}`, { schema: receiptResponse }),
    meta: { isErrorHandled: true },
  });
}
