import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeleteDocRequest, DocumentsByKind } from '@odonto/domain/contracts/documents';
import { DOCUMENT_MESSAGES as TEXT, kindHasFile, type DocumentKind } from '@odonto/domain/documents';
import { MESSAGES } from '@odonto/domain/messages';
import type { Clock } from '../../app-types';
import type { Database, DocumentRow } from '../../db/database';
import { changeFiles, type FileStore } from '../../files/store';
import { writeAudit, type AuditActor, type AuditEntry } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { prepareDocumentFile } from './documents-files';
import { invalid, type DocForm } from './documents-form';
import { toDocumentsByKind } from './documents.presenter';
import {
  findLiveDocument,
  findLiveDocuments,
  insertDocument,
  isLivePatient,
  softDeleteDocument,
  updateDocumentIfVersion,
} from './documents.queries';
import { lockLivePatient } from '../patients/live-patient.queries';

export interface DocumentsDeps {
  db: Kysely<Database>;
  now: Clock;
  store: FileStore;
}

export function patientNotFound(): AppError {
  return new AppError(404, 'not_found', 'Pacientul nu a fost găsit.');
}

export function documentNotFound(): AppError {
  return new AppError(404, 'not_found', 'Documentul nu a fost găsit.');
}

export function documentAudit(
  action: string,
  row: DocumentRow,
  details: Record<string, unknown> = {},
): AuditEntry {
  return {
    action,
    entity: 'document',
    entityId: row.id,
    patientId: row.patient_id,
    details: { kind: row.kind, label: row.label, ...details },
  };
}

/** GET /api/documents/{patientId}: the live documents by kind (404 for an unknown or deleted patient). */
export async function listDocuments(deps: DocumentsDeps, patientId: string): Promise<DocumentsByKind> {
  if (!(await isLivePatient(deps.db, patientId))) throw patientNotFound();
  return toDocumentsByKind(await findLiveDocuments(deps.db, patientId));
}

/** POST /api/update-doc/{patientId}: adds a document (no `obj.id`) or changes one; answers the list. */
export async function saveDocument(
  deps: DocumentsDeps,
  actor: AuditActor,
  patientId: string,
  form: DocForm,
): Promise<{ created: boolean; documents: DocumentsByKind }> {
  if (!(await isLivePatient(deps.db, patientId))) throw patientNotFound();
  const created = form.obj.id === undefined;
  if (created) await createDocument(deps, actor, patientId, form);
  else await updateDocument(deps, actor, patientId, form);
  return { created, documents: await listDocuments(deps, patientId) };
}

async function createDocument(
  deps: DocumentsDeps,
  actor: AuditActor,
  patientId: string,
  { obj, file }: DocForm,
): Promise<void> {
  const kind: DocumentKind = obj.kind;
  if (kindHasFile(kind) && !file) throw invalid(TEXT.fileRequired, 'file');
  if (!kindHasFile(kind) && file) throw invalid(TEXT.noFileForNote, 'file');
  const prepared = file
    ? await prepareDocumentFile(kind, file, patientId, actor.userId, () => `doc-${randomUUID()}`)
    : null;
  const add = prepared ? [prepared.main, ...(prepared.thumb ? [prepared.thumb] : [])] : [];
  await changeFiles(deps.store, { add }, async (trx, added) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const fileId = (name: string | undefined) => added.find((row) => row.name === name)?.id ?? null;
    const row: DocumentRow = {
      id: randomUUID(),
      patient_id: patientId,
      kind,
      label: obj.label,
      day: obj.date,
      text: kind === 'nota' ? (obj.text ?? '') : null,
      extension: prepared?.extension ?? null,
      file_id: fileId(prepared?.main.name),
      thumb_file_id: fileId(prepared?.thumb?.name),
      created_at: now.toISOString(),
      created_by: actor.userId,
      updated_at: null,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    };
    await insertDocument(trx, row);
    const stored = added.find((candidate) => candidate.id === row.file_id);
    await writeAudit(
      trx,
      now,
      actor,
      documentAudit('document_create', row, {
        day: row.day,
        ...(stored ? { size: stored.size, sha256: stored.sha256, contentType: stored.content_type } : {}),
      }),
    );
  });
}

async function updateDocument(
  deps: DocumentsDeps,
  actor: AuditActor,
  patientId: string,
  { obj, file }: DocForm,
): Promise<void> {
  const id = obj.id ?? '';
  if (file)
    throw invalid('Fișierul unui document salvat nu se înlocuiește: adăugați un document nou.', 'file');
  const before = await findLiveDocument(deps.db, patientId, id);
  if (!before) throw documentNotFound();
  if (before.kind !== obj.kind) throw invalid('Tipul documentului nu se poate schimba.', 'kind');
  if (before.version !== obj.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const text = before.kind === 'nota' ? (obj.text ?? '') : null;
    const after = await updateDocumentIfVersion(
      trx,
      patientId,
      id,
      before.version,
      { label: obj.label, day: obj.date, text },
      now.toISOString(),
    );
    if (!after) throw new AppError(409, 'conflict', MESSAGES.conflict);
    const fields = (['label', 'day', 'text'] as const).filter((key) => before[key] !== after[key]);
    await writeAudit(
      trx,
      now,
      actor,
      documentAudit('document_update', after, { fields, version: after.version }),
    );
  });
}

/** POST /api/delete-doc/{patientId}: soft-deletes the document (its files stay, for a restore). */
export async function deleteDocument(
  deps: DocumentsDeps,
  actor: AuditActor,
  patientId: string,
  { id, version }: DeleteDocRequest,
): Promise<DocumentsByKind> {
  if (!(await isLivePatient(deps.db, patientId))) throw patientNotFound();
  const before = await findLiveDocument(deps.db, patientId, id);
  if (!before) throw documentNotFound();
  if (version !== undefined && before.version !== version)
    throw new AppError(409, 'conflict', MESSAGES.conflict);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const deleted = await softDeleteDocument(trx, patientId, id, version, now.toISOString(), actor.userId);
    if (!deleted) throw new AppError(409, 'conflict', MESSAGES.conflict);
    await writeAudit(trx, now, actor, documentAudit('document_delete', deleted));
  });
  return listDocuments(deps, patientId);
}
