import { randomUUID } from 'node:crypto';
import { endOfDay, startOfDay } from '@odonto/domain/dates';
import {
  STERILISATION_MESSAGES as M,
  type Instrument,
  type InstrumentCreate,
  type InstrumentHistoryEvent,
  type InstrumentUpdate,
} from '@odonto/domain/contracts/sterilisation';
import { instrumentNameKey, loadStatus } from '@odonto/domain/sterilisation';
import { isUniqueViolation } from '../../db/dialect';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  findInstrument,
  findInstruments,
  insertInstrument,
  softDeleteInstrument,
  updateInstrumentIfVersion,
} from './instruments.queries';
import { auditActorOf, type Operator, type SterilisationDeps } from './sterilisation-deps';
import { biologicalOf, integratorOf, ms, patientLabel, toInstrument } from './sterilisation.presenter';
import { findSterilisationEvents, findUseEvents, type EventFilter } from './trace.queries';

const notFound = () => new AppError(404, 'not_found', M.instrumentNotFound);
const nameTaken = () => new AppError(409, 'conflict', M.nameTaken, { fields: { name: M.nameTaken } });

/** GET /api/instruments: live instruments whose name starts with `q`, with their last sterilisation. */
export async function listInstruments(deps: SterilisationDeps, q: string): Promise<Instrument[]> {
  const now = deps.now();
  return (await findInstruments(deps.db, instrumentNameKey(q))).map((row) => toInstrument(row, now));
}

async function answerInstrument(deps: SterilisationDeps, id: string): Promise<Instrument> {
  const row = await findInstrument(deps.db, id);
  if (!row) throw notFound();
  return toInstrument(row, deps.now());
}

/** A duplicate live name is a 409 whether the check or the unique index catches it. */
async function guardingName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function createInstrument(
  deps: SterilisationDeps,
  operator: Operator,
  form: InstrumentCreate,
): Promise<Instrument> {
  const id = randomUUID();
  await guardingName(() =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.now();
      const at = now.toISOString();
      await insertInstrument(trx, {
        id,
        name: form.name,
        name_key: instrumentNameKey(form.name),
        packaging: form.packaging,
        created_at: at,
        updated_at: at,
        version: 1,
        deleted_at: null,
      });
      await writeAudit(trx, now, auditActorOf(operator), {
        action: 'instrument_create',
        entity: 'instrument',
        entityId: id,
        details: { name: form.name, packaging: form.packaging },
      });
    }),
  );
  return answerInstrument(deps, id);
}

export async function updateInstrument(
  deps: SterilisationDeps,
  operator: Operator,
  form: InstrumentUpdate,
): Promise<Instrument> {
  const before = await findInstrument(deps.db, form._id);
  if (!before) throw notFound();
  await guardingName(() =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.now();
      const updated = await updateInstrumentIfVersion(trx, form._id, form.version, {
        name: form.name,
        name_key: instrumentNameKey(form.name),
        packaging: form.packaging,
        updated_at: now.toISOString(),
      });
      if (!updated) throw new AppError(409, 'conflict', M.stale);
      await writeAudit(trx, now, auditActorOf(operator), {
        action: 'instrument_update',
        entity: 'instrument',
        entityId: form._id,
        details: { name: form.name, previousName: before.name, packaging: form.packaging },
      });
    }),
  );
  return answerInstrument(deps, form._id);
}

/** DELETE /api/instrument/{id}: soft delete; its register rows and uses stay. */
export async function deleteInstrument(
  deps: SterilisationDeps,
  operator: Operator,
  id: string,
): Promise<{ id: string }> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const deleted = await softDeleteInstrument(trx, id, now.toISOString());
    if (!deleted) throw notFound();
    await writeAudit(trx, now, auditActorOf(operator), {
      action: 'instrument_delete',
      entity: 'instrument',
      entityId: id,
      details: { name: deleted.name },
    });
  });
  return { id };
}

async function events(
  deps: SterilisationDeps,
  reader: Operator,
  filter: EventFilter,
): Promise<InstrumentHistoryEvent[]> {
  const [sterilisations, uses] = await Promise.all([
    findSterilisationEvents(deps.db, filter),
    findUseEvents(deps.db, filter),
  ]);
  const list: InstrumentHistoryEvent[] = [
    ...sterilisations.map((row) => ({
      kind: 'sterilizare' as const,
      date: ms(row.started_at),
      id: row.id_sterilizare,
      instrumentId: row.instrument_id,
      name: row.instrument_name,
      cycleId: row.cycle_id,
      status: loadStatus(integratorOf(row.integrator), biologicalOf(row.biological)),
      useBy: ms(row.use_by),
      operator: row.operator_name,
      patient: null,
      denumire: null,
      medic: null,
    })),
    ...uses.map((row) => ({
      kind: 'folosire' as const,
      date: ms(row.used_at),
      id: row.id_sterilizare,
      instrumentId: row.instrument_id,
      name: row.instrument_name,
      cycleId: row.cycle_id,
      status: loadStatus(integratorOf(row.integrator), biologicalOf(row.biological)),
      useBy: ms(row.use_by),
      operator: '',
      patient: reader.seesPatients ? patientLabel(row) : null,
      denumire: row.denumire ?? '',
      medic: row.medic ?? '',
    })),
  ];
  return list.sort((a, b) => b.date - a.date || b.id - a.id);
}

/** GET /api/instrument/get-history/{id}: one instrument's sterilisations and uses (deleted ones too). */
export async function instrumentHistory(
  deps: SterilisationDeps,
  reader: Operator,
  id: string,
  day: string | undefined,
): Promise<InstrumentHistoryEvent[]> {
  if (!(await findInstrument(deps.db, id, { withDeleted: true }))) throw notFound();
  return events(deps, reader, { instrumentId: id, ...dayRange(day) });
}

/** GET /api/instrument/istoric: events of the instruments whose name starts with `nume`, on one day. */
export async function searchHistory(
  deps: SterilisationDeps,
  reader: Operator,
  nume: string,
  day: string | undefined,
): Promise<InstrumentHistoryEvent[]> {
  return events(deps, reader, { prefixKey: instrumentNameKey(nume), ...dayRange(day) });
}

/** SPEC.md §9: the date filter covers the whole selected day (clinic time). */
function dayRange(day: string | undefined): Pick<EventFilter, 'from' | 'to'> {
  if (!day) return {};
  return { from: startOfDay(day).toISOString(), to: endOfDay(day).toISOString() };
}
