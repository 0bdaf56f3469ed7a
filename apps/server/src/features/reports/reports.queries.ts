import {
  sql,
  type AliasedSelectQueryBuilder,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';

/**
 * The reports' SQL (issue 13; decision 0025). Every figure is summed by the database, grouped as the report
 * shows it; the service only names and orders the groups. `doctorId`/`userId` narrow a query to one doctor's
 * (or one cashier's) rows. Sums come back as numbers or, from PostgreSQL's bigint and numeric, as strings:
 * `toNumber` reads both.
 */

export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

const positive = (column: string) =>
  sql<string>`coalesce(sum(case when ${sql.ref(column)} > 0 then ${sql.ref(column)} else 0 end), 0)`;
const negative = (column: string) =>
  sql<string>`coalesce(sum(case when ${sql.ref(column)} < 0 then -${sql.ref(column)} else 0 end), 0)`;
const total = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)`;

// ---- daily cash report ------------------------------------------------------------------------------

/**
 * The location a report is narrowed to in a clinic group (`?sediu=`). Money recorded before the clinic had
 * locations has none and counts at its first location (`isFirst`), as the revenue report groups it.
 */
export interface ReportLocation {
  id: string;
  isFirst: boolean;
}

/** `column` (a row's location) is `location`, or null for the first location's rows from before locations. */
function locatedAt(column: string, location: ReportLocation): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return location.isFirst
    ? sql<boolean>`(${ref} = ${location.id} or ${ref} is null)`
    : sql<boolean>`${ref} = ${location.id}`;
}

/** Whose figures a report counts: one doctor's (`doctorId`), and in a clinic group one location's. */
export interface DoctorLocationScope {
  doctorId: string | null;
  location: ReportLocation | null;
}

/**
 * Whose payments a cash report counts: one cashier's (`userId`), and in a clinic group one location's. The
 * payments taken before the clinic had locations have none and count at its first location.
 */
export interface CashScope {
  userId: string | null;
  location: ReportLocation | null;
}

function inCashScope(eb: ExpressionBuilder<Database, 'payments'>, scope: CashScope) {
  const terms = [];
  if (scope.userId !== null) terms.push(eb('payments.created_by', '=', scope.userId));
  if (scope.location !== null) {
    const at = eb('payments.location_id', '=', scope.location.id);
    terms.push(scope.location.isFirst ? eb.or([at, eb('payments.location_id', 'is', null)]) : at);
  }
  return eb.and(terms);
}

/** Cash held when `day` starts: every cash payment (refunds and reversals included) of the days before. */
export async function sumCashBefore(db: Kysely<Database>, day: string, scope: CashScope): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(total('payments.amount_bani').as('total'))
    .where('payments.method', '=', 'numerar')
    .where('payments.day', '<', day)
    .where((eb) => inCashScope(eb, scope))
    .executeTakeFirstOrThrow();
  return toNumber(row.total);
}

/** The day's payments per method: count, money in, money out. */
export async function sumDayByMethod(db: Kysely<Database>, day: string, scope: CashScope) {
  return db
    .selectFrom('payments')
    .select([
      'payments.method',
      sql<string>`count(*)`.as('count'),
      positive('payments.amount_bani').as('in_bani'),
      negative('payments.amount_bani').as('out_bani'),
    ])
    .where('payments.day', '=', day)
    .where((eb) => inCashScope(eb, scope))
    .groupBy('payments.method')
    .execute();
}

/** The day's payments per user who took them: count, in, out, and the cash part of the net. */
export async function sumDayByUser(db: Kysely<Database>, day: string, scope: CashScope) {
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.created_by')
    .select([
      'payments.created_by',
      'users.nume',
      sql<string>`count(*)`.as('count'),
      positive('payments.amount_bani').as('in_bani'),
      negative('payments.amount_bani').as('out_bani'),
      sql<string>`coalesce(sum(case when payments.method = 'numerar' then payments.amount_bani else 0 end), 0)`.as(
        'cash_bani',
      ),
    ])
    .where('payments.day', '=', day)
    .where((eb) => inCashScope(eb, scope))
    .groupBy(['payments.created_by', 'users.nume'])
    .orderBy('users.nume')
    .execute();
}

/** The day's payments, in the order they were taken, with the patient and the user. */
export async function findDayPayments(db: Kysely<Database>, day: string, scope: CashScope) {
  return db
    .selectFrom('payments')
    .innerJoin('patients', 'patients.id', 'payments.patient_id')
    .leftJoin('users', 'users.id', 'payments.created_by')
    .select([
      'payments.id',
      'payments.created_at',
      'payments.patient_id',
      'patients.nume as patient_nume',
      'patients.prenume as patient_prenume',
      'patients.file_number',
      'payments.method',
      'payments.amount_bani',
      'payments.reverses_id',
      'payments.receipt_series',
      'payments.receipt_number',
      'payments.created_by',
      'users.nume as user_nume',
    ])
    .where('payments.day', '=', day)
    .where((eb) => inCashScope(eb, scope))
    .orderBy('payments.created_at')
    .orderBy('payments.id')
    .execute();
}

// ---- monthly revenue --------------------------------------------------------------------------------

/** Charges recorded on the days [firstDay, endDay) per location and doctor: charged, reversed, net. */
export async function sumChargesByDoctor(
  db: Kysely<Database>,
  range: { firstDay: string; endDay: string },
  doctorId: string | null,
) {
  return db
    .selectFrom('charges')
    .leftJoin('users', 'users.id', 'charges.doctor_id')
    .select([
      'charges.location_id',
      'charges.doctor_id',
      'users.nume',
      positive('charges.amount_bani').as('charged_bani'),
      negative('charges.amount_bani').as('reversed_bani'),
      total('charges.amount_bani').as('net_bani'),
    ])
    .where('charges.day', '>=', range.firstDay)
    .where('charges.day', '<', range.endDay)
    .$if(doctorId !== null, (query) => query.where('charges.doctor_id', '=', doctorId))
    .groupBy(['charges.location_id', 'charges.doctor_id', 'users.nume'])
    .execute();
}

/** Payments allocated in [start, end) to charges, per the charge's location and doctor (net). */
export async function sumAllocatedByDoctor(
  db: Kysely<Database>,
  range: { start: string; end: string },
  doctorId: string | null,
) {
  return db
    .selectFrom('allocations')
    .innerJoin('charges', 'charges.id', 'allocations.charge_id')
    .leftJoin('users', 'users.id', 'charges.doctor_id')
    .select([
      'charges.location_id',
      'charges.doctor_id',
      'users.nume',
      total('allocations.amount_bani').as('paid_bani'),
    ])
    .where('allocations.created_at', '>=', range.start)
    .where('allocations.created_at', '<', range.end)
    .$if(doctorId !== null, (query) => query.where('charges.doctor_id', '=', doctorId))
    .groupBy(['charges.location_id', 'charges.doctor_id', 'users.nume'])
    .execute();
}

// ---- accounts receivable ----------------------------------------------------------------------------
// Read from the totals every ledger write keeps (ledger-totals.queries.ts): the patient's balance with the
// day of their oldest open charge (admin), what is open of one doctor's charges per patient, or of the
// charges made at one location (a clinic group; those from before locations are stored at the first).

/** Whose receivables: every patient's balance, one doctor's charges (`doctorId`) or one location's. */
export type ReceivablesScope = { doctorId: string | null; locationId: string | null };

/** A patient who owes, as each of the three totals gives it. */
interface OpenAmount {
  patient_id: string;
  oldest_day: string;
  due_bani: string;
}

/**
 * The patients who owe in `scope`, from the total that answers it (each read by its own index): what is open
 * of the charges made at the location, the patient's balance (admin), or what is open of the doctor's own
 * charges. A plain subquery: both databases merge it into the query that reads it, so the plans stay those of
 * the table read directly.
 */
function openAmounts(
  db: Kysely<Database>,
  scope: ReceivablesScope,
): AliasedSelectQueryBuilder<OpenAmount, 'o'> {
  const { doctorId, locationId } = scope;
  if (locationId !== null) {
    return db
      .selectFrom('patient_location_open as l')
      .select(['l.patient_id', 'l.oldest_open_day as oldest_day', 'l.open_bani as due_bani'])
      .where('l.location_id', '=', locationId)
      .$castTo<OpenAmount>()
      .as('o');
  }
  if (doctorId === null) {
    return db
      .selectFrom('patient_balances as b')
      .select(['b.patient_id', 'b.oldest_open_day as oldest_day', 'b.owed_bani as due_bani'])
      .where('b.owed_bani', '>', 0)
      .$castTo<OpenAmount>()
      .as('o');
  }
  return db
    .selectFrom('patient_doctor_open as d')
    .select(['d.patient_id', 'd.oldest_open_day as oldest_day', 'd.open_bani as due_bani'])
    .where('d.doctor_id', '=', doctorId)
    .$castTo<OpenAmount>()
    .as('o');
}

/** How many patients owe, and how much in all (for a doctor: of their own charges; a location: there). */
export async function countReceivables(db: Kysely<Database>, scope: ReceivablesScope) {
  const row = await db
    .selectFrom(openAmounts(db, scope))
    .select([sql<string>`count(*)`.as('count'), total('o.due_bani').as('due_bani')])
    .executeTakeFirstOrThrow();
  return { count: toNumber(row.count), dueBani: toNumber(row.due_bani) };
}

/**
 * A page of the patients who owe, the oldest open charge first, then by file number. The amount due is the
 * patient's balance (admin), the open part of the doctor's own charges, or of the charges at the location.
 */
export async function findReceivables(
  db: Kysely<Database>,
  scope: ReceivablesScope,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom(openAmounts(db, scope))
    .innerJoin('patients', 'patients.id', 'o.patient_id')
    .select([
      'o.patient_id',
      'o.oldest_day',
      'o.due_bani',
      'patients.file_number',
      'patients.nume',
      'patients.prenume',
      'patients.telefon',
    ])
    .orderBy('o.oldest_day')
    .orderBy('patients.file_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

// ---- treatment plans accepted vs done ---------------------------------------------------------------

/** `case when at < end₁ then month₁ … end`: the clinic month of a timestamp already inside the range. */
function monthOf(column: string, months: readonly { month: string; end: string }[]): RawBuilder<string> {
  const branches = months.map(({ month, end }) => sql`when ${sql.ref(column)} < ${end} then ${month}`);
  return sql<string>`case ${sql.join(branches, sql` `)} end`;
}

function snapshotTotal(dialect: DialectName): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(signatures.snapshot::json ->> 'totalBani')::bigint`
    : sql<number>`json_extract(signatures.snapshot, '$.totalBani')`;
}

