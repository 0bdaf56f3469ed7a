// The money reports (issue 13; decision 0025) on a large ledger, on SQLite and (when a server answers at
// BENCH_POSTGRES_URL) PostgreSQL: the daily cash report of a busy day and the accounts-receivable pages, at
// 100,000 patients and about 1,000,000 ledger rows (charges, payments, allocations), written in bulk. The
// report services are timed directly (no HTTP), so the numbers are the queries' cost.
// Run: npm run bench -- reports
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { toIsoDay } from '@odonto/domain/dates';
import { connectDatabase } from '../apps/server/src/db/connect';
import { refreshLedgerTotals } from '../apps/server/src/features/ledger/ledger-totals.queries';
import type { AllocationsTable, ChargesTable, Database, PaymentsTable } from '../apps/server/src/db/database';
import { cashReport, receivablesReport } from '../apps/server/src/features/reports/reports.service';
import { seededRandom } from '../apps/server/src/scripts/demo/patient-generator';
import { DEMO_USERS } from '../apps/server/src/scripts/demo-users';
import { benchDialects, datasetEnv, ensurePatients, type BenchDialect } from './lib/dataset';
import { machineLine, writeSection } from './lib/results';
import { percentile } from './lib/stats';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 31);
const DAYS = 365;
const BATCH = 500;
const PRICES = [15_000, 25_000, 45_000, 60_000, 160_000, 320_000];
const METHODS = ['numerar', 'card', 'transfer'] as const;

interface Ledger {
  charges: ChargesTable[];
  payments: PaymentsTable[];
  allocations: AllocationsTable[];
  balances: Map<string, number>;
}

/** One patient's year: 2–6 charges, each paid in full, in part or not at all, oldest first. */
function patientLedger(
  ledger: Ledger,
  patientId: string,
  random: () => number,
  staff: { doctors: string[]; cashiers: string[] },
  today: number,
): void {
  const count = 2 + Math.floor(random() * 5);
  let owed = 0;
  for (let index = 0; index < count; index += 1) {
    const at = new Date(
      today - Math.floor(random() * DAYS) * 86_400_000 - Math.floor(random() * 8) * 3_600_000,
    );
    const amount = PRICES[Math.floor(random() * PRICES.length)] ?? 15_000;
    const chargeId = randomUUID();
    const doctorId = staff.doctors[Math.floor(random() * staff.doctors.length)] ?? null;
    ledger.charges.push({
      id: chargeId,
      patient_id: patientId,
      location_id: null,
      history_entry_id: null,
      plan_id: null,
      plan_item_id: null,
      price_item_id: null,
      doctor_id: doctorId,
      description: 'Bench: lucrare',
      teeth: '[]',
      quantity: 1,
      amount_bani: amount,
      vat_rate_bp: null,
      day: toIsoDay(at),
      reverses_id: null,
      reason: null,
      created_by: staff.cashiers[0] ?? null,
      created_at: at.toISOString(),
    });
    owed += amount;
    const share = random();
    // 55 % paid in full, 20 % in part, 25 % still open (a receivable).
    const paid = share < 0.55 ? amount : share < 0.75 ? Math.round(amount / 2) : 0;
    if (paid === 0) continue;
    const paidAt = new Date(at.getTime() + 30 * 60_000);
    const paymentId = randomUUID();
    const method = METHODS[Math.floor(random() * METHODS.length)] ?? 'card';
    ledger.payments.push({
      id: paymentId,
      patient_id: patientId,
      location_id: null,
      method,
      is_advance: 0,
      amount_bani: paid,
      reverses_id: null,
      reason: null,
      note: '',
      receipt_series: null,
      receipt_number: null,
      day: toIsoDay(paidAt),
      created_by: staff.cashiers[Math.floor(random() * staff.cashiers.length)] ?? null,
      created_at: paidAt.toISOString(),
    });
    ledger.allocations.push({
      id: randomUUID(),
      payment_id: paymentId,
      charge_id: chargeId,
      amount_bani: paid,
      doctor_id: doctorId,
      commission_bani: Math.round(paid * 0.3),
      created_at: paidAt.toISOString(),
    });
    owed -= paid;
  }
  ledger.balances.set(patientId, owed);
}

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Database[T][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

/** The ledger rows (written directly, in bulk, once per data set); answers how many rows it holds. */
async function ensureLedger(env: Record<string, string>): Promise<number> {
  const config = await ensurePatients(env, PATIENTS);
  const database = await connectDatabase(config.database);
  const db: Kysely<Database> = database.db;
  try {
    const count = async () => {
      const [charges, payments, allocations] = await Promise.all(
        (['charges', 'payments', 'allocations'] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow(),
        ),
      );
      return Number(charges?.count) + Number(payments?.count) + Number(allocations?.count);
    };
    const existing = await count();
    if (existing > 0) return existing;
    const started = performance.now();
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    const idOf = (email: string) => users.find((user) => user.email === email)?.id ?? '';
    const staff = {
      doctors: [idOf(DEMO_USERS.medic.email), idOf(DEMO_USERS.medic2.email)],
      cashiers: [idOf(DEMO_USERS.asistent.email), idOf(DEMO_USERS.admin.email)],
    };
    const patients = await db.selectFrom('patients').select('id').orderBy('file_number').execute();
    const random = seededRandom(13);
    const ledger: Ledger = { charges: [], payments: [], allocations: [], balances: new Map() };
    const today = Date.now();
    for (const patient of patients) patientLedger(ledger, patient.id, random, staff, today);
    const at = new Date().toISOString();
    await insertAll(db, 'charges', ledger.charges);
    await insertAll(db, 'payments', ledger.payments);
    await insertAll(db, 'allocations', ledger.allocations);
    await insertAll(
      db,
      'patient_balances',
      [...ledger.balances].map(([patientId, owed]) => ({
        patient_id: patientId,
        owed_bani: owed,
        oldest_open_day: null,
        updated_at: at,
        version: 1,
      })),
    );
    // The derived totals the ledger's writes keep (oldest open day, open per doctor), from the rows above.
    await refreshLedgerTotals(db);
    // Fresh statistics after a bulk load, so the planners see the data as it is (PostgreSQL's autovacuum
    // would get there later; SQLite has none until ANALYZE).
    await sql`analyze`.execute(db);
    const rows = ledger.charges.length + ledger.payments.length + ledger.allocations.length;
    console.log(`bench: ${rows} ledger rows in ${Math.round(performance.now() - started)} ms`);
    return rows;
  } finally {
    await database.close();
  }
}

interface Timing {
  scenario: string;
  medianMs: number;
  p95Ms: number;
  detail: string;
}

async function time(scenario: string, call: (run: number) => Promise<string>): Promise<Timing> {
  await call(0);
  const samples: number[] = [];
  let detail = '';
  for (let run = 1; run <= RUNS; run += 1) {
    const started = performance.now();
    detail = await call(run);
    samples.push(performance.now() - started);
  }
  return { scenario, medianMs: percentile(samples, 0.5), p95Ms: percentile(samples, 0.95), detail };
}

async function timeReports(env: Record<string, string>, dialect: BenchDialect): Promise<Timing[]> {
  const config = await ensurePatients(env, PATIENTS);
  const database = await connectDatabase(config.database);
  const deps = { db: database.db, dialect, now: () => new Date() };
  try {
    const busiest = await database.db
      .selectFrom('payments')
      .select(['day', sql<number>`count(*)`.as('count')])
      .groupBy('day')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const doctor = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERS.medic.email)
      .executeTakeFirstOrThrow();
    const all = { kind: 'all' } as const;
    const own = { kind: 'own', userId: doctor.id } as const;
    return [
      await time(`daily cash report, the busiest day (${busiest.count} payments)`, async () => {
        const report = await cashReport(deps, all, { zi: busiest.day });
        return `${report.payments.length} payments listed`;
      }),
      await time('receivables, first page of 25 (+ count and total)', async () => {
        const report = await receivablesReport(deps, all, { page: 1 });
        return `${report.total} patients owe`;
      }),
      await time('receivables, pages 2–400 (+ count and total)', async (run) => {
        const report = await receivablesReport(deps, all, { page: 2 + ((run * 13) % 399) });
        return `${report.lines.length} rows`;
      }),
      await time('receivables of one doctor, first page', async () => {
        const report = await receivablesReport(deps, own, { page: 1 });
        return `${report.total} patients owe the doctor`;
      }),
    ];
  } finally {
    await database.close();
  }
}

