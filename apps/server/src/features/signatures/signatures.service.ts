import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { SignatureAnswer } from '@odonto/domain/contracts/signatures-answer';
import {
  SIGNATURE_MESSAGES,
  signedContent,
  type SignatureKind,
  type SignaturePayload,
  type SignatureRecord,
} from '@odonto/domain/contracts/signatures';
import {
  canonicalJson,
  DEFAULT_CONSENT_TEXT,
  signedConsentContent,
  signedEntryContent,
  type SignedContent,
} from '@odonto/domain/signatures';
import { MESSAGES } from '@odonto/domain/messages';
import type { AlternativeLabel } from '@odonto/domain/plans';
import type { Clock } from '../../app-types';
import type { Database, SignatureRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { changeFiles, type FileStore } from '../../files/store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { can } from '@odonto/domain/roles';
import { loadPatientHistory } from '../history/patient-history';
import { acceptPlan, planSigningContent } from '../plans/plan-acceptance.service';
import { contentSha256, signatureRecordOf, type StoredEntrySignature } from './entry-signature';
import { signaturePng } from './signature-image';
import {
  closeRequest,
  findPatientSignatures,
  findRequest,
  insertSignature,
  setEntrySignature,
} from './signatures.queries';
import type { StationHub } from './station-hub';
import { findLivePatient, lockLivePatient } from '../patients/live-patient.queries';

export interface SignatureDeps {
  db: Kysely<Database>;
  now: Clock;
  store: FileStore;
  hub: StationHub;
}

export interface Signer {
  user: SessionUser;
  actor: AuditActor;
}

export const patientNotFound = () => new AppError(404, 'not_found', SIGNATURE_MESSAGES.patientNotFound);
export const entryNotFound = () => new AppError(404, 'not_found', SIGNATURE_MESSAGES.entryNotFound);
export const requestClosed = () => new AppError(409, 'conflict', SIGNATURE_MESSAGES.requestClosed);

/** What is to be signed: the content, its hash, and for an entry its id. */
export interface SigningTarget {
  patientId: string;
  kind: SignatureKind;
  entryId: number | null;
  content: SignedContent;
  sha256: string;
}

/** What a caller asks to sign: an entry, a consent text, or a plan alternative (issue 12). */
export type SigningRequest =
  | { kind: 'entry'; patientId: string; entryId: number; version?: number | undefined }
  | { kind: 'consent'; patientId: string; text?: string | undefined }
  | { kind: 'plan'; patientId: string; planId: string; alternative: AlternativeLabel; revision: number };

/** Plan acceptances need request:plan-signature (an asistent may collect one; sterilizare never). */
export function assertMaySign(user: SessionUser, kind: SignatureKind): void {
  if (kind === 'plan' && !can(user.roles, 'request:plan-signature')) {
    throw new AppError(403, 'forbidden', MESSAGES.forbidden);
  }
}

/**
 * The content of an entry as it stands (404 when the patient or the entry is not live; 409 when the
 * caller saw another `version` of it), or of a consent text.
 */
export async function signingTarget(
  db: Kysely<Database>,
  request: SigningRequest,
  now: Date,
): Promise<SigningTarget> {
  const { patientId } = request;
  if (!(await findLivePatient(db, patientId))) throw patientNotFound();
  if (request.kind === 'plan') {
    const content = await planSigningContent(db, request, now);
    return { patientId, kind: 'plan', entryId: null, content, sha256: contentSha256(content) };
  }
  if (request.kind === 'consent') {
    const content = signedConsentContent(patientId, request.text ?? DEFAULT_CONSENT_TEXT);
    return { patientId, kind: 'consent', entryId: null, content, sha256: contentSha256(content) };
  }
  const history = await loadPatientHistory(db, patientId);
  const entry = history.find((item) => item.id === request.entryId);
  if (!entry) throw entryNotFound();
  if (request.version !== undefined && entry.version !== request.version) {
    throw new AppError(409, 'conflict', SIGNATURE_MESSAGES.entryChanged);
  }
  const content = signedEntryContent(patientId, entry);
  return { patientId, kind: 'entry', entryId: entry.id, content, sha256: contentSha256(content) };
}

/**
 * POST /api/signature: stores the PNG and activates the signature of what the payload names — an entry
 * (its content now), a consent, or a station request (the content fixed when it was sent). The file, the
 * signature row, the entry's pointer, the request's status and the audit row are written together.
 */
export async function activateSignature(
  deps: SignatureDeps,
  signer: Signer,
  payload: SignaturePayload,
): Promise<SignatureAnswer> {
  const png = await signaturePng(payload.image);
  const requestId = payload.kind === 'request' ? payload.requestId : null;
  const patientId =
    payload.kind === 'request'
      ? (await requestTarget(deps.db, payload.requestId, deps.now())).patientId
      : payload.patientId;
  if (payload.kind !== 'request') assertMaySign(signer.user, payload.kind);
  else assertMaySign(signer.user, (await requestTarget(deps.db, payload.requestId, deps.now())).kind);
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  const file = {
    patientId,
    kind: 'signature',
    name: `semnatura-${randomUUID()}.png`,
    contentType: 'image/png',
    data: png.data,
    width: png.width,
    height: png.height,
    createdBy: signer.user.id,
  };
  const { result: row } = await changeFiles(deps.store, { add: [file] }, async (trx, added) => {
    const now = deps.now();
    const at = now.toISOString();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const target =
      payload.kind === 'request'
        ? await requestTarget(trx, payload.requestId, now)
        : await signingTarget(trx, payload, now);
    const [stored] = added;
    if (!stored) throw new Error('signature file not stored');
    const signature = await insertSignature(trx, {
      id: randomUUID(),
      patient_id: patientId,
      entry_id: target.entryId,
      kind: target.kind,
      file_id: stored.id,
      image_name: stored.name,
      snapshot: canonicalJson(target.content),
      sha256: target.sha256,
      via: requestId ? 'station' : 'direct',
      request_id: requestId,
      signed_at: at,
      signed_by: signer.user.id,
      signed_by_name: signer.user.nume,
    });
    if (target.entryId !== null) {
      const pointer = toJsonText(storedSignatureOf(signature));
      if (!(await setEntrySignature(trx, patientId, target.entryId, pointer))) throw entryNotFound();
    }
    if (target.content.kind === 'plan') {
      const accepted = {
        content: target.content,
        sha256: target.sha256,
        signatureId: signature.id,
        via: signature.via,
      };
      await acceptPlan(trx, accepted, now, signer.actor);
    }
    if (requestId && !(await closeRequest(trx, requestId, 'signed', at, signature.id))) {
      throw requestClosed();
    }
    await writeAudit(trx, now, signer.actor, {
      action: 'signature_activate',
      entity: 'signature',
      entityId: signature.id,
      patientId,
      details: {
        kind: target.kind,
        ...(target.entryId === null ? {} : { entryId: target.entryId }),
        via: signature.via,
        sha256: target.sha256,
        ...(requestId ? { requestId } : {}),
      },
    });
    return signature;
  });
  if (requestId) deps.hub.notify();
  return answerOf(deps.db, row);
}

/**
 * A pending station request's content, fixed when it was sent (404 unknown request or entry no longer
 * live, 409 no longer pending or expired).
 */
async function requestTarget(db: Kysely<Database>, requestId: string, now: Date): Promise<SigningTarget> {
  const request = await findRequest(db, requestId);
  if (!request) throw new AppError(404, 'not_found', SIGNATURE_MESSAGES.requestNotFound);
  if (request.status !== 'pending' || request.expires_at <= now.toISOString()) throw requestClosed();
  const entryId = request.entry_id === null ? null : Number(request.entry_id);
  if (entryId !== null) {
    const live = await loadPatientHistory(db, request.patient_id);
    if (!live.some((entry) => entry.id === entryId)) throw entryNotFound();
  }
  return {
    patientId: request.patient_id,
    kind: kindOf(request.kind),
    entryId,
    content: signedContent.parse(JSON.parse(request.snapshot)),
    sha256: request.sha256,
  };
}

async function answerOf(db: Kysely<Database>, row: SignatureRow): Promise<SignatureAnswer> {
  const history = await loadPatientHistory(db, row.patient_id);
  const entry =
    row.entry_id === null ? null : (history.find((item) => item.id === Number(row.entry_id)) ?? null);
  return { signature: recordOf(row, history), entry };
}

/** A patient's signatures, newest first, each against the content as it stands now. */
export async function patientSignatures(db: Kysely<Database>, patientId: string): Promise<SignatureRecord[]> {
  if (!(await findLivePatient(db, patientId))) throw patientNotFound();
  const [rows, history] = await Promise.all([
    findPatientSignatures(db, patientId),
    loadPatientHistory(db, patientId),
  ]);
  return rows.map((row) => recordOf(row, history));
}

/** A stored signature with its state against the patient's live history. */
export function recordOf(row: SignatureRow, history: readonly PatientHistoryEntry[]): SignatureRecord {
  const stored = storedSignatureOf(row);
  if (row.kind !== 'entry') {
    // A consent's text and a plan acceptance's snapshot are the content itself: the record matches while
    // it is intact (a plan's screen compares the acceptance with the plan as it stands).
    return signatureRecordOf(stored, {
      kind: kindOf(row.kind),
      patientId: row.patient_id,
      entryId: null,
      current: stored.snapshot,
      currentSha256: contentSha256(stored.snapshot),
    });
  }
  const entryId = Number(row.entry_id);
  const entry = history.find((item) => item.id === entryId);
  const current = entry ? signedEntryContent(row.patient_id, entry) : null;
  return signatureRecordOf(stored, {
    kind: 'entry',
    patientId: row.patient_id,
    entryId,
    current,
    currentSha256: current ? contentSha256(current) : null,
  });
}

/** A stored kind as the API names it. */
export function kindOf(kind: string): SignatureKind {
  return kind === 'entry' || kind === 'plan' ? kind : 'consent';
}

export function storedSignatureOf(row: SignatureRow): StoredEntrySignature {
  return {
    id: row.id,
    image: row.image_name,
    signedAt: row.signed_at,
    signedBy: row.signed_by_name,
    via: row.via === 'station' ? 'station' : 'direct',
    sha256: row.sha256,
    snapshot: signedContent.parse(JSON.parse(row.snapshot)),
  };
}