/**
 * Plans accepted (signed) per clinic month and doctor: how many, and the signed alternatives' totals. At a
 * location: the plans accepted there (migration 0030; a plan without one at the first).
 */
export async function sumAcceptedPlans(
  db: Kysely<Database>,
  dialect: DialectName,
  months: readonly { month: string; start: string; end: string }[],
  scope: DoctorLocationScope,
) {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  const { doctorId, location } = scope;
  const plans = db
    .selectFrom('treatment_plans')
    .innerJoin('signatures', 'signatures.id', 'treatment_plans.accepted_signature_id')
    .select([
      monthOf('signatures.signed_at', months).as('month'),
      'treatment_plans.doctor_id',
      'treatment_plans.doctor_name',
      snapshotTotal(dialect).as('total_bani'),
    ])
    .where('signatures.signed_at', '>=', first.start)
    .where('signatures.signed_at', '<', last.end)
    .$if(doctorId !== null, (query) => query.where('treatment_plans.doctor_id', '=', doctorId));
  const accepted =
    location === null ? plans : plans.where(locatedAt('treatment_plans.location_id', location));
  return db
    .selectFrom(accepted.as('a'))
    .select([
      'a.month',
      'a.doctor_id',
      sql<string>`max(a.doctor_name)`.as('doctor_name'),
      sql<string>`count(*)`.as('count'),
      total('a.total_bani').as('accepted_bani'),
    ])
    .groupBy(['a.month', 'a.doctor_id'])
    .execute();
}

