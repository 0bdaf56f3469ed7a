import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IssueInvoiceRequest } from '@odonto/domain/contracts/invoices';
import { normalizeSearchText } from '@odonto/domain/text';
import type { Database } from '../../db/database';
import type { App } from '../../app-types';
import { call } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';

/** The clinic's details with everything e-Factura needs from the seller (a VAT payer in Cluj). */
export const CLINIC_FORM = {
  nume: 'Clinica Dentară Zâmbet SRL',
  adresa: 'Str. Memorandumului nr. 28, Cluj-Napoca',
  telefon: '0264123456',
  email: 'contact@zambet.ro',
  cui: 'RO14399840',
  regCom: 'J12/345/2020',
  strada: 'Str. Memorandumului nr. 28',
  localitate: 'Cluj-Napoca',
  judetCod: 'CJ',
  codPostal: '400114',
  iban: 'RO49AAAA1B31007593840000',
  banca: 'Banca Transilvania',
  platitorTva: true,
};

export async function saveClinic(app: App, adminCookie: string, overrides: object = {}): Promise<void> {
  const current = await call(app, { url: '/api/clinic', cookie: adminCookie });
  const response = await call(app, {
    method: 'PUT',
    url: '/api/clinic',
    cookie: adminCookie,
    body: { ...CLINIC_FORM, ...overrides, version: current.json<{ version: number }>().version },
  });
  if (response.statusCode !== 200) throw new Error(`clinic not saved: ${response.body}`);
}

/** A patient whose doctor is `medic` (the name a doctor's narrowed view matches). */
export async function insertPatientOf(db: Kysely<Database>, medic: string): Promise<string> {
  const id = await insertPatientRow(db);
  await db
    .updateTable('patients')
    .set({ medic, medic_norm: normalizeSearchText(medic), judet: 'Cluj', oras: 'Cluj-Napoca' })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A charge on the patient's account, written directly (the ledger's own API is tested by the ledger). */
/** Charges inserted here are a second apart, so "oldest first" never falls back to their random ids. */
let chargeSequence = 0;

export async function insertCharge(
  db: Kysely<Database>,
  patientId: string,
  options: {
    amountBani: number;
    description?: string;
    quantity?: number;
    vatRateBp?: number | null;
    teeth?: string[];
    /** Where the work was done (none: a charge from before locations). */
    locationId?: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('charges')
    .values({
      id,
      patient_id: patientId,
      location_id: options.locationId ?? null,
      history_entry_id: null,
      plan_id: null,
      plan_item_id: null,
      price_item_id: null,
      doctor_id: null,
      description: options.description ?? 'Obturație compozit',
      teeth: JSON.stringify(options.teeth ?? ['3.6']),
      quantity: options.quantity ?? 1,
      amount_bani: options.amountBani,
      vat_rate_bp: options.vatRateBp ?? null,
      day: '2026-03-02',
      reverses_id: null,
      reason: null,
      created_by: null,
      created_at: new Date(
        Date.parse('2026-03-02T08:00:00.000Z') + (chargeSequence += 1) * 1000,
      ).toISOString(),
    })
    .execute();
  return id;
}

/** Reverses a charge the way the ledger does: a negative row pointing at it. */
export async function reverseCharge(
  db: Kysely<Database>,
  chargeId: string,
  patientId: string,
  amountBani: number,
) {
  await db
    .insertInto('charges')
    .values({
      id: randomUUID(),
      patient_id: patientId,
      location_id: null,
      history_entry_id: null,
      plan_id: null,
      plan_item_id: null,
      price_item_id: null,
      doctor_id: null,
      description: 'Stornare',
      teeth: '[]',
      quantity: 1,
      amount_bani: -amountBani,
      vat_rate_bp: null,
      day: '2026-03-02',
      reverses_id: chargeId,
      reason: 'Greșeală',
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export const CLUJ_ADDRESS = { street: 'Str. Lungă nr. 5', city: 'Cluj-Napoca', countyCode: 'CJ' };

export function personRequest(
  patientId: string,
  chargeIds: string[],
  cnp = '2900101120015',
): IssueInvoiceRequest {
  return {
    patientId,
    chargeIds,
    buyer: { kind: 'person', name: 'Popescu Ana', cnp, address: CLUJ_ADDRESS },
  };
}

export function companyRequest(
  patientId: string,
  chargeIds: string[],
  cui = 'RO18547290',
): IssueInvoiceRequest {
  return {
    patientId,
    chargeIds,
    buyer: {
      kind: 'company',
      name: 'Dental Supplies SRL',
      cui,
      regCom: 'J12/1/2010',
      address: { street: 'Bd. Unirii nr. 3', city: 'Sector 3', countyCode: 'B' },
    },
  };
}
