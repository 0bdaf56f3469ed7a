// Treatment plans (issue 12), through HTTP with 10 concurrent connections, on SQLite and (when a server
// answers at BENCH_POSTGRES_URL) PostgreSQL: (a) GET /api/plan/{id} of a plan with 3 alternatives × 40 items;
// (b) GET /api/pacienti pages, each row with its open plan amount (a column of the page query), at 100,000
// patients of whom a realistic share have plans. Run: npm run bench -- plans
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Kysely } from 'kysely';
import { patientListQuery } from '@odonto/domain/contracts/patients';
import type { PlanAlternativeInput, PlanItemInput } from '@odonto/domain/contracts/plans';
import { alternativeTotals, type StoredPlanStatus } from '@odonto/domain/plans';
import { TOOTH_IDS } from '@odonto/domain/teeth';
import { connectDatabase } from '../apps/server/src/db/connect';
import { vacuumAfterBulkLoad } from '../apps/server/src/db/dialect';
import type { Database, NewTreatmentPlanRow } from '../apps/server/src/db/database';
import { findPatientPage } from '../apps/server/src/features/patients/patients-list.queries';
import { toFilter } from '../apps/server/src/features/patients/patients-list.service';
import { createPlan } from '../apps/server/src/features/plans/plans.service';
import { seededRandom } from '../apps/server/src/scripts/demo/patient-generator';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients } from './lib/dataset';
import { measure } from './lib/load';
import { machineLine, markdownTable, writeSection, type ResultRow } from './lib/results';
import { startBenchServer } from './lib/server';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = 10;
/** One patient in three has a plan; of the plans, these shares are in each stored status. */
const PLAN_SHARE = 1 / 3;
const STATUS_SHARES: readonly [StoredPlanStatus, number][] = [
  ['propus', 0.35],
  ['acceptat', 0.15],
  ['în lucru', 0.2],
  ['finalizat', 0.2],
  ['respins', 0.1],
];
const PROCEDURES: readonly [string, number][] = [
  ['consultație', 15_000],
  ['detartraj ultrasonic', 25_000],
  ['obturație compozit trei suprafețe', 45_000],
  ['tratament endodontic monoradicular', 60_000],
  ['coroană zirconiu monolitic', 160_000],
  ['implant dentar', 320_000],
];

function items(count: number, random: () => number, prefix: string): PlanItemInput[] {
  return Array.from({ length: count }, (_, index) => {
    const [name, price] = PROCEDURES[Math.floor(random() * PROCEDURES.length)] ?? ['consultație', 15_000];
    return {
      id: `${prefix}${index + 1}`,
      teeth: [TOOTH_IDS[Math.floor(random() * TOOTH_IDS.length)] ?? '1.6'],
      span: null,
      priceItemId: null,
      catalogueId: null,
      name,
      unit: 'dinte',
      quantity: 1,
      unitPriceBani: price,
      listPriceBani: null,
      priceReason: null,
      vatRateBp: null,
      discount: random() < 0.2 ? { kind: 'percent', bp: 1000 } : null,
      notes: random() < 0.3 ? 'Sub anestezie locală.' : '',
    };
  });
}

/** `perAlternative` items per alternative, in phases of 10. */
function alternatives(count: number, perAlternative: number, random: () => number): PlanAlternativeInput[] {
  return (['A', 'B', 'C'] as const).slice(0, count).map((label) => {
    const all = items(perAlternative, random, label.toLowerCase());
    const phases = [];
    for (let start = 0; start < all.length; start += 10) {
      phases.push({
        id: `${label}${start}`,
        title: `Etapa ${start / 10 + 1}`,
        items: all.slice(start, start + 10),
      });
    }
    return { label, title: `Varianta ${label}`, discount: { kind: 'percent', bp: 500 }, notes: '', phases };
  });
}

/** Plans for a third of the patients (written directly, in bulk) and one large plan; answers its id. */
async function ensurePlans(env: Record<string, string>): Promise<string> {
  const config = await ensurePatients(env, PATIENTS);
  const database = await connectDatabase(config.database);
  const db: Kysely<Database> = database.db;
  try {
    const doctor = await db
      .selectFrom('users')
      .select(['id', 'nume'])
      .where('email', '=', DEMO_USERS.medic.email)
      .executeTakeFirstOrThrow();
    const large = await db
      .selectFrom('treatment_plans')
      .select('id')
      .where('title', '=', 'Bench: 3 × 40')
      .executeTakeFirst();
    if (large) return large.id;
    const started = performance.now();
    const patients = await db.selectFrom('patients').select('id').orderBy('file_number').execute();
    const random = seededRandom(12);
    const now = new Date();
    const rows: NewTreatmentPlanRow[] = [];
    let number = 0;
    for (const patient of patients) {
      if (random() >= PLAN_SHARE) continue;
      number += 1;
      const content = alternatives(1 + Math.floor(random() * 2), 3 + Math.floor(random() * 6), random);
      let pick = random();
      const status = STATUS_SHARES.find(([, share]) => (pick -= share) < 0)?.[0] ?? 'propus';
      const accepted = status !== 'propus' && status !== 'respins';
      const total = alternativeTotals(content[0] as PlanAlternativeInput).totalBani;
      const open = status === 'acceptat' ? total : status === 'în lucru' ? Math.round(total / 2) : 0;
      const at = new Date(now.getTime() - Math.floor(random() * 365) * 86_400_000).toISOString();
      rows.push({
        id: randomUUID(),
        patient_id: patient.id,
        number,
        title: 'Plan de tratament',
        doctor_id: doctor.id,
        doctor_name: doctor.nume,
        status,
        valid_until: at.slice(0, 10),
        notes: '',
        price_day: at.slice(0, 10),
        content: JSON.stringify(content),
        revision: 1,
        accepted_alternative: accepted ? 'A' : null,
        accepted_revision: accepted ? 1 : null,
        accepted_signature_id: null,
        rejected_reason: status === 'respins' ? 'Cost' : null,
        open_remaining_bani: open,
        created_by: doctor.id,
        created_at: at,
        updated_at: at,
        version: 1,
      });
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('treatment_plans')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    await db
      .insertInto('counters')
      .values({ name: 'treatment_plans', value: number })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: number }))
      .execute();
    const first = patients[0];
    if (!first) throw new Error('the data set has no patients');
    const plan = await createPlan(
      { db, now: () => new Date() },
      { userId: doctor.id, userEmail: DEMO_USERS.medic.email, ip: null },
      first.id,
      {
        title: 'Bench: 3 × 40',
        doctorId: doctor.id,
        validUntil: '2099-12-31',
        notes: '',
        alternatives: alternatives(3, 40, random),
      },
    );
    await vacuumAfterBulkLoad(db, database.dialect);
    console.log(
      `bench: ${rows.length} plans and one of 3 × 40 items in ${Math.round(performance.now() - started)} ms`,
    );
    return plan.id;
  } finally {
    await database.close();
  }
}

