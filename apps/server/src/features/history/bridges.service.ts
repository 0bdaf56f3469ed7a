import { bridgeProblem, BRIDGE_PROBLEM_MESSAGES } from '@odonto/domain/bridges';
import { catalogueEntryByName, isBridge } from '@odonto/domain/catalogue';
import { toIsoDay } from '@odonto/domain/dates';
import { HISTORY_MESSAGES, type savePunteRequest } from '@odonto/domain/contracts/history';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { z } from 'zod';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { invalid } from './history-form';
import { HISTORY_SERVER_MESSAGES as TEXT } from './history-messages';
import { lockPatient, nextEntryId, patientNotFound, storedDate } from './entry-rules';
import { unlinkEntryPlanItem } from '../plans/plan-progress.service';
import { findLiveEntry, insertEntry, softDeleteEntry } from './history.queries';
import { historyAudit, type HistoryDeps } from './history.service';
import { loadPatientHistory } from './patient-history';
import { refuseDeletingSigned } from './entry-removal.service';
import { lockLivePatient } from '../patients/live-patient.queries';

type SavePunte = z.output<typeof savePunteRequest>;

/**
 * POST /api/save-punte/{patientId}: a bridge entry. The request's shape, name and geometry are checked by
 * its schema (400); here a new entry may not be dated in the past (400), and the two teeth must make a
 * bridge on the patient's chart as it stands (bridgeProblem: 409, the chart is in the way). The entry's
 * own id is assigned by the server. Answers the patient's new history.
 */
export async function savePunte(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  body: SavePunte,
): Promise<PatientHistoryEntry[]> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const { chart } = await lockPatient(trx, patientId);
    if (toIsoDay(body.createdAt) < toIsoDay(now)) {
      throw invalid(HISTORY_MESSAGES.pastDate, { createdAt: HISTORY_MESSAGES.pastDate });
    }
    const problem = bridgeProblem(body.dinteStart, body.dinteDestinatie, chart);
    if (problem) {
      const field = problem === 'start-unavailable' ? 'dinteStart' : 'dinteDestinatie';
      const message = BRIDGE_PROBLEM_MESSAGES[problem];
      throw new AppError(409, 'conflict', message, { fields: { [field]: message } });
    }
    const procedure = catalogueEntryByName(body.denumire);
    const id = await nextEntryId(trx, patientId, now);
    await insertEntry(trx, {
      patient_id: patientId,
      id,
      type: 'punte',
      denumire: procedure?.name ?? body.denumire,
      map_id: procedure?.id ?? null,
      dinte: body.dinte,
      dinte_start: body.dinteStart,
      dinte_destinatie: body.dinteDestinatie,
      side: body.side,
      start_index: body.start,
      end_index: body.end,
      direction: body.direction,
      fill: procedure?.fill ?? body.fill,
      detalii: body.detalii ?? '',
      medic: body.medic ?? '',
      signature: null,
      sterilizari: '[]',
      created_at: storedDate(body.createdAt),
      updated_at: null,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    });
    await writeAudit(
      trx,
      now,
      actor,
      historyAudit('bridge_create', patientId, id, {
        denumire: body.denumire,
        dinteStart: body.dinteStart,
        dinteDestinatie: body.dinteDestinatie,
      }),
    );
  });
  return loadPatientHistory(deps.db, patientId);
}

/** GET /api/delete-punte/{patientId}/{entryId}: soft-deletes a bridge entry; answers the new history. */
export async function deletePunte(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  entryId: number,
): Promise<PatientHistoryEntry[]> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    const entry = await findLiveEntry(trx, patientId, entryId);
    if (!entry || (entry.type !== 'punte' && !isBridge(entry.denumire))) {
      throw new AppError(404, 'not_found', TEXT.bridgeNotFound);
    }
    refuseDeletingSigned(entry);
    await softDeleteEntry(trx, patientId, entryId, now.toISOString(), actor.userId ?? '');
    await unlinkEntryPlanItem(trx, { patientId, entryId, at: now, actor });
    await writeAudit(
      trx,
      now,
      actor,
      historyAudit('bridge_delete', patientId, entryId, {
        denumire: entry.denumire,
        dinteStart: entry.dinte_start,
        dinteDestinatie: entry.dinte_destinatie,
      }),
    );
  });
  return loadPatientHistory(deps.db, patientId);
}
