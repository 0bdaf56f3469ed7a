import type { ToothId } from '@odonto/domain/teeth';
import type { Patient } from '@odonto/domain/contracts/patients';
import { parseStringArray, toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { patientNotFound } from './entry-rules';
import { setRemovedTeeth } from './history.queries';
import { patientAnswer, type HistoryDeps } from './history.service';
import { lockLivePatient } from '../patients/live-patient.queries';

/**
 * POST /api/sterge-dinte/{patientId}: marks the tooth removed, or present again when it already was
 * (SPEC.md §4), as a new patient version. Answers the patient.
 */
export async function toggleRemovedTooth(
  deps: HistoryDeps,
  actor: AuditActor,
  patientId: string,
  dinte: ToothId,
): Promise<Patient> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const patient = await lockLivePatient(trx, patientId);
    if (!patient) throw patientNotFound();
    const removed = parseStringArray(patient.dinti_stersi);
    const isRemoved = !removed.includes(dinte);
    const next = isRemoved ? [...removed, dinte] : removed.filter((tooth) => tooth !== dinte);
    const updated = await setRemovedTeeth(trx, patientId, toJsonText(next), now.toISOString());
    if (!updated) throw patientNotFound();
    await writeAudit(trx, now, actor, {
      action: 'tooth_toggle',
      entity: 'patient',
      entityId: patientId,
      patientId,
      details: { dinte, removed: isRemoved, version: updated.version },
    });
  });
  return patientAnswer(deps, patientId);
}
