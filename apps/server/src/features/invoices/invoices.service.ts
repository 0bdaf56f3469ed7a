import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LOCATION_SELLER_MESSAGES, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import {
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceListResponse,
  type invoiceListQuery,
  type issueInvoiceRequest,
  type PatientInvoicesResponse,
} from '@odonto/domain/contracts/invoices';
import { countLimit, pagedTotal } from '@odonto/domain/contracts/paging';
import { DEFAULT_VAT_SETTINGS, vatSettings } from '@odonto/domain/contracts/price-list';
import { toIsoDay } from '@odonto/domain/dates';
import { documentNumber, type EInvoiceDocument, type EInvoiceSeller } from '@odonto/domain/efactura';
import { cifDigits } from '@odonto/domain/efactura-sending';
import { seriesForDocument } from '@odonto/domain/invoice-series';
import { countyByName } from '@odonto/domain/places';
import { can } from '@odonto/domain/roles';
import { normalizeSearchText } from '@odonto/domain/text';
import type { z } from 'zod';
import type { Clock } from '../../app-types';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { readClinic } from '../clinic/clinic.service';
import { ownSellerOf } from '../clinic/location-seller.service';
import {
  connectionCifs as readConnectionCifs,
  findSubmission,
  queueSubmission,
} from '../efactura/efactura-submissions';
import { findChargesForInvoice } from '../ledger/invoiceable-charges.queries';
import { findLivePatient, lockLivePatient } from '../patients/live-patient.queries';
import { readVatText } from '../price-list/price-list.queries';
import { buildUblInvoice } from './ubl-invoice';
import { buyerOf, lineOf, sellerOf, validDocument } from './invoice-document';
import { readInvoiceSettings } from './invoice-settings.service';
import { parseDocument, toInvoice, toListItem } from './invoices.presenter';
import {
  claimCharges,
  countInvoices,
  findCreditNotesOf,
  findInvoice,
  findInvoiceLines,
  findInvoicedChargeIds,
  findInvoices,
  findInvoicesByIds,
  insertInvoice,
  insertInvoiceLines,
  releaseCharges,
  seriesCounter,
  type InvoiceFilter,
  type InvoiceWithNames,
} from './invoices.queries';

export interface InvoicesDeps {
  db: Kysely<Database>;
  now: Clock;
}

/** A doctor (no right to issue) sees only the invoices of their own patients (`patients.medic`). */
export function medicScope(user: SessionUser): string | undefined {
  return can(user.roles, 'issue:invoice') ? undefined : normalizeSearchText(user.nume);
}

async function exemptionText(db: Kysely<Database>): Promise<string> {
  const text = await readVatText(db);
  if (text === null) return DEFAULT_VAT_SETTINGS.exemptionText;
  try {
    const parsed = vatSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.exemptionText : DEFAULT_VAT_SETTINGS.exemptionText;
  } catch {
    return DEFAULT_VAT_SETTINGS.exemptionText;
  }
}

interface StoredDocument {
  id: string;
  doc: EInvoiceDocument;
  patientId: string;
  locationId: string | null;
  buyerName: string;
  reversesId: string | null;
  reason: string | null;
  chargeIds: (string | null)[];
}

/** Writes an issued document, its lines and its e-Factura submission in `trx`; answers the XML. */
async function storeDocument(
  trx: Kysely<Database>,
  at: Date,
  actor: AuditActor,
  stored: StoredDocument,
): Promise<void> {
  const doc = validDocument(stored.doc);
  const { xml, totals } = buildUblInvoice(doc);
  const when = at.toISOString();
  try {
    await insertInvoice(trx, {
      id: stored.id,
      kind: doc.kind,
      series: doc.series,
      number: doc.number,
      patient_id: stored.patientId,
      location_id: stored.locationId,
      issue_date: doc.issueDate,
      buyer_kind: doc.buyer.kind,
      buyer_name: stored.buyerName,
      document: JSON.stringify(doc),
      xml,
      tax_exclusive_bani: totals.taxExclusiveBani,
      vat_bani: totals.vatBani,
      total_bani: totals.taxInclusiveBani,
      payable_bani: totals.payableBani,
      reverses_id: stored.reversesId,
      reason: stored.reason,
      created_by: actor.userId,
      created_at: when,
      updated_at: when,
      version: 1,
    });
  } catch (error) {
    if (stored.reversesId && isUniqueViolation(error)) {
      throw new AppError(409, 'conflict', INVOICE_MESSAGES.alreadyReversed);
    }
    throw error;
  }
  await insertInvoiceLines(
    trx,
    doc.lines.map((line, index) => ({
      id: randomUUID(),
      invoice_id: stored.id,
      position: index + 1,
      charge_id: stored.chargeIds[index] ?? null,
      name: line.name,
      quantity: line.quantity,
      unit_price_bani: line.unitPriceBani,
      vat_rate_bp: line.vatRateBp,
      total_bani: line.totalBani,
      created_at: when,
    })),
  );
  await queueSubmission(trx, {
    documentId: stored.id,
    kind: doc.kind,
    b2c: doc.buyer.kind === 'person',
    xml,
    cif: doc.seller.cui,
    at,
  });
  await writeAudit(trx, at, actor, {
    action: doc.kind === 'invoice' ? 'invoice_issue' : 'invoice_storno',
    entity: 'invoice',
    entityId: stored.id,
    patientId: stored.patientId,
    details: {
      number: documentNumber(doc.series, doc.number),
      totalBani: totals.taxInclusiveBani,
      ...(stored.reversesId ? { reverses: stored.reversesId } : {}),
    },
  });
}

