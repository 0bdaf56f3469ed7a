import { sql, type Kysely } from 'kysely';
import type {
  Database,
  NewSignatureRequestRow,
  NewSignatureRow,
  SignatureRequestRow,
  SignatureRow,
} from '../../db/database';

export async function insertSignature(trx: Kysely<Database>, row: NewSignatureRow): Promise<SignatureRow> {
  return trx.insertInto('signatures').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Points a live entry at its newest signature. The entry's `version` is left alone: signing does not
 * change what the treatment says, so a modal open on it can still save (the signature then no longer
 * matches, which is the point).
 */
export async function setEntrySignature(
  trx: Kysely<Database>,
  patientId: string,
  entryId: number,
  signatureJson: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('history_entries')
    .set({ signature: signatureJson })
    .where('patient_id', '=', patientId)
    .where('id', '=', entryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A patient's signatures, newest first. */
export async function findPatientSignatures(
  db: Kysely<Database>,
  patientId: string,
): Promise<SignatureRow[]> {
  return db
    .selectFrom('signatures')
    .selectAll()
    .where('patient_id', '=', patientId)
    .orderBy('signed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findSignature(db: Kysely<Database>, id: string): Promise<SignatureRow | undefined> {
  return db.selectFrom('signatures').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of the patient's entries are live, with the `signature` each points at. */
export async function findLiveEntrySignatures(
  db: Kysely<Database>,
  patientId: string,
): Promise<{ id: number; signature: string | null }[]> {
  const rows = await db
    .selectFrom('history_entries')
    .select(['id', 'signature'])
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), signature: row.signature }));
}

export async function insertRequest(trx: Kysely<Database>, row: NewSignatureRequestRow): Promise<void> {
  await trx.insertInto('signature_requests').values(row).execute();
}

export async function findRequest(
  db: Kysely<Database>,
  id: string,
): Promise<SignatureRequestRow | undefined> {
  return db.selectFrom('signature_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes every pending request (a new one replaces them: a station shows one request at a time). */
export async function cancelPendingRequests(trx: Kysely<Database>, at: string): Promise<string[]> {
  const rows = await trx
    .updateTable('signature_requests')
    .set({ status: 'cancelled', closed_at: at })
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Compare-and-set: closes a request only while it is still pending and unexpired. */
export async function closeRequest(
  trx: Kysely<Database>,
  id: string,
  status: 'signed' | 'cancelled',
  at: string,
  signatureId: string | null,
): Promise<SignatureRequestRow | undefined> {
  return trx
    .updateTable('signature_requests')
    .set({ status, closed_at: at, signature_id: signatureId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/** The newest pending request that has not expired, with the patient's name. */
export async function findPendingRequest(
  db: Kysely<Database>,
  at: string,
): Promise<(SignatureRequestRow & { nume: string; prenume: string }) | undefined> {
  return db
    .selectFrom('signature_requests')
    .innerJoin('patients', 'patients.id', 'signature_requests.patient_id')
    .selectAll('signature_requests')
    .select(['patients.nume', 'patients.prenume'])
    .where('signature_requests.status', '=', 'pending')
    .where('signature_requests.expires_at', '>', at)
    .where('patients.deleted_at', 'is', null)
    .orderBy('signature_requests.created_at', 'desc')
    .orderBy('signature_requests.id', 'desc')
    .executeTakeFirst();
}

/** The PostgreSQL channel on which app instances announce that the pending station request may have changed. */
export const STATION_CHANNEL = 'odonto_signature_station';

/** Tells every instance on this PostgreSQL database; `from` names the instance that announces. */
export async function announceStationChange(db: Kysely<Database>, from: string): Promise<void> {
  await sql`select pg_notify(${STATION_CHANNEL}, ${from})`.execute(db);
}
