import type { Kysely } from 'kysely';
import type {
  CashReport,
  CommissionsReport,
  PlansReport,
  ReceivablesReport,
  RevenueLine,
  RevenueReport,
} from '@odonto/domain/contracts/reports';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import { REPORT_MESSAGES } from '@odonto/domain/contracts/reports';
import { toIsoDay } from '@odonto/domain/dates';
import { PAYMENT_METHODS, type PaymentMethod } from '@odonto/domain/ledger';
import {
  daysOverdue,
  MAIN_LOCATION_LABEL,
  monthDays,
  monthInstants,
  monthsBetween,
  RECEIVABLES_PAGE_SIZE,
  type ReportScope,
} from '@odonto/domain/reports';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { AppError } from '../../plugins/errors';
import { findLocations } from '../locations/locations.queries';
import {
  countReceivables,
  findCommissionLines,
  findDayPayments,
  findReceivables,
  sumAcceptedPlans,
  sumAllocatedByDoctor,
  sumCashBefore,
  sumChargesByDoctor,
  sumCommissions,
  sumDayByMethod,
  sumDayByUser,
  sumDonePlanItems,
  toNumber,
  userExists,
  type CashScope,
  type DoctorLocationScope,
  type ReportLocation,
} from './reports.queries';

export interface ReportsDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => Date;
}

const NO_DOCTOR = 'Fără medic';
const NO_USER = 'Utilizator necunoscut';

const narrowedTo = (scope: ReportScope): string | null => (scope.kind === 'own' ? scope.userId : null);
const personName = (nume: string, prenume: string) => `${nume} ${prenume}`.trim();

/**
 * GET /api/rapoarte/casa: the day's payments per method and per user, the cash held when the day starts
 * and ends, and the list of payments. A doctor sees only the payments they took; a user filter narrows
 * the whole report (the opening balance too) to one cashier.
 */
export async function cashReport(
  deps: ReportsDeps,
  scope: ReportScope,
  query: { zi: string; user?: string | undefined; sediu?: string | undefined },
): Promise<CashReport> {
  const own = narrowedTo(scope);
  if (own === null && query.user !== undefined && !(await userExists(deps.db, query.user))) {
    throw new AppError(400, 'invalid_input', REPORT_MESSAGES.user, {
      fields: { user: REPORT_MESSAGES.user },
    });
  }
  const userId = own ?? query.user ?? null;
  const counted: CashScope = {
    userId,
    location: query.sediu === undefined ? null : await reportLocation(deps.db, query.sediu),
  };
  const [opening, methods, users, payments] = await Promise.all([
    sumCashBefore(deps.db, query.zi, counted),
    sumDayByMethod(deps.db, query.zi, counted),
    sumDayByUser(deps.db, query.zi, counted),
    findDayPayments(deps.db, query.zi, counted),
  ]);
  const byMethod = new Map(methods.map((row) => [row.method, row]));
  const methodLines = PAYMENT_METHODS.map((method: PaymentMethod) => {
    const row = byMethod.get(method);
    const receiptsBani = toNumber(row?.in_bani);
    const refundsBani = toNumber(row?.out_bani);
    return {
      method,
      count: toNumber(row?.count),
      receiptsBani,
      refundsBani,
      netBani: receiptsBani - refundsBani,
    };
  });
  const cash = methodLines.find((line) => line.method === 'numerar');
  const cashInBani = cash?.receiptsBani ?? 0;
  const cashOutBani = cash?.refundsBani ?? 0;
  return {
    day: query.zi,
    scope: scope.kind,
    userId,
    openingBani: opening,
    cashInBani,
    cashOutBani,
    closingBani: opening + cashInBani - cashOutBani,
    methods: methodLines,
    users: users.map((row) => {
      const receiptsBani = toNumber(row.in_bani);
      const refundsBani = toNumber(row.out_bani);
      return {
        userId: row.created_by,
        userName: row.nume ?? NO_USER,
        count: toNumber(row.count),
        receiptsBani,
        refundsBani,
        netBani: receiptsBani - refundsBani,
        cashNetBani: toNumber(row.cash_bani),
      };
    }),
    payments: payments.map((row) => {
      const amountBani = toNumber(row.amount_bani);
      return {
        id: row.id,
        createdAt: row.created_at,
        patientId: row.patient_id,
        patientName: personName(row.patient_nume, row.patient_prenume),
        fileNumber: toNumber(row.file_number),
        method: row.method as PaymentMethod,
        kind: amountBani >= 0 ? 'încasare' : row.reverses_id ? 'stornare' : 'rambursare',
        amountBani,
        receipt:
          row.receipt_series && row.receipt_number !== null
            ? `${row.receipt_series} ${toNumber(row.receipt_number)}`
            : null,
        userId: row.created_by,
        userName: row.user_nume ?? NO_USER,
      };
    }),
  };
}

