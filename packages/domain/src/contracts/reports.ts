/**
 * The money reports (issue 13; decision 0025): daily cash report, monthly revenue per doctor and location,
 * accounts receivable, treatment plans accepted vs done, doctor commissions. Calls: GET /api/rapoarte/…,
 * each also as a CSV or XLSX download (`?format=csv|xlsx`). Amounts are integer bani.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../ledger';
import { signedAmountBani } from '../money';
import { isCalendarDay, isMonth, MAX_REPORT_MONTHS, monthsBetween, REPORT_FORMATS } from '../reports';

export const REPORT_MESSAGES = {
  day: 'Ziua nu este validă (AAAA-LL-ZZ).',
  month: 'Luna nu este validă (AAAA-LL).',
  range: 'Luna de început trebuie să fie cel mult luna de sfârșit.',
  rangeTooLong: `Intervalul poate cuprinde cel mult ${MAX_REPORT_MONTHS} de luni.`,
  page: 'Pagina trebuie să fie un număr întreg pozitiv.',
  format: 'Formatul exportului este csv sau xlsx.',
  user: 'Utilizatorul nu este valid.',
  location: 'Sediul nu este valid.',
  ownReceivablesLocation:
    'Creanțele pe sediu sunt ale întregii clinici; un medic își vede creanțele fără sediu.',
} as const;

const day = z.string(REPORT_MESSAGES.day).refine(isCalendarDay, REPORT_MESSAGES.day);
const month = z.string(REPORT_MESSAGES.month).refine(isMonth, REPORT_MESSAGES.month);
const format = z.enum(REPORT_FORMATS, REPORT_MESSAGES.format).optional();
const money = signedAmountBani;
/** A clinic group's location a report is narrowed to (issue 14): any of the clinic's, a closed one too. */
const location = z
  .string(REPORT_MESSAGES.location)
  .trim()
  .min(1, REPORT_MESSAGES.location)
  .max(100, REPORT_MESSAGES.location)
  .optional();
/** The location a report answer is narrowed to (`sediu`), or null: every location. */
const reportLocation = z.object({ id: z.string(), name: z.string() }).nullable();

/** GET /api/rapoarte/casa?zi=YYYY-MM-DD[&user=][&sediu=][&format=] */
export const cashReportQuery = z.strictObject({
  zi: day,
  user: z.string(REPORT_MESSAGES.user).trim().min(1, REPORT_MESSAGES.user).max(100).optional(),
  /** A clinic group's location (issue 14): the payments taken there. */
  sediu: location,
  format,
});
export type CashReportQuery = z.input<typeof cashReportQuery>;

/** GET /api/rapoarte/venituri?luna=YYYY-MM */
export const monthReportQuery = z.strictObject({ luna: month, format });
export type MonthReportQuery = z.input<typeof monthReportQuery>;

/** GET /api/rapoarte/comisioane?luna=YYYY-MM[&sediu=][&format=] */
export const commissionsReportQuery = z.strictObject({
  luna: month,
  /** A clinic group's location (issue 14): the allocations to the charges made there. */
  sediu: location,
  format,
});
export type CommissionsReportQuery = z.input<typeof commissionsReportQuery>;

/** GET /api/rapoarte/creante?page=[&sediu=] (the export holds every row) */
export const receivablesQuery = z.strictObject({
  page: z.coerce
    .number(REPORT_MESSAGES.page)
    .int(REPORT_MESSAGES.page)
    .min(1, REPORT_MESSAGES.page)
    .default(1),
  /** A clinic group's location (issue 14): what is open of the charges made there. */
  sediu: location,
  format,
});
export type ReceivablesQuery = z.input<typeof receivablesQuery>;

/** GET /api/rapoarte/planuri?de_la=YYYY-MM&pana_la=YYYY-MM[&sediu=][&format=] */
export const plansReportQuery = z
  .strictObject({
    de_la: month,
    pana_la: month,
    /** A clinic group's location (issue 14): the plans accepted there, the plan work done there. */
    sediu: location,
    format,
  })
  .refine((query) => query.de_la <= query.pana_la, { message: REPORT_MESSAGES.range, path: ['pana_la'] })
  .refine((query) => monthsBetween(query.de_la, query.pana_la).length <= MAX_REPORT_MONTHS, {
    message: REPORT_MESSAGES.rangeTooLong,
    path: ['pana_la'],
  });
export type PlansReportQuery = z.input<typeof plansReportQuery>;

/** Whose figures the answer holds: everyone's, or the signed-in user's only. */
const scope = z.enum(['all', 'own']);

// ---- daily cash report ------------------------------------------------------------------------------

const method = z.enum(PAYMENT_METHODS);
export const CASH_ROW_KINDS = ['încasare', 'rambursare', 'stornare'] as const;

