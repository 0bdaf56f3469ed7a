import type { Kysely } from 'kysely';
import type { Database, LetterRow, NewLetterRow } from '../../db/database';

export async function insertLetter(trx: Kysely<Database>, row: NewLetterRow): Promise<void> {
  await trx.insertInto('letters').values(row).execute();
}

/** A patient's letters, newest first. */
export async function findLetters(db: Kysely<Database>, patientId: string): Promise<LetterRow[]> {
  return db
    .selectFrom('letters')
    .selectAll()
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findLetter(
  db: Kysely<Database>,
  patientId: string,
  letterId: string,
): Promise<LetterRow | null> {
  const row = await db
    .selectFrom('letters')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('id', '=', letterId)
    .executeTakeFirst();
  return row ?? null;
}