/**
 * The seller of an invoice issued at `locationId`: the location's own (decision 0050), else the clinic's. The
 * e-Factura connection uploads for the CIFs in its settings (else the clinic's): a location's seller with
 * another CIF is refused (409) rather than sent to ANAF under a CIF the connection was not set up for.
 */
async function sellerAt(
  trx: Kysely<Database>,
  clinic: ClinicSettings,
  connectionCifs: readonly string[],
  locationId: string | null,
): Promise<EInvoiceSeller> {
  const own = await ownSellerOf(trx, locationId);
  if (own === null) return sellerOf(clinic);
  const seller = sellerOf(own);
  const allowed = connectionCifs.length > 0 ? connectionCifs : [cifDigits(clinic.cui)];
  if (!allowed.includes(cifDigits(seller.cui))) {
    throw new AppError(409, 'conflict', LOCATION_SELLER_MESSAGES.otherCif(seller.cui, allowed));
  }
  return seller;
}

/**
 * POST /api/facturi: issues an invoice for picked charges of a patient, numbered and queued in one transaction.
 * Its location is the first picked charge's; its series that location's own, else the clinic's.
 */
export async function issueInvoice(
  deps: InvoicesDeps,
  actor: AuditActor,
  input: z.output<typeof issueInvoiceRequest>,
): Promise<Invoice> {
  const clinic: ClinicSettings = await readClinic(deps.db);
  const connectionCifs = await readConnectionCifs(deps.db);
  const exemption = await exemptionText(deps.db);
  const settings = await readInvoiceSettings(deps.db);
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.now();
    const patient = await lockLivePatient(trx, input.patientId);
    if (!patient) throw new AppError(404, 'not_found', INVOICE_MESSAGES.patientNotFound);
    const found = await findChargesForInvoice(trx, input.patientId, input.chargeIds);
    const byId = new Map(found.map((charge) => [charge.id, charge]));
    const charges = input.chargeIds.map((chargeId) => byId.get(chargeId));
    if (charges.some((charge) => charge === undefined)) {
      throw new AppError(400, 'invalid_input', INVOICE_MESSAGES.chargeUnknown, {
        fields: { chargeIds: INVOICE_MESSAGES.chargeUnknown },
      });
    }
    const picked = charges.filter((charge) => charge !== undefined);
    if ((await findInvoicedChargeIds(trx, input.chargeIds)).size > 0) {
      throw new AppError(409, 'conflict', INVOICE_MESSAGES.chargeInvoiced);
    }
    const locationId = picked[0]?.locationId ?? null;
    const seller = await sellerAt(trx, clinic, connectionCifs, locationId);
    const series = seriesForDocument(settings, settings.locations, locationId, 'invoice');
    const number = await nextCounterValue(trx, seriesCounter(series));
    const issueDate = toIsoDay(at);
    const buyer = buyerOf(input.buyer);
    const doc: EInvoiceDocument = {
      kind: 'invoice',
      series,
      number,
      issueDate,
      ...(input.dueDate ? { dueDate: input.dueDate } : {}),
      currency: 'RON',
      seller,
      buyer,
      lines: picked.map((charge) => lineOf(charge, seller.vatPayer)),
      exemptionText: exemption,
      ...(input.note ? { note: input.note } : {}),
    };
    await storeDocument(trx, at, actor, {
      id,
      doc,
      patientId: patient.id,
      locationId,
      buyerName: buyer.name,
      reversesId: null,
      reason: null,
      chargeIds: picked.map((charge) => charge.id),
    });
    if (!(await claimCharges(trx, input.chargeIds, id, at.toISOString()))) {
      throw new AppError(409, 'conflict', INVOICE_MESSAGES.chargeInvoiced);
    }
  });
  return readInvoice(deps.db, id, undefined);
}