export const cashMethodLine = z.object({
  method,
  count: z.number().int(),
  receiptsBani: money,
  /** Refunds and reversed payments, as a positive amount going out. */
  refundsBani: money,
  netBani: money,
});

export const cashUserLine = z.object({
  userId: z.string().nullable(),
  userName: z.string(),
  count: z.number().int(),
  receiptsBani: money,
  refundsBani: money,
  netBani: money,
  /** Of the net, what is cash (what this user hands over at the till). */
  cashNetBani: money,
});

export const cashPaymentLine = z.object({
  id: z.string(),
  createdAt: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  fileNumber: z.number().int(),
  method,
  kind: z.enum(CASH_ROW_KINDS),
  amountBani: money,
  receipt: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string(),
});
export type CashPaymentLine = z.infer<typeof cashPaymentLine>;

export const cashReport = z.object({
  day: z.string(),
  scope,
  userId: z.string().nullable(),
  /** Cash held when the day starts: every cash payment (refunds included) before it. */
  openingBani: money,
  /** Cash taken in on the day. */
  cashInBani: money,
  /** Cash given back on the day (refunds, reversed cash payments), positive. */
  cashOutBani: money,
  closingBani: money,
  methods: z.array(cashMethodLine),
  users: z.array(cashUserLine),
  payments: z.array(cashPaymentLine),
});
export type CashReport = z.infer<typeof cashReport>;

// ---- monthly revenue --------------------------------------------------------------------------------

export const revenueLine = z.object({
  locationId: z.string().nullable(),
  locationName: z.string(),
  doctorId: z.string().nullable(),
  doctorName: z.string(),
  /** Charges recorded in the month. */
  chargedBani: money,
  /** Reversals recorded in the month, positive. */
  reversedBani: money,
  netChargedBani: money,
  /** Payments allocated in the month to this doctor's charges at this location (net of reversals). */
  paidBani: money,
});
export type RevenueLine = z.infer<typeof revenueLine>;

export const revenueLocation = z.object({
  locationId: z.string().nullable(),
  locationName: z.string(),
  netChargedBani: money,
  paidBani: money,
});

export const revenueReport = z.object({
  month: z.string(),
  scope,
  lines: z.array(revenueLine),
  locations: z.array(revenueLocation),
  totals: z.object({ chargedBani: money, reversedBani: money, netChargedBani: money, paidBani: money }),
});
export type RevenueReport = z.infer<typeof revenueReport>;

// ---- accounts receivable ----------------------------------------------------------------------------

export const receivableLine = z.object({
  patientId: z.string(),
  fileNumber: z.number().int(),
  patientName: z.string(),
  telefon: z.string(),
  dueBani: money,
  oldestOpenDay: z.string(),
  daysOverdue: z.number().int(),
});
export type ReceivableLine = z.infer<typeof receivableLine>;

export const receivablesReport = z.object({
  day: z.string(),
  scope,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalDueBani: money,
  location: reportLocation,
  lines: z.array(receivableLine),
});
export type ReceivablesReport = z.infer<typeof receivablesReport>;

// ---- treatment plans accepted vs done ---------------------------------------------------------------

export const plansReportLine = z.object({
  month: z.string(),
  doctorId: z.string().nullable(),
  doctorName: z.string(),
  acceptedCount: z.number().int(),
  /** The accepted alternatives' totals, as signed. */
  acceptedBani: money,
  /** Plan items done in the month: their charges, net of reversals. */
  doneBani: money,
});
export type PlansReportLine = z.infer<typeof plansReportLine>;

export const plansReport = z.object({
  from: z.string(),
  to: z.string(),
  scope,
  location: reportLocation,
  lines: z.array(plansReportLine),
  months: z.array(
    z.object({ month: z.string(), acceptedCount: z.number().int(), acceptedBani: money, doneBani: money }),
  ),
});
export type PlansReport = z.infer<typeof plansReport>;

// ---- doctor commissions -----------------------------------------------------------------------------

export const commissionDoctorLine = z.object({
  doctorId: z.string(),
  doctorName: z.string(),
  count: z.number().int(),
  allocatedBani: money,
  commissionBani: money,
});

export const commissionLine = z.object({
  allocationId: z.string(),
  createdAt: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  description: z.string(),
  allocatedBani: money,
  commissionBani: money,
});
export type CommissionLine = z.infer<typeof commissionLine>;

export const commissionsReport = z.object({
  month: z.string(),
  scope,
  location: reportLocation,
  doctors: z.array(commissionDoctorLine),
  lines: z.array(commissionLine),
  totals: z.object({ allocatedBani: money, commissionBani: money }),
});
export type CommissionsReport = z.infer<typeof commissionsReport>;