async function run(): Promise<void> {
  const dialects = await benchDialects();
  const lines: string[] = [];
  const loads: number[] = [];
  let rows = 0;
  for (const dialect of dialects) {
    const env = await datasetEnv(dialect, `reports${PATIENTS}`);
    rows = await ensureLedger(env);
    loads.push(loadavg()[0] ?? 0);
    const timings = await timeReports(env, dialect);
    loads.push(loadavg()[0] ?? 0);
    for (const timing of timings) {
      const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL 15';
      lines.push(
        `| ${name} | ${timing.scenario} | ${timing.medianMs.toFixed(1)} | ${timing.p95Ms.toFixed(1)} | ${timing.detail} |`,
      );
      console.log(
        `${name} · ${timing.scenario}: median ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms`,
      );
    }
    // Written after each database, so a long PostgreSQL load never loses the SQLite figures.
    writeResults(lines, rows, loads);
  }
}

function writeResults(lines: readonly string[], rows: number, loads: readonly number[]): void {
  writeSection(
    'reports',
    [
      '## Money reports (`bench/reports.ts`)',
      '',
      `${PATIENTS.toLocaleString('en')} patients and ${rows.toLocaleString('en')} ledger rows (charges, payments,`,
      'allocations) over a year: 2–6 charges a patient, each charge 55 % likely paid in full, 20 % in part, 25 % open (so most patients owe something). The report',
      `services are called directly (the SQL of \`reports.queries.ts\`, no HTTP), ${RUNS} runs after one warm-up.`,
      `Machine: ${machineLine()}; load average during the runs up to ${Math.max(...loads).toFixed(1)} (the`,
      'machine is shared with other work).',
      '',
      '| database | report | median ms | p95 ms | answer |',
      '|---|---|---:|---:|---|',
      ...lines,
    ].join('\n'),
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
