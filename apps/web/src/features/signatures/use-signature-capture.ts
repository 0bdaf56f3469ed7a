import { useState } from 'react';
import {
  SIGNATURE_MESSAGES,
  type SignatureRecord,
  type SignatureRequestCreate,
} from '@odonto/domain/contracts/signatures';
import {
  useActivateSignature,
  useCancelSignatureRequest,
  useSendSignatureRequest,
  useSignatureRequestState,
} from './api';

export type CaptureTarget = SignatureRequestCreate;

/**
 * Capturing one signature from the staff screen: on the pad here, or sent to the signature station and
 * followed until the patient signs there. SPEC.md §8: any failure alerts 'Eroare activare semnatura
 * digitala.'.
 */
export function useSignatureCapture(
  target: CaptureTarget | null,
  onSigned: (record: SignatureRecord) => void,
) {
  const activate = useActivateSignature();
  const send = useSendSignatureRequest();
  const cancel = useCancelSignatureRequest();
  const [requestId, setRequestId] = useState<string | null>(null);
  // The station's answer arrives by polling: handed over once, and the request is no longer followed.
  const requestState = useSignatureRequestState(requestId, target?.patientId ?? '', (signature) => {
    setRequestId(null);
    onSigned(signature);
  });
  const state = requestState.data;

  async function signHere(image: string) {
    if (!target) return;
    try {
      // What the station would be sent, signed here: the same target with the drawn image.
      const answer = await activate.mutateAsync({ ...target, image });
      onSigned(answer.signature);
      return true;
    } catch {
      window.alert(SIGNATURE_MESSAGES.activationFailed);
      return false;
    }
  }

  async function sendToStation() {
    if (!target) return;
    try {
      const created = await send.mutateAsync(target);
      setRequestId(created.id);
    } catch {
      window.alert(SIGNATURE_MESSAGES.activationFailed);
    }
  }

  async function cancelStation() {
    if (!requestId) return;
    const id = requestId;
    setRequestId(null);
    // Already signed, cancelled or expired: nothing left to cancel.
    await cancel.mutateAsync(id).catch(() => undefined);
  }

  const waitingStatus = requestId ? (state?.id === requestId ? state.status : 'pending') : null;
  return {
    signHere,
    sendToStation,
    cancelStation,
    isSaving: activate.isPending,
    isSending: send.isPending,
    /** 'pending' while the station has the request; 'expired'/'cancelled' when it ended unsigned. */
    waitingStatus,
  };
}
