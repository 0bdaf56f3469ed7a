import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SIGNATURE_MESSAGES,
  SIGNATURE_REQUEST_MINUTES,
  signedContent,
  type SignatureRequestCreate,
  type SignatureRequestState,
  type StationEvent,
} from '@odonto/domain/contracts/signatures';
import { canonicalJson } from '@odonto/domain/signatures';
import type { Database, SignatureRequestRow } from '../../db/database';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { loadPatientHistory } from '../history/patient-history';
import {
  cancelPendingRequests,
  closeRequest,
  findPendingRequest,
  findRequest,
  findSignature,
} from './signatures.queries';
import { insertRequest } from './signatures.queries';
import {
  assertMaySign,
  kindOf,
  recordOf,
  requestClosed,
  signingTarget,
  type SignatureDeps,
  type Signer,
} from './signatures.service';

const requestNotFound = () => new AppError(404, 'not_found', SIGNATURE_MESSAGES.requestNotFound);

/**
 * POST /api/signature-requests: sends what is to be signed to the clinic's signature station. Its content
 * is fixed now; a request still pending is cancelled (a station shows one request at a time).
 */
export async function createRequest(
  deps: SignatureDeps,
  signer: Signer,
  body: SignatureRequestCreate,
): Promise<SignatureRequestState> {
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    assertMaySign(signer.user, body.kind);
    const target = await signingTarget(trx, body, now);
    const cancelled = await cancelPendingRequests(trx, at);
    await insertRequest(trx, {
      id,
      patient_id: target.patientId,
      entry_id: target.entryId,
      kind: target.kind,
      snapshot: canonicalJson(target.content),
      sha256: target.sha256,
      status: 'pending',
      signature_id: null,
      created_at: at,
      created_by: signer.user.id,
      expires_at: new Date(now.getTime() + SIGNATURE_REQUEST_MINUTES * 60_000).toISOString(),
      closed_at: null,
    });
    await writeAudit(trx, now, signer.actor, {
      action: 'signature_request',
      entity: 'signature_request',
      entityId: id,
      patientId: target.patientId,
      details: {
        kind: target.kind,
        ...(target.entryId === null ? {} : { entryId: target.entryId }),
        ...(cancelled.length > 0 ? { replaced: cancelled } : {}),
      },
    });
  });
  deps.hub.notify();
  return requestState(deps, id);
}

/** POST /api/signature-requests/{id}/cancel: 409 once it is no longer pending. */
export async function cancelRequest(
  deps: SignatureDeps,
  signer: Signer,
  id: string,
): Promise<SignatureRequestState> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const request = await findRequest(trx, id);
    if (!request) throw requestNotFound();
    if (!(await closeRequest(trx, id, 'cancelled', now.toISOString(), null))) throw requestClosed();
    await writeAudit(trx, now, signer.actor, {
      action: 'signature_request_cancel',
      entity: 'signature_request',
      entityId: id,
      patientId: request.patient_id,
    });
  });
  deps.hub.notify();
  return requestState(deps, id);
}

/** GET /api/signature-requests/{id}: how the request stands, with its signature once signed. */
export async function requestState(deps: SignatureDeps, id: string): Promise<SignatureRequestState> {
  const request = await findRequest(deps.db, id);
  if (!request) throw requestNotFound();
  const signature = request.signature_id ? await findSignature(deps.db, request.signature_id) : undefined;
  const history = signature ? await loadPatientHistory(deps.db, request.patient_id) : [];
  return {
    id: request.id,
    status: statusAt(request, deps.now()),
    kind: kindOf(request.kind),
    patientId: request.patient_id,
    entryId: request.entry_id === null ? null : Number(request.entry_id),
    createdAt: request.created_at,
    expiresAt: request.expires_at,
    signature: signature ? recordOf(signature, history) : null,
  };
}

/** What a signature station shows: the pending request (who signs, what they sign), or none. */
export async function stationEvent(db: Kysely<Database>, now: Date): Promise<StationEvent> {
  const pending = await findPendingRequest(db, now.toISOString());
  if (!pending) return { request: null };
  return {
    request: {
      id: pending.id,
      patientName: `${pending.nume} ${pending.prenume}`.trim(),
      content: signedContent.parse(JSON.parse(pending.snapshot)),
      expiresAt: pending.expires_at,
    },
  };
}

function statusAt(request: SignatureRequestRow, now: Date): SignatureRequestState['status'] {
  if (request.status === 'pending') return request.expires_at <= now.toISOString() ? 'expired' : 'pending';
  return request.status === 'signed' ? 'signed' : request.status === 'expired' ? 'expired' : 'cancelled';
}
