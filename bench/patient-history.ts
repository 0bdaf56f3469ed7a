// GET /api/get-pacient/{id} for a patient with 300 history entries (a third of them with a before and an
// after picture), through HTTP with 10 concurrent connections, on SQLite and (when a server answers at
// BENCH_POSTGRES_URL) PostgreSQL. Run: npm run bench -- patient-history
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { Kysely } from 'kysely';
import { bridgeGeometry } from '@odonto/domain/bridges';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import { sideOf, TOOTH_IDS } from '@odonto/domain/teeth';
import { thumbnailName } from '@odonto/domain/contracts/avatars';
import { pictureName } from '@odonto/domain/contracts/history-pictures';
import { connectDatabase } from '../apps/server/src/db/connect';
import type {
  Database,
  NewFileRow,
  NewHistoryEntryRow,
  NewHistoryPictureRow,
} from '../apps/server/src/db/database';
import { seededRandom } from '../apps/server/src/scripts/demo/patient-generator';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients } from './lib/dataset';
import { measure } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer } from './lib/server';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 300);
const PATIENTS = 1_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;
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
function generateHistory(patientId: string, now: Date) {
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
async function ensureHistory(env: Record<string, string>): Promise<{ withHistory: string; without: string }> {
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
    const { entries, files, pictures } = generateHistory(patient.id, new Date());
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
    console.log(`bench: ${entries.length} entries and ${pictures.length} pictures for patient ${patient.id}`);
    return ids;
  } finally {
    await database.close();
  }
}

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  const loads: number[] = [];
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `history${ENTRIES}`);
    const patients = await ensureHistory(env);
    const server = await startBenchServer(env, DEMO_USERS.medic);
    const full = `/api/get-pacient/${patients.withHistory}`;
    const scenarios = [
      { name: `get-pacient, ${ENTRIES} entries`, path: full, connections: CONNECTIONS },
      {
        name: 'get-pacient, no entries (baseline)',
        path: `/api/get-pacient/${patients.without}`,
        connections: CONNECTIONS,
      },
      { name: `get-pacient, ${ENTRIES} entries, 1 connection`, path: full, connections: 1 },
    ];
    try {
      for (const scenario of scenarios) {
        const { path, connections } = scenario;
        const options = { url: server.url, paths: [path], cookie: server.cookie, connections };
        // Warm the caches first; only the second run counts.
        await measure({ ...options, requests: 200 });
        loads.push(loadavg()[0] ?? 0);
        const summary = await measure({ ...options, requests: REQUESTS });
        loads.push(loadavg()[0] ?? 0);
        const database = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15';
        rows.push({ database, scenario: scenario.name, summary });
        console.log(`${dialect} · ${scenario.name}: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  const load = Math.max(...loads);
  writeSection(
    'patient-history',
    [
      `## A patient with ${ENTRIES} history entries (\`bench/patient-history.ts\`)`,
      '',
      `\`GET /api/get-pacient/{id}\` (the patient, its ${ENTRIES} entries newest first with their pictures — a`,
      `third of the entries have a before and an after picture — and the audit row of the view) through HTTP,`,
      `${CONNECTIONS} concurrent connections (one for the last row of each database), ${REQUESTS} requests per row`,
      'after 200 warm-up requests. The baseline is a patient without history on the same server. One Node',
      'process does the work of one request at a time, so with 10 in flight a request mostly waits for the',
      'others: on SQLite, whose queries run in that process, the median at 10 connections is about 10 times',
      "the single-connection one; PostgreSQL's round trips overlap with other requests' work.",
      `Machine: ${machineLine()}; 1-minute load average up to ${load.toFixed(1)} during the runs.`,
      load > 2
        ? `The machine is shared with other engineers and was busy (load above 2 on ${cpus().length} cores): ` +
          'the numbers are noisy and pessimistic.'
        : '',
      '',
      markdownTable(rows),
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