/**
 * Plan items done per month and doctor: the charges of plan items, net of reversals, by their day. At a
 * location: the charges made there (a charge without one at the first).
 */
export async function sumDonePlanItems(
  db: Kysely<Database>,
  range: { firstDay: string; endDay: string },
  scope: DoctorLocationScope,
) {
  const { doctorId, location } = scope;
  const month = sql<string>`substr(charges.day, 1, 7)`;
  const charges = db
    .selectFrom('charges')
    .leftJoin('users', 'users.id', 'charges.doctor_id')
    .select([
      month.as('month'),
      'charges.doctor_id',
      sql<string>`max(users.nume)`.as('doctor_name'),
      total('charges.amount_bani').as('done_bani'),
    ])
    .where('charges.plan_id', 'is not', null)
    .where('charges.day', '>=', range.firstDay)
    .where('charges.day', '<', range.endDay)
    .$if(doctorId !== null, (query) => query.where('charges.doctor_id', '=', doctorId));
  const located = location === null ? charges : charges.where(locatedAt('charges.location_id', location));
  return located.groupBy([month, 'charges.doctor_id']).execute();
}

// ---- doctor commissions -----------------------------------------------------------------------------

/** Commissions: the allocations of the month; at a location, those to the charges made there. */
function commissionsIn(
  db: Kysely<Database>,
  range: { start: string; end: string },
  scope: DoctorLocationScope,
) {
  const { doctorId, location } = scope;
  const query = db
    .selectFrom('allocations')
    .innerJoin('charges', 'charges.id', 'allocations.charge_id')
    .leftJoin('users', 'users.id', 'allocations.doctor_id')
    .where('allocations.doctor_id', 'is not', null)
    .where('allocations.created_at', '>=', range.start)
    .where('allocations.created_at', '<', range.end)
    .$if(doctorId !== null, (narrowed) => narrowed.where('allocations.doctor_id', '=', doctorId));
  return location === null ? query : query.where(locatedAt('charges.location_id', location));
}

