// A long-standing patient's history for the benchmarks: entries, and a third of them with a before and an
// after picture, the same every run.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { bridgeGeometry } from '@odonto/domain/bridges';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import { sideOf, TOOTH_IDS } from '@odonto/domain/teeth';
import { thumbnailName } from '@odonto/domain/contracts/avatars';
import { pictureName } from '@odonto/domain/contracts/history-pictures';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { vacuumAfterBulkLoad } from '../../apps/server/src/db/dialect';
import type {
  Database,
  NewFileRow,
  NewHistoryEntryRow,
  NewHistoryPictureRow,
} from '../../apps/server/src/db/database';
import { seededRandom } from '../../apps/server/src/scripts/demo/patient-generator';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';
import { ensurePatients } from './dataset';

const DAY_MS = 86_400_000;

// The kinds of work a long-standing patient's file holds, drawn in proportion.
const PROCEDURES = [
  'consultație',
  'detartraj ultrasonic',
  'obturație compozit trei suprafețe',
  'reconstituire coronară compozit',
  'tratament endodontic monoradicular',
  'coroană zirconiu monolitic',
  'coroană metalo-ceramică',
  'extracție dentară',
  'implant dentar',
  'punte zirconiu',
];

/** The entries (and pictures) of one patient, the same every run. */
function generateHistory(patientId: string, now: Date, ENTRIES: number) {
  const random = seededRandom(4);
  const entries: NewHistoryEntryRow[] = [];
  const files: NewFileRow[] = [];
  const pictures: NewHistoryPictureRow[] = [];
  for (let i = 0; i < ENTRIES; i += 1) {
    const at = new Date(now.getTime() - (ENTRIES - i) * 12 * DAY_MS);
    const id = at.getTime() + i;
    const name = PROCEDURES[Math.floor(random() * PROCEDURES.length)] ?? 'consultație';
    const procedure = catalogueEntryByName(name);
    const tooth = TOOTH_IDS[Math.floor(random() * TOOTH_IDS.length)] ?? '1.6';
    const bridge = name.includes('punte') ? bridgeGeometry('1.3', '1.5') : null;
    const onTooth = procedure?.dinteDD ?? false;
    entries.push({
      patient_id: patientId,
      id,
      type: bridge ? 'punte' : 'tratament',
      denumire: name,
      map_id: procedure?.id ?? null,
      dinte: bridge?.dinte ?? (onTooth ? tooth : null),
      dinte_start: bridge?.dinteStart ?? null,
      dinte_destinatie: bridge?.dinteDestinatie ?? null,
      side: bridge?.side ?? (onTooth ? sideOf(tooth) : null),
      start_index: bridge?.start ?? null,
      end_index: bridge?.end ?? null,
      direction: bridge?.direction ?? null,
      fill: procedure?.fill ?? null,
      detalii: random() < 0.5 ? 'Anestezie locală, pacient cooperant. Control peste 6 luni.' : '',
      medic: DEMO_USERS.medic.nume,
      signature: null,
      sterilizari: JSON.stringify([{ name: 'sondă', id_sterilizare: `S-${i}`, used_at: at.getTime() }]),
      created_at: at.toISOString(),
      updated_at: null,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    });
    if (i % 3 !== 0) continue;
    for (const [index, label] of ['inainte.jpg', 'dupa.jpg'].entries()) {
      const picture = pictureName(id, index, label);
      const fileIds = [randomUUID(), randomUUID()];
      [picture, thumbnailName(picture)].forEach((fileName, k) =>
        files.push({
          id: fileIds[k] ?? randomUUID(),
          patient_id: patientId,
          kind: k === 0 ? 'picture' : 'picture-thumb',
          name: fileName,
          disk_name: `bench/${randomUUID()}`,
          content_type: k === 0 ? 'image/jpeg' : 'image/png',
          size: 1,
          sha256: '0',
          width: 1600,
          height: 1200,
          created_at: at.toISOString(),
          created_by: null,
          deleted_at: null,
        }),
      );
      pictures.push({
        id: randomUUID(),
        patient_id: patientId,
        entry_id: id,
        name: picture,
        kind: index === 0 ? 'inainte' : 'dupa',
        width: 1600,
        height: 1200,
        position: index,
        file_id: fileIds[0] ?? '',
        thumb_file_id: fileIds[1] ?? '',
        created_at: at.toISOString(),
        deleted_at: null,
      });
    }
  }
  return { entries, files, pictures };
}

/**
 * The data set's first patient, given its history unless it has one already, and the second one, with
 * none (the baseline: what the view costs without a history); answers their `_id`s.
 */
export async function ensureHistory(
  env: Record<string, string>,
  { patients: PATIENTS, entries: ENTRIES }: { patients: number; entries: number },
): Promise<{ withHistory: string; without: string }> {
  const config = await ensurePatients(env, PATIENTS);
  const database = await connectDatabase(config.database);
  const db: Kysely<Database> = database.db;
  try {
    const [patient, other] = await db
      .selectFrom('patients')
      .select('id')
      .orderBy('file_number')
      .limit(2)
      .execute();
    if (!patient || !other) throw new Error('the data set has no patients');
    const ids = { withHistory: patient.id, without: other.id };
    const existing = await db
      .selectFrom('history_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('patient_id', '=', patient.id)
      .executeTakeFirstOrThrow();
    if (Number(existing.count) >= ENTRIES) return ids;
    const { entries, files, pictures } = generateHistory(patient.id, new Date(), ENTRIES);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('history_pictures').where('patient_id', '=', patient.id).execute();
      await trx.deleteFrom('history_entries').where('patient_id', '=', patient.id).execute();
      await trx.deleteFrom('files').where('patient_id', '=', patient.id).execute();
      for (let start = 0; start < entries.length; start += 100) {
        await trx
          .insertInto('history_entries')
          .values(entries.slice(start, start + 100))
          .execute();
      }
      await trx.insertInto('files').values(files).execute();
      await trx.insertInto('history_pictures').values(pictures).execute();
    });
    await vacuumAfterBulkLoad(db, database.dialect);
    console.log(`bench: ${entries.length} entries and ${pictures.length} pictures for patient ${patient.id}`);
    return ids;
  } finally {
    await database.close();
  }
}