/**
 * The list's page query alone (its ten rows, each with its open plan amount) for pages 1–31 (fastest and
 * median of the 31), without HTTP: what the list pays for the column, whatever the machine's load.
 */
async function timePageQuery(env: Record<string, string>): Promise<{ fastest: number; median: number }> {
  const config = await ensurePatients(env, PATIENTS);
  const database = await connectDatabase(config.database);
  try {
    const filter = toFilter(patientListQuery.parse({}));
    const samples: number[] = [];
    for (let page = 0; page < 31; page += 1) {
      const started = performance.now();
      await findPatientPage(database.db, config.database.kind, filter, { limit: 10, offset: page * 10 });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return { fastest: samples[0] ?? 0, median: samples[15] ?? 0 };
  } finally {
    await database.close();
  }
}

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const rows: ResultRow[] = [];
  const loads: number[] = [];
  const sqlLines: string[] = [];
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `plans${PATIENTS}`);
    const planId = await ensurePlans(env);
    const open = await timePageQuery(env);
    sqlLines.push(
      `| ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15'} | ${open.fastest.toFixed(2)} | ${open.median.toFixed(2)} |`,
    );
    const server = await startBenchServer(env, DEMO_USERS.medic);
    const list = (query: string) => `/api/pacienti?${query}`;
    const scenarios = [
      { name: 'GET /api/check-login (baseline: the load on the machine)', paths: ['/api/check-login'] },
      { name: 'GET /api/plan/{id}, 3 alternatives × 40 items', paths: [`/api/plan/${planId}`] },
      {
        name: 'GET /api/plan/{id}, 3 alternatives × 40 items, 1 connection',
        paths: [`/api/plan/${planId}`],
        connections: 1,
      },
      { name: 'patient list, first page, with planOpenBani', paths: [list('page=1')] },
      {
        name: 'patient list, pages 2–500, with planOpenBani',
        paths: [2, 17, 120, 333, 500].map((page) => list(`page=${page}`)),
      },
      {
        name: 'patient list, search 3 letters, with planOpenBani',
        paths: ['pop', 'ion', 'mar', 'ste'].map((q) => list(`q=${q}`)),
      },
    ];
    try {
      for (const scenario of scenarios) {
        const options = {
          url: server.url,
          paths: scenario.paths,
          cookie: server.cookie,
          connections: CONNECTIONS,
        };
        // Warm the caches first; only the second run counts.
        await measure({ ...options, requests: 200 });
        loads.push(loadavg()[0] ?? 0);
        const summary = await measure({ ...options, requests: REQUESTS });
        loads.push(loadavg()[0] ?? 0);
        rows.push({
          database: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15',
          scenario: scenario.name,
          summary,
        });
        console.log(`${dialect} · ${scenario.name}: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  writeSection(
    'plans',
    [
      '## Treatment plans (`bench/plans.ts`)',
      '',
      `${PATIENTS.toLocaleString('en')} patients, a third of them with a plan (35 % propus, 15 % acceptat, 20 % în`,
      'lucru, 20 % finalizat, 10 % respins; 1–2 alternatives of 3–8 items). `GET /api/plan/{id}` of a plan with',
      '3 alternatives × 40 items (totals, progress and the `plan_view` audit row), and `GET /api/pacienti` pages',
      '(10 rows + the total), each row with `planOpenBani`, a column of the page query. Through',
      `HTTP, ${CONNECTIONS} concurrent connections, ${REQUESTS} requests per row after 200 warm-up requests.`,
      `Machine: ${machineLine()}; load average during the runs up to ${Math.max(...loads).toFixed(1)} (the`,
      'machine is shared with other work).',
      'With 10 connections one Node process does one request at a time, so a latency is about ten times the',
      'work of one request; the baseline row shows what the same load costs a call that does almost nothing.',
      '',
      markdownTable(rows),
      '',
      'The page query alone (no HTTP; 10 patients, each with its open plan amount), pages 1–31, ms:',
      '',
      '| database | fastest | median |',
      '|---|---:|---:|',
      ...sqlLines,
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
