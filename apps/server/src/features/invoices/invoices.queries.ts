import { sql, type Kysely } from 'kysely';
import type {
  Database,
  EfacturaSubmissionStateColumn,
  FileRow,
  InvoiceLineRow,
  InvoiceLinesTable,
  InvoiceRow,
  InvoicesTable,
} from '../../db/database';
import { countUpTo } from '../../db/capped-count.queries';
import { readSettingText, swapSettingText } from '../../db/settings.queries';

const SETTINGS_KEY = 'invoices';

/** The counter that numbers a series (an invoice series and a credit-note series may be the same). */
export function seriesCounter(series: string): string {
  return `invoice-series:${series}`;
}

export async function readInvoiceSettingsText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, SETTINGS_KEY);
}

/** Replaces the series settings only if they are still `previous` (null: never saved); false otherwise. */
export async function swapInvoiceSettingsText(
  trx: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(trx, SETTINGS_KEY, previous, value, at);
}

/** The last number a series gave (0 when it gave none). */
export async function lastNumberOf(db: Kysely<Database>, series: string): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', seriesCounter(series))
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** How many documents a series holds. */
export async function countInSeries(db: Kysely<Database>, series: string): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('series', '=', series)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets where an unused series starts: its counter holds the number before the first. */
export async function setSeriesStart(trx: Kysely<Database>, series: string, start: number): Promise<void> {
  await trx
    .insertInto('counters')
    .values({ name: seriesCounter(series), value: start - 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: start - 1 }))
    .execute();
}

export async function insertInvoice(trx: Kysely<Database>, row: InvoicesTable): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
}