/** Per doctor: allocations in the month, what they settled and the commission on it. */
export async function sumCommissions(
  db: Kysely<Database>,
  range: { start: string; end: string },
  scope: DoctorLocationScope,
) {
  return commissionsIn(db, range, scope)
    .select([
      'allocations.doctor_id',
      'users.nume',
      sql<string>`count(*)`.as('count'),
      total('allocations.amount_bani').as('allocated_bani'),
      total('allocations.commission_bani').as('commission_bani'),
    ])
    .groupBy(['allocations.doctor_id', 'users.nume'])
    .orderBy('users.nume')
    .execute();
}

/** The allocations behind the commissions, per doctor then oldest first. */
export async function findCommissionLines(
  db: Kysely<Database>,
  range: { start: string; end: string },
  scope: DoctorLocationScope,
) {
  return commissionsIn(db, range, scope)
    .innerJoin('patients', 'patients.id', 'charges.patient_id')
    .select([
      'allocations.id',
      'allocations.created_at',
      'allocations.doctor_id',
      'users.nume',
      'charges.patient_id',
      'patients.nume as patient_nume',
      'patients.prenume as patient_prenume',
      'charges.description',
      'allocations.amount_bani',
      'allocations.commission_bani',
    ])
    .orderBy('users.nume')
    .orderBy('allocations.created_at')
    .orderBy('allocations.id')
    .execute();
}

/** True when the user exists (the cash report's user filter). */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
