import { HISTORY_MESSAGES, type AnuleazaTratamentRequest } from '@odonto/domain/contracts/history';
import type { Kysely } from 'kysely';
import type { Database, HistoryEntryRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { reverseTreatmentCharge } from '../ledger/treatment-charges';
import { unlinkEntryPlanItem } from '../plans/plan-progress.service';
import { lockLivePatient } from '../patients/live-patient.queries';
import { entryNotFound, patientNotFound } from './entry-rules';
import { cancelLiveEntry, findLiveEntry, softDeleteEntry } from './history.queries';
import { historyAudit, type HistoryDeps } from './history.service';

/** A signed entry is part of what the patient signed: it is cancelled with a reason, never deleted. */
export function refuseDeletingSigned(entry: Pick<HistoryEntryRow, 'signature'>): void {
  if (entry.signature !== null) throw new AppError(409, 'conflict', HISTORY_MESSAGES.signedCannotBeDeleted);
}

/** What follows an entry leaving the live history: its plan item opens again, its charge is reversed. */
async function releaseEntry(
  trx: Kysely<Database>,
  actor: AuditActor,
  now: Date,
  patientId: string,
  entryId: number,
): Promise<void> {
  await unlinkEntryPlanItem(trx, { patientId, entryId, at: now, actor });
  // What was paid of its charge becomes the patient's advance.
  await reverseTreatmentCharge(trx, { actor, now }, { patientId, entryId });
}

/** POST /api/sterge-tratament/{id}: soft-deletes an unsigned entry (its pictures stay, for a restore). */
export async function deleteEntry(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  entryId: number,
): Promise<{ id: number }> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const entry = await findLiveEntry(trx, patientId, entryId);
    if (!entry) throw entryNotFound();
    refuseDeletingSigned(entry);
    await softDeleteEntry(trx, patientId, entryId, now.toISOString(), actor.userId ?? '');
    await releaseEntry(trx, actor, now, patientId, entryId);
    await writeAudit(
      trx,
      now,
      actor,
      historyAudit('history_delete', patientId, entryId, {
        type: entry.type,
        denumire: entry.denumire,
        dinte: entry.dinte,
      }),
    );
  });
  return { id: entryId };
}

/**
 * POST /api/anuleaza-tratament/{id}: cancels an entry with a reason. It leaves the live history (chart,
 * plans and account as for a deletion) but stays in the patient's record, struck through, with its
 * signature, pictures and who cancelled it when and why.
 */
export async function cancelEntry(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  request: AnuleazaTratamentRequest,
): Promise<{ id: number }> {
  const motiv = request.motiv.trim();
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const cancelled = await cancelLiveEntry(trx, patientId, request.id, {
      at: now.toISOString(),
      by: actor.userId ?? '',
      reason: motiv,
    });
    if (!cancelled) throw entryNotFound();
    await releaseEntry(trx, actor, now, patientId, request.id);
    await writeAudit(
      trx,
      now,
      actor,
      historyAudit('history_cancel', patientId, request.id, {
        type: cancelled.type,
        denumire: cancelled.denumire,
        dinte: cancelled.dinte ?? cancelled.dinte_start,
        semnat: cancelled.signature !== null,
        motiv,
      }),
    );
  });
  return { id: request.id };
}