/** POST /api/facturi/{id}/storno: a credit note reversing the whole invoice; its charges can be invoiced again. */
export async function stornoInvoice(
  deps: InvoicesDeps,
  actor: AuditActor,
  invoiceId: string,
  reason: string,
): Promise<Invoice> {
  const original = await findInvoice(deps.db, invoiceId);
  if (!original) throw new AppError(404, 'not_found', INVOICE_MESSAGES.notFound);
  if (original.kind !== 'invoice') throw new AppError(409, 'conflict', INVOICE_MESSAGES.creditOfCredit);
  if ((await findCreditNotesOf(deps.db, [invoiceId])).size > 0) {
    throw new AppError(409, 'conflict', INVOICE_MESSAGES.alreadyReversed);
  }
  const settings = await readInvoiceSettings(deps.db);
  const lines = await findInvoiceLines(deps.db, invoiceId);
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.now();
    const invoiceDoc = parseDocument(original);
    // The credit-note series of the location the reversed invoice was issued for (else the clinic's).
    const series = seriesForDocument(settings, settings.locations, original.location_id, 'credit-note');
    const number = await nextCounterValue(trx, seriesCounter(series));
    const { dueDate: _dueDate, prepaidBani: _prepaid, note: _note, ...rest } = invoiceDoc;
    const doc: EInvoiceDocument = {
      ...rest,
      kind: 'credit-note',
      series,
      number,
      issueDate: toIsoDay(at),
      note: `Stornare: ${reason}`.slice(0, 300),
      billingReference: {
        series: invoiceDoc.series,
        number: invoiceDoc.number,
        issueDate: invoiceDoc.issueDate,
      },
    };
    await storeDocument(trx, at, actor, {
      id,
      doc,
      patientId: original.patient_id,
      locationId: original.location_id,
      buyerName: original.buyer_name,
      reversesId: original.id,
      reason,
      chargeIds: lines.map((line) => line.charge_id),
    });
    await releaseCharges(trx, original.id);
  });
  return readInvoice(deps.db, id, undefined);
}

async function visibleInvoice(
  db: Kysely<Database>,
  invoiceId: string,
  scope: string | undefined,
): Promise<InvoiceWithNames> {
  const row = await findInvoice(db, invoiceId);
  // A doctor asking for another doctor's patient's invoice learns nothing, not even that it exists.
  if (!row || (scope !== undefined && row.patient_medic_norm !== scope)) {
    throw new AppError(404, 'not_found', INVOICE_MESSAGES.notFound);
  }
  return row;
}

/** GET /api/facturi/{id} */
export async function readInvoice(
  db: Kysely<Database>,
  invoiceId: string,
  scope: string | undefined,
): Promise<Invoice> {
  const row = await visibleInvoice(db, invoiceId, scope);
  const lines = await findInvoiceLines(db, row.id);
  const reverses = row.reverses_id
    ? (await findInvoicesByIds(db, [row.reverses_id])).get(row.reverses_id)
    : undefined;
  const reversedBy = (await findCreditNotesOf(db, [row.id])).get(row.id);
  return toInvoice(row, lines, reverses, reversedBy, await findSubmission(db, row.id));
}

export { visibleInvoice };

async function presentList(db: Kysely<Database>, rows: InvoiceWithNames[]) {
  const reversesIds = rows.flatMap((row) => (row.reverses_id ? [row.reverses_id] : []));
  const reverses = await findInvoicesByIds(db, reversesIds);
  const reversedBy = await findCreditNotesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toListItem(row, row.reverses_id ? reverses.get(row.reverses_id) : undefined, reversedBy.get(row.id)),
  );
}

/** GET /api/facturi: a page, the newest first, and the total (exact up to 1,000, then "more than"). */
export async function listInvoicesFor(
  db: Kysely<Database>,
  query: z.output<typeof invoiceListQuery>,
  scope: string | undefined,
): Promise<InvoiceListResponse> {
  const filter: InvoiceFilter = {
    ...(query.luna ? { month: query.luna } : {}),
    ...(query.serie ? { series: query.serie } : {}),
    ...(query.stare ? { state: query.stare } : {}),
    ...(query.pacient ? { patientId: query.pacient } : {}),
    ...(scope !== undefined ? { medicNorm: scope } : {}),
  };
  const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  const limit = countLimit(page);
  const counted = await countInvoices(db, filter, limit);
  const rows = page.offset < counted ? await findInvoices(db, filter, page) : [];
  return {
    items: await presentList(db, rows),
    ...pagedTotal(counted, limit),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/pacienti/{id}/facturi: the patient's documents, the charges still to invoice, the buyer to propose. */
export async function patientInvoices(
  db: Kysely<Database>,
  patientId: string,
  scope: string | undefined,
): Promise<PatientInvoicesResponse> {
  const patient = await findLivePatient(db, patientId);
  if (!patient || (scope !== undefined && patient.medic_norm !== scope)) {
    throw new AppError(404, 'not_found', INVOICE_MESSAGES.patientNotFound);
  }
  const rows = await findInvoices(db, { patientId }, { offset: 0, limit: 500 });
  const charges = await findChargesForInvoice(db, patientId);
  const invoiced = await findInvoicedChargeIds(
    db,
    charges.map((charge) => charge.id),
  );
  return {
    invoices: await presentList(db, rows),
    invoiceableCharges: charges
      .filter((charge) => !invoiced.has(charge.id))
      .map((charge) => ({
        id: charge.id,
        description: charge.description,
        teeth: charge.teeth,
        quantity: charge.quantity,
        amountBani: charge.amountBani,
        vatRateBp: charge.vatRateBp,
        day: charge.day,
      })),
    buyer: {
      name: `${patient.nume} ${patient.prenume}`.trim(),
      city: patient.oras,
      countyCode: countyByName(patient.judet)?.auto ?? '',
    },
  };
}
