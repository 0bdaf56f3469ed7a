import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { parseStringArray } from '../../db/json';

/** A charge as an invoice line sees it (published to the invoices feature, docs/decisions/0024). */
export interface ChargeForInvoice {
  id: string;
  patientId: string;
  locationId: string | null;
  description: string;
  teeth: string[];
  quantity: number;
  amountBani: number;
  vatRateBp: number | null;
  day: string;
}

/**
 * The patient's charges that can go on an invoice: positive, not themselves a reversal and not reversed
 * (a reversed charge is never offered). Whether one is already on an invoice is the invoices feature's
 * to know. Oldest first; `ids` narrows to those charges.
 */
export async function findChargesForInvoice(
  db: Kysely<Database>,
  patientId: string,
  ids?: readonly string[],
): Promise<ChargeForInvoice[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('charges as c')
    .selectAll('c')
    .where('c.patient_id', '=', patientId)
    // Not a reversal, as ledger.queries.ts says why.
    .where('c.amount_bani', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('charges as r').select('r.id').whereRef('r.reverses_id', '=', 'c.id'))),
    );
  if (ids) query = query.where('c.id', 'in', [...ids]);
  const rows = await query.orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    locationId: row.location_id,
    description: row.description,
    teeth: parseStringArray(row.teeth),
    quantity: row.quantity,
    amountBani: Number(row.amount_bani),
    vatRateBp: row.vat_rate_bp,
    day: row.day,
  }));
}