export async function insertInvoiceLines(trx: Kysely<Database>, rows: InvoiceLinesTable[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('invoice_lines').values(rows).execute();
}

/**
 * Puts the charges on the invoice; answers false (and inserts nothing that matters: the caller rolls back)
 * when one of them is already on a live invoice, also when two issues race for it.
 */
export async function claimCharges(
  trx: Kysely<Database>,
  chargeIds: readonly string[],
  invoiceId: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('invoiced_charges')
    .values(chargeIds.map((chargeId) => ({ charge_id: chargeId, invoice_id: invoiceId, created_at: at })))
    .onConflict((oc) => oc.column('charge_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === chargeIds.length;
}

/** A credit note frees its invoice's charges (they can be invoiced again). */
export async function releaseCharges(trx: Kysely<Database>, invoiceId: string): Promise<void> {
  await trx.deleteFrom('invoiced_charges').where('invoice_id', '=', invoiceId).execute();
}

/** The ids among `chargeIds` that are on a live invoice. */
export async function findInvoicedChargeIds(
  db: Kysely<Database>,
  chargeIds: readonly string[],
): Promise<Set<string>> {
  if (chargeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('invoiced_charges')
    .select('charge_id')
    .where('charge_id', 'in', [...chargeIds])
    .execute();
  return new Set(rows.map((row) => row.charge_id));
}

export type InvoiceWithNames = InvoiceRow & {
  patient_name: string;
  patient_medic_norm: string;
  created_by_name: string | null;
  efactura_state: string | null;
};

function invoiceSelect(db: Kysely<Database>) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('patients as p', 'p.id', 'i.patient_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .leftJoin('efactura_submissions as s', 's.document_id', 'i.id')
    .selectAll('i')
    .select((eb) => [
      sql<string>`${eb.ref('p.nume')} || ' ' || ${eb.ref('p.prenume')}`.as('patient_name'),
      'p.medic_norm as patient_medic_norm',
      'u.nume as created_by_name',
      's.state as efactura_state',
    ]);
}

export async function findInvoice(db: Kysely<Database>, id: string): Promise<InvoiceWithNames | undefined> {
  return invoiceSelect(db).where('i.id', '=', id).executeTakeFirst();
}

/** The credit note that reverses each of `ids`. */
export async function findCreditNotesOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, Pick<InvoiceRow, 'id' | 'series' | 'number' | 'issue_date'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'series', 'number', 'issue_date', 'reverses_id'])
    .where('reverses_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.reverses_id ?? '', row]));
}

/** The invoices `ids` (the ones credit notes reverse). */
export async function findInvoicesByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, Pick<InvoiceRow, 'id' | 'series' | 'number' | 'issue_date'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'series', 'number', 'issue_date'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findInvoiceLines(db: Kysely<Database>, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

export interface InvoiceFilter {
  /** 'YYYY-MM' */
  month?: string;
  series?: string;
  state?: string;
  patientId?: string;
  /** A doctor's narrowed view: only patients whose `medic` is this (normalised) name. */
  medicNorm?: string;
}

function filteredInvoices(db: Kysely<Database>, filter: InvoiceFilter) {
  let query = invoiceSelect(db);
  if (filter.month) {
    query = query
      .where('i.issue_date', '>=', `${filter.month}-01`)
      .where('i.issue_date', '<=', `${filter.month}-31`);
  }
  if (filter.series) query = query.where('i.series', '=', filter.series);
  if (filter.state) query = query.where('s.state', '=', filter.state as EfacturaSubmissionStateColumn);
  if (filter.patientId) query = query.where('i.patient_id', '=', filter.patientId);
  if (filter.medicNorm !== undefined) query = query.where('p.medic_norm', '=', filter.medicNorm);
  return query;
}

/** A page of the documents the filter matches, the newest first. */
export async function findInvoices(
  db: Kysely<Database>,
  filter: InvoiceFilter,
  page: { limit: number; offset: number },
): Promise<InvoiceWithNames[]> {
  return filteredInvoices(db, filter)
    .orderBy('i.issue_date', 'desc')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many documents the filter matches, up to `limit` (countLimit in contracts/paging.ts). */
export async function countInvoices(
  db: Kysely<Database>,
  filter: InvoiceFilter,
  limit: number,
): Promise<number> {
  return countUpTo(db, filteredInvoices(db, filter), limit);
}

/** The stored ANAF answer ZIP of a document (features/efactura keeps it as a file), if there is one. */
export async function findAnswerFile(db: Kysely<Database>, documentId: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('efactura_submissions as s')
    .innerJoin('files as f', 'f.id', 's.answer_file_id')
    .selectAll('f')
    .where('s.document_id', '=', documentId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface MonthDocument {
  id: string;
  series: string;
  number: number;
  kind: string;
  xml: string;
  answer: FileRow | null;
}

/** Every document issued in a month ('YYYY-MM'), with its answer file when ANAF's answer is stored. */
export async function findMonthDocuments(db: Kysely<Database>, month: string): Promise<MonthDocument[]> {
  const rows = await db
    .selectFrom('invoices as i')
    .leftJoin('efactura_submissions as s', 's.document_id', 'i.id')
    .leftJoin('files as f', (join) =>
      join.onRef('f.id', '=', 's.answer_file_id').on('f.deleted_at', 'is', null),
    )
    .select(['i.id', 'i.series', 'i.number', 'i.kind', 'i.xml', 'f.id as file_id'])
    .where('i.issue_date', '>=', `${month}-01`)
    .where('i.issue_date', '<=', `${month}-31`)
    .orderBy('i.series')
    .orderBy('i.number')
    .execute();
  const fileIds = rows.flatMap((row) => (row.file_id ? [row.file_id] : []));
  const files =
    fileIds.length === 0 ? [] : await db.selectFrom('files').selectAll().where('id', 'in', fileIds).execute();
  const byId = new Map(files.map((file) => [file.id, file]));
  return rows.map((row) => ({
    id: row.id,
    series: row.series,
    number: Number(row.number),
    kind: row.kind,
    xml: row.xml,
    answer: row.file_id ? (byId.get(row.file_id) ?? null) : null,
  }));
}
