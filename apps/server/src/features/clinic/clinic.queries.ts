import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';

const CLINIC_KEY = 'clinic';
export const LOGO_KIND = 'clinic-logo';

/** The JSON text of the clinic's details, or null while no admin has saved them. */
export async function readClinicText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, CLINIC_KEY);
}

/**
 * Replaces the clinic's details only if they are still `previous` (null: not saved yet), so two admins
 * saving at once cannot both win. Answers false when someone else changed them first.
 */
export async function swapClinicText(
  trx: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(trx, CLINIC_KEY, previous, value, at);
}

/** The live logo file with this name. */
export async function findLogoFile(db: Kysely<Database>, name: string): Promise<FileRow | null> {
  const row = await db
    .selectFrom('files')
    .selectAll()
    .where('patient_id', 'is', null)
    .where('kind', '=', LOGO_KIND)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Every live logo file (one, unless a save was interrupted between its file and its settings). */
export async function findLogoFiles(db: Kysely<Database>): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('patient_id', 'is', null)
    .where('kind', '=', LOGO_KIND)
    .where('deleted_at', 'is', null)
    .execute();
}