/**
 * GET /api/rapoarte/venituri: per location and doctor, the charges of the month net of reversals and the
 * payments allocated in the month to their charges.
 */
export async function revenueReport(
  deps: ReportsDeps,
  scope: ReportScope,
  month: string,
): Promise<RevenueReport> {
  const doctorId = narrowedTo(scope);
  const [charged, paid, locationRows] = await Promise.all([
    sumChargesByDoctor(deps.db, monthDays(month), doctorId),
    sumAllocatedByDoctor(deps.db, monthInstants(month), doctorId),
    findLocations(deps.db),
  ]);
  const names = new Map(locationRows.map((row) => [row.id, row.name]));
  // Money recorded before the clinic had locations (migration 0028) was earned at its first location.
  const firstLocationId = locationRows[0]?.id ?? null;
  const lines = new Map<string, RevenueLine>();
  const lineOf = (row: { location_id: string | null; doctor_id: string | null; nume: string | null }) => {
    const locationId = row.location_id ?? firstLocationId;
    const key = JSON.stringify([locationId, row.doctor_id]);
    let line = lines.get(key);
    if (!line) {
      line = {
        locationId,
        locationName: (locationId === null ? undefined : names.get(locationId)) ?? MAIN_LOCATION_LABEL,
        doctorId: row.doctor_id,
        doctorName: row.nume ?? NO_DOCTOR,
        chargedBani: 0,
        reversedBani: 0,
        netChargedBani: 0,
        paidBani: 0,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const row of charged) {
    const line = lineOf(row);
    line.chargedBani += toNumber(row.charged_bani);
    line.reversedBani += toNumber(row.reversed_bani);
    line.netChargedBani += toNumber(row.net_bani);
  }
  for (const row of paid) lineOf(row).paidBani += toNumber(row.paid_bani);
  const sorted = [...lines.values()].sort(
    (a, b) =>
      a.locationName.localeCompare(b.locationName, 'ro') || a.doctorName.localeCompare(b.doctorName, 'ro'),
  );
  const locations = new Map<string, RevenueReport['locations'][number]>();
  for (const line of sorted) {
    const key = line.locationId ?? '';
    const location = locations.get(key) ?? {
      locationId: line.locationId,
      locationName: line.locationName,
      netChargedBani: 0,
      paidBani: 0,
    };
    location.netChargedBani += line.netChargedBani;
    location.paidBani += line.paidBani;
    locations.set(key, location);
  }
  const sum = (pick: (line: RevenueLine) => number) => sorted.reduce((acc, line) => acc + pick(line), 0);
  return {
    month,
    scope: scope.kind,
    lines: sorted,
    locations: [...locations.values()],
    totals: {
      chargedBani: sum((line) => line.chargedBani),
      reversedBani: sum((line) => line.reversedBani),
      netChargedBani: sum((line) => line.netChargedBani),
      paidBani: sum((line) => line.paidBani),
    },
  };
}

/**
 * GET /api/rapoarte/creante: the patients with a balance to pay, the oldest open charge first; `page` null
 * gives every row (the export). With `sediu` (a clinic group): what is open of the charges made there, per
 * patient (an advance not yet allocated belongs to no location, so it is not subtracted). A doctor's
 * receivables are of their own charges, not by location (400 with `sediu`).
 */
export async function receivablesReport(
  deps: ReportsDeps,
  scope: ReportScope,
  query: { page: number | null; sediu?: string | undefined },
): Promise<ReceivablesReport> {
  const { page } = query;
  const doctorId = narrowedTo(scope);
  if (doctorId !== null && query.sediu !== undefined) {
    throw new AppError(400, 'invalid_input', REPORT_MESSAGES.ownReceivablesLocation, {
      fields: { sediu: REPORT_MESSAGES.ownReceivablesLocation },
    });
  }
  const location = query.sediu === undefined ? null : await reportLocation(deps.db, query.sediu);
  const counted = { doctorId, locationId: location?.id ?? null };
  const today = toIsoDay(deps.now());
  const summary = await countReceivables(deps.db, counted);
  const limit = page === null ? Math.max(summary.count, 1) : RECEIVABLES_PAGE_SIZE;
  const offset = page === null ? 0 : (page - 1) * RECEIVABLES_PAGE_SIZE;
  const rows = offset < summary.count ? await findReceivables(deps.db, counted, { limit, offset }) : [];
  return {
    day: today,
    scope: scope.kind,
    page: page ?? 1,
    pageSize: page === null ? summary.count : RECEIVABLES_PAGE_SIZE,
    total: summary.count,
    totalDueBani: summary.dueBani,
    location: location && { id: location.id, name: location.name },
    lines: rows.map((row) => ({
      patientId: row.patient_id,
      fileNumber: toNumber(row.file_number),
      patientName: personName(row.nume, row.prenume),
      telefon: row.telefon,
      dueBani: toNumber(row.due_bani),
      oldestOpenDay: row.oldest_day,
      daysOverdue: daysOverdue(row.oldest_day, today),
    })),
  };
}

/**
 * GET /api/rapoarte/planuri: per month and doctor, plans accepted (count, signed total) and items done. With
 * `sediu` (a clinic group): the plans accepted there and the plan work charged there (a doctor: their own).
 */
export async function plansReport(
  deps: ReportsDeps,
  scope: ReportScope,
  query: { de_la: string; pana_la: string; sediu?: string | undefined },
): Promise<PlansReport> {
  const { de_la: from, pana_la: to } = query;
  const location = query.sediu === undefined ? null : await reportLocation(deps.db, query.sediu);
  const counted: DoctorLocationScope = { doctorId: narrowedTo(scope), location };
  const months = monthsBetween(from, to).map((month) => ({ month, ...monthInstants(month) }));
  const [accepted, done] = await Promise.all([
    sumAcceptedPlans(deps.db, deps.dialect, months, counted),
    sumDonePlanItems(deps.db, { firstDay: monthDays(from).firstDay, endDay: monthDays(to).endDay }, counted),
  ]);
  const lines = new Map<string, PlansReport['lines'][number]>();
  const lineOf = (month: string, doctorIdOf: string | null, name: string | null) => {
    const key = JSON.stringify([month, doctorIdOf]);
    let line = lines.get(key);
    if (!line) {
      line = {
        month,
        doctorId: doctorIdOf,
        doctorName: name ?? NO_DOCTOR,
        acceptedCount: 0,
        acceptedBani: 0,
        doneBani: 0,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const row of accepted) {
    const line = lineOf(row.month, row.doctor_id, row.doctor_name);
    line.acceptedCount = toNumber(row.count);
    line.acceptedBani = toNumber(row.accepted_bani);
  }
  for (const row of done)
    lineOf(row.month, row.doctor_id, row.doctor_name).doneBani = toNumber(row.done_bani);
  const sorted = [...lines.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.doctorName.localeCompare(b.doctorName, 'ro'),
  );
  return {
    from,
    to,
    scope: scope.kind,
    location: location && { id: location.id, name: location.name },
    lines: sorted,
    months: months.map(({ month }) => {
      const of = sorted.filter((line) => line.month === month);
      return {
        month,
        acceptedCount: of.reduce((acc, line) => acc + line.acceptedCount, 0),
        acceptedBani: of.reduce((acc, line) => acc + line.acceptedBani, 0),
        doneBani: of.reduce((acc, line) => acc + line.doneBani, 0),
      };
    }),
  };
}

/**
 * The location a report is narrowed to (`?sediu=`): any of the clinic's, a closed one too (its history stays
 * reportable); 404 for an id the clinic never had. `isFirst`: rows from before locations count there.
 */
async function reportLocation(
  db: Kysely<Database>,
  locationId: string,
): Promise<ReportLocation & { name: string }> {
  const locations = await findLocations(db);
  const location = locations.find((place) => place.id === locationId);
  if (!location) throw new AppError(404, 'not_found', LOCATION_MESSAGES.notFound);
  return { id: location.id, name: location.name, isFirst: locations[0]?.id === location.id };
}

/**
 * GET /api/rapoarte/comisioane: per doctor, the commissions on the payments allocated in the month; with
 * `sediu`, only the allocations to the charges made at that location.
 */
export async function commissionsReport(
  deps: ReportsDeps,
  scope: ReportScope,
  query: { luna: string; sediu?: string | undefined },
): Promise<CommissionsReport> {
  const month = query.luna;
  const location = query.sediu === undefined ? null : await reportLocation(deps.db, query.sediu);
  const counted: DoctorLocationScope = { doctorId: narrowedTo(scope), location };
  const range = monthInstants(month);
  const [doctors, lines] = await Promise.all([
    sumCommissions(deps.db, range, counted),
    findCommissionLines(deps.db, range, counted),
  ]);
  const doctorLines = doctors.map((row) => ({
    doctorId: row.doctor_id ?? '',
    doctorName: row.nume ?? NO_DOCTOR,
    count: toNumber(row.count),
    allocatedBani: toNumber(row.allocated_bani),
    commissionBani: toNumber(row.commission_bani),
  }));
  return {
    month,
    scope: scope.kind,
    location: location && { id: location.id, name: location.name },
    doctors: doctorLines,
    lines: lines.map((row) => ({
      allocationId: row.id,
      createdAt: row.created_at,
      doctorId: row.doctor_id ?? '',
      doctorName: row.nume ?? NO_DOCTOR,
      patientId: row.patient_id,
      patientName: personName(row.patient_nume, row.patient_prenume),
      description: row.description,
      allocatedBani: toNumber(row.amount_bani),
      commissionBani: toNumber(row.commission_bani),
    })),
    totals: {
      allocatedBani: doctorLines.reduce((acc, line) => acc + line.allocatedBani, 0),
      commissionBani: doctorLines.reduce((acc, line) => acc + line.commissionBani, 0),
    },
  };
}
