import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { insertLocationRow } from '../../../test/factories';

/** Rows the reports' tests write directly (the ledger and plans features test the calls that write them). */

/** A price-list item with one price from 1 January 2026. */
export async function insertPricedItem(
  db: Kysely<Database>,
  options: { name: string; amountBani: number },
): Promise<string> {
  const id = randomUUID();
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('price_items')
    .values({
      id,
      code: `R-${id.slice(0, 8).toUpperCase()}`,
      catalogue_id: null,
      name: options.name,
      group_name: 'Diverse',
      unit: 'dinte',
      vat_rate_bp: null,
      active: 1,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  await db
    .insertInto('price_item_prices')
    .values({
      id: randomUUID(),
      price_item_id: id,
      amount_bani: options.amountBani,
      valid_from: '2026-01-01',
      created_at: at,
      created_by: null,
    })
    .execute();
  return id;
}

let planNumber = 0;

/**
 * A plan accepted by a signature at `signedAt`, the signed alternative totalling `totalBani`, at `locationId`
 * (left out: accepted before plans had a location).
 */
export async function insertAcceptedPlan(
  db: Kysely<Database>,
  options: {
    patientId: string;
    doctor: { id: string; nume: string };
    totalBani: number;
    signedAt: string;
    locationId?: string;
  },
): Promise<string> {
  planNumber += 1;
  const planId = randomUUID();
  const fileId = randomUUID();
  const signatureId = randomUUID();
  const at = options.signedAt;
  await db
    .insertInto('files')
    .values({
      id: fileId,
      patient_id: options.patientId,
      kind: 'signature',
      name: `semnatura-${fileId}.png`,
      disk_name: `signatures/${fileId}.png`,
      content_type: 'image/png',
      size: 1,
      sha256: '0'.repeat(64),
      width: 1,
      height: 1,
      created_at: at,
      created_by: null,
      deleted_at: null,
    })
    .execute();
  const snapshot = JSON.stringify({ alternative: 'A', kind: 'plan', planId, totalBani: options.totalBani });
  await db
    .insertInto('signatures')
    .values({
      id: signatureId,
      patient_id: options.patientId,
      entry_id: null,
      kind: 'plan',
      file_id: fileId,
      image_name: `semnatura-${fileId}.png`,
      snapshot,
      sha256: '0'.repeat(64),
      via: 'direct',
      request_id: null,
      signed_at: at,
      signed_by: null,
      signed_by_name: 'Recepție',
    })
    .execute();
  await db
    .insertInto('treatment_plans')
    .values({
      id: planId,
      patient_id: options.patientId,
      number: 9000 + planNumber,
      title: 'Plan de tratament',
      doctor_id: options.doctor.id,
      doctor_name: options.doctor.nume,
      status: 'acceptat',
      valid_until: '2026-12-31',
      notes: '',
      price_day: at.slice(0, 10),
      content: '[]',
      revision: 1,
      accepted_alternative: 'A',
      accepted_revision: 1,
      accepted_signature_id: signatureId,
      rejected_reason: null,
      open_remaining_bani: options.totalBani,
      // Spread: a database migrated only up to before plans had a location has no such column.
      ...(options.locationId === undefined ? {} : { location_id: options.locationId }),
      created_by: null,
      created_at: at,
      updated_at: at,
      version: 2,
    })
    .execute();
  return planId;
}

/** The charge of a plan item done on `day`, at `locationId` (left out: before the clinic had locations). */
export async function insertPlanCharge(
  db: Kysely<Database>,
  options: {
    patientId: string;
    planId: string;
    doctorId: string;
    amountBani: number;
    day: string;
    locationId?: string;
  },
): Promise<void> {
  await db
    .insertInto('charges')
    .values({
      id: randomUUID(),
      patient_id: options.patientId,
      location_id: options.locationId ?? null,
      history_entry_id: null,
      plan_id: options.planId,
      plan_item_id: randomUUID(),
      price_item_id: null,
      doctor_id: options.doctorId,
      description: 'Coroană metalo-ceramică',
      teeth: '["1.6"]',
      quantity: 1,
      amount_bani: options.amountBani,
      vat_rate_bp: null,
      day: options.day,
      reverses_id: null,
      reason: null,
      created_by: null,
      created_at: `${options.day}T10:00:00.000Z`,
    })
    .execute();
}

/** A charge of `doctorId` on `day` at `locationId` (null: recorded before the clinic had locations). */
export async function insertChargeAt(
  db: Kysely<Database>,
  options: {
    patientId: string;
    doctorId: string;
    locationId: string | null;
    description: string;
    amountBani: number;
    day: string;
  },
): Promise<void> {
  await db
    .insertInto('charges')
    .values({
      id: randomUUID(),
      patient_id: options.patientId,
      location_id: options.locationId,
      history_entry_id: null,
      plan_id: null,
      plan_item_id: null,
      price_item_id: null,
      doctor_id: options.doctorId,
      description: options.description,
      teeth: '[]',
      quantity: 1,
      amount_bani: options.amountBani,
      vat_rate_bp: null,
      day: options.day,
      reverses_id: null,
      reason: null,
      created_by: null,
      created_at: `${options.day}T08:00:00.000Z`,
    })
    .execute();
}

/** The id of the clinic's first location (by position), where rows from before locations count. */
export async function firstLocationId(db: Kysely<Database>): Promise<string> {
  const first = await db.selectFrom('locations').select('id').orderBy('position').executeTakeFirstOrThrow();
  return first.id;
}

/**
 * A clinic group: 'Sediul Nord' and 'Sediul Vechi' (closed on 1 March 2026) after the clinic's first location
 * ('Sediul principal'), whose id it answers.
 */
export async function insertGroupLocations(db: Kysely<Database>): Promise<string> {
  await insertLocationRow(db, { id: 'nord', name: 'Sediul Nord' });
  await insertLocationRow(db, { id: 'vechi', name: 'Sediul Vechi', archivedAt: '2026-03-01T09:00:00.000Z' });
  return firstLocationId(db);
}

/** The lines of a CSV export: without the byte order mark and the empty line after the last row. */
export function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
}
