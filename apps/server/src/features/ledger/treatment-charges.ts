import type { Kysely } from 'kysely';
import type { PlanAlternativeInput } from '@odonto/domain/contracts/plans';
import { toIsoDay } from '@odonto/domain/dates';
import { alternativeTotals } from '@odonto/domain/plans';
import type { ChargesTable, Database } from '../../db/database';
import type { AuditActor } from '../../plugins/audit';
import { findPriceForCatalogue } from '../price-list/price-list.queries';
import { addCharge, reverseChargeRow } from './ledger-rows';
import {
  findChargeLocationId,
  findDoctorIdByName,
  findEntryCharge,
  findEntryPlanItem,
} from './ledger.queries';

/**
 * What the ledger publishes to the history feature (docs/decisions/0009, 0023): a saved treatment entry
 * with a price becomes a charge on the patient's account, inside the history write's transaction (after
 * the patient's row is locked). The price is the plan item's final amount when the entry did a plan item,
 * else the price list's price on the entry's day for its catalogue procedure; no price, no charge.
 */

export interface TreatmentEntry {
  patientId: string;
  entryId: number;
  /** The catalogue id (mapID), or null for a name the catalogue does not know. */
  mapId: number | null;
  denumire: string;
  /** The entry's teeth (its tooth; for a bridge its start and end), nulls left out. */
  teeth: readonly (string | null)[];
  /** The doctor's name as the entry records it. */
  medic: string;
  /** When the work was done (the entry's date). */
  createdAt: string;
}

export interface LedgerWrite {
  actor: AuditActor;
  now: Date;
}

type PricedCharge = Omit<ChargesTable, 'id' | 'patient_id' | 'created_by' | 'created_at'>;

/** The charge the entry should have, or null when it has no price; at the location the work was done. */
async function priceOfEntry(trx: Kysely<Database>, entry: TreatmentEntry): Promise<PricedCharge | null> {
  const priced = await amountOfEntry(trx, entry);
  if (!priced) return null;
  const locationId = await findChargeLocationId(trx, entry.patientId, priced.doctor_id, priced.day);
  return { ...priced, location_id: locationId };
}

async function amountOfEntry(
  trx: Kysely<Database>,
  entry: TreatmentEntry,
): Promise<Omit<PricedCharge, 'location_id'> | null> {
  const day = toIsoDay(entry.createdAt);
  const teeth = JSON.stringify(entry.teeth.filter((tooth): tooth is string => tooth !== null));
  const base = {
    history_entry_id: entry.entryId,
    day,
    reverses_id: null,
    reason: null,
  };
  const link = await findEntryPlanItem(trx, entry.patientId, entry.entryId);
  if (link) {
    const alternatives = JSON.parse(link.content) as PlanAlternativeInput[];
    const alternative = alternatives.find((candidate) => candidate.label === link.alternative);
    const item = alternative?.phases
      .flatMap((phase) => phase.items)
      .find((candidate) => candidate.id === link.item_id);
    const totals = alternative ? alternativeTotals(alternative) : null;
    const final = totals?.phases
      .flatMap((phase) => phase.items)
      .find((candidate) => candidate.id === link.item_id);
    if (item && final && final.finalBani > 0) {
      return {
        ...base,
        plan_id: link.plan_id,
        plan_item_id: item.id,
        price_item_id: item.priceItemId,
        doctor_id: link.doctor_id,
        description: item.name,
        teeth,
        quantity: item.quantity,
        amount_bani: final.finalBani,
        vat_rate_bp: item.vatRateBp,
      };
    }
    return null;
  }
  if (entry.mapId === null) return null;
  const priced = await findPriceForCatalogue(trx, entry.mapId, day);
  if (!priced || priced.amountBani === null || priced.amountBani === 0) return null;
  return {
    ...base,
    plan_id: null,
    plan_item_id: null,
    price_item_id: priced.id,
    doctor_id: await findDoctorIdByName(trx, entry.medic),
    description: entry.denumire,
    teeth,
    quantity: 1,
    amount_bani: priced.amountBani,
    vat_rate_bp: priced.vatRateBp,
  };
}

/**
 * Brings the entry's charge in line with the entry as saved (call after every create and update): adds
 * it when missing, and when its price changed (another plan item, another procedure) reverses the old
 * charge and adds the new one. Answers the live charge's id, or null when the entry has no price.
 */
export async function recordTreatmentCharge(
  trx: Kysely<Database>,
  write: LedgerWrite,
  entry: TreatmentEntry,
): Promise<string | null> {
  const context = { patientId: entry.patientId, actor: write.actor, now: write.now };
  const wanted = await priceOfEntry(trx, entry);
  const current = await findEntryCharge(trx, entry.patientId, entry.entryId);
  if (
    current &&
    wanted &&
    current.amount_bani === wanted.amount_bani &&
    current.plan_item_id === wanted.plan_item_id &&
    current.price_item_id === wanted.price_item_id
  ) {
    return current.id;
  }
  if (current)
    await reverseChargeRow(trx, context, current, 'Tratamentul a fost modificat.', 'charge_reverse');
  if (!wanted) return null;
  return addCharge(trx, context, wanted, {
    action: 'charge_create',
    details: { source: 'treatment', entryId: entry.entryId, planItemId: wanted.plan_item_id },
  });
}

/** Reverses the charge of a deleted entry (what was paid of it becomes the patient's advance). */
export async function reverseTreatmentCharge(
  trx: Kysely<Database>,
  write: LedgerWrite,
  entry: Pick<TreatmentEntry, 'patientId' | 'entryId'>,
): Promise<void> {
  const current = await findEntryCharge(trx, entry.patientId, entry.entryId);
  if (!current) return;
  await reverseChargeRow(
    trx,
    { patientId: entry.patientId, actor: write.actor, now: write.now },
    current,
    'Tratamentul a fost șters.',
    'charge_reverse',
  );
}

/**
 * Where the ledger places work for a patient with a doctor on a clinic day (issue 14, decision 0050): the
 * location of the patient's appointment that day (with that doctor when there is one), else the doctor's
 * location when they work at exactly one, else the clinic's first. Published for the plans feature, which
 * places an accepted plan by the same rule.
 */
export function workLocationId(
  db: Kysely<Database>,
  patientId: string,
  doctorId: string | null,
  day: string,
): Promise<string | null> {
  return findChargeLocationId(db, patientId, doctorId, day);
}
