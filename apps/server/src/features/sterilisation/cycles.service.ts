import { randomUUID } from 'node:crypto';
import {
  STERILISATION_MESSAGES as M,
  type Cycle,
  type CycleRequest,
  type DailyTestRequest,
  type DailyTestsResponse,
  type RegisterResponse,
  type SterilisedInstrument,
} from '@odonto/domain/contracts/sterilisation';
import { endOfDay, startOfDay, toIsoDay } from '@odonto/domain/dates';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import {
  autoclavesAtLocation,
  autoclavesMissingDailyTest,
  useByDate,
  type PackagingType,
} from '@odonto/domain/sterilisation';
import type { Kysely } from 'kysely';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  counterValue,
  findAvailablePouches,
  findCycleIdOfPouch,
  findCycleRow,
  findCycleRowsBetween,
  findItemsOfCycles,
  insertCycle,
  insertCycleItems,
  markPouchesReplaced,
  setBiologicalResult,
} from './cycles.queries';
import { findLocation } from '../locations/locations.queries';
import { findLiveInstrumentRows } from './instruments.queries';
import { readSterilisationSettings } from './settings.service';
import { auditActorOf, type Operator, type SterilisationDeps } from './sterilisation-deps';
import { biologicalOf, ms, toCycle, toDailyTest } from './sterilisation.presenter';
import { findDailyTests, insertDailyTest } from './trace.queries';

export const STERILISATION_COUNTER = 'sterilisation';
const CYCLE_COUNTER = 'sterilisation-cycle';
/** A cycle may be recorded a little ahead of the server clock (a workstation's clock drifts). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const invalid = (field: string, message: string) =>
  new AppError(400, 'invalid_input', message, { fields: { [field]: message } });

/** GET /api/instrument/sterilizare/get-id: hands out the next sterilisation id (never the same twice). */
export async function reserveSterilisationId(deps: SterilisationDeps): Promise<{ id: number }> {
  const id = await deps.db.transaction().execute((trx) => nextCounterValue(trx, STERILISATION_COUNTER));
  return { id };
}

export async function findCycle(deps: SterilisationDeps, id: number): Promise<Cycle> {
  const row = await findCycleRow(deps.db, id);
  if (!row) throw new AppError(404, 'not_found', M.cycleNotFound);
  return toCycle(row, await findItemsOfCycles(deps.db, [id]));
}

/** GET /api/instrument/eticheta/{id}: the load of a scanned or typed sterilisation id. */
export async function findCycleOfPouch(deps: SterilisationDeps, id: number): Promise<Cycle> {
  const cycleId = await findCycleIdOfPouch(deps.db, id);
  if (cycleId === undefined) throw new AppError(404, 'not_found', M.unknownSterilisationId(id));
  return findCycle(deps, cycleId);
}

/**
 * POST /api/instrument/sterilizare: records a load. Each pouch gets the id reserved for it by get-id, or a
 * new one; the instruments' previous pouches are superseded; the use-by date follows the packaging's
 * shelf life. The load, its pouches and the audit row are written together.
 */
export async function recordCycle(
  deps: SterilisationDeps,
  operator: Operator,
  form: CycleRequest,
): Promise<Cycle> {
  const settings = await readSterilisationSettings(deps.db);
  if (!settings.autoclaves.includes(form.autoclave)) throw invalid('autoclave', M.autoclave);
  if (!settings.programmes.some((programme) => programme.name === form.programme))
    throw invalid('programme', M.programme);
  const now = deps.now();
  const startedAt = form.startedAt === undefined ? now : new Date(form.startedAt);
  if (startedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw invalid('startedAt', M.futureCycle);
  let cycleId = 0;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const instrumentIds = form.items.map((item) => item.instrumentId);
      const instruments = new Map(
        (await findLiveInstrumentRows(trx, instrumentIds)).map((row) => [row.id, row]),
      );
      const missing = instrumentIds.find((id) => !instruments.has(id));
      if (missing !== undefined) throw new AppError(404, 'not_found', M.instrumentNotFound);
      const reserved = form.items.flatMap((item) =>
        item.id_sterilizare === undefined ? [] : [item.id_sterilizare],
      );
      if (new Set(reserved).size !== reserved.length) throw new AppError(409, 'conflict', M.idTaken);
      const issued = await counterValue(trx, STERILISATION_COUNTER);
      if (reserved.some((id) => id > issued)) throw invalid('items', M.idNotReserved);
      const fresh = form.items.length - reserved.length;
      let next = fresh > 0 ? (await nextCounterValue(trx, STERILISATION_COUNTER, fresh)) - fresh + 1 : 0;
      cycleId = await nextCounterValue(trx, CYCLE_COUNTER);
      const at = now.toISOString();
      await markPouchesReplaced(trx, instrumentIds, at);
      await insertCycle(trx, {
        id: cycleId,
        started_at: startedAt.toISOString(),
        autoclave: form.autoclave,
        programme: form.programme,
        temperature: form.temperature,
        pressure: form.pressure,
        duration: form.duration,
        integrator: form.integrator,
        biological: form.biological,
        packaging_checked: 1,
        operator_id: operator.userId,
        operator_name: operator.nume,
        created_at: at,
        updated_at: at,
        version: 1,
      });
      const items = form.items.map((item) => {
        const instrument = instruments.get(item.instrumentId)!;
        const packaging = instrument.packaging as PackagingType;
        return {
          id_sterilizare: item.id_sterilizare ?? next++,
          cycle_id: cycleId,
          instrument_id: instrument.id,
          instrument_name: instrument.name,
          packaging,
          use_by: useByDate(startedAt, settings.shelfLifeDays[packaging]).toISOString(),
          used_at: null,
          replaced_at: null,
        };
      });
      await insertCycleItems(trx, items);
      await writeAudit(trx, now, auditActorOf(operator), {
        action: 'sterilisation_cycle',
        entity: 'sterilisation_cycle',
        entityId: String(cycleId),
        details: {
          autoclave: form.autoclave,
          programme: form.programme,
          integrator: form.integrator,
          biological: form.biological,
          ids: items.map((item) => item.id_sterilizare),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'conflict', M.idTaken, { fields: { items: M.idTaken } });
    throw error;
  }
  return findCycle(deps, cycleId);
}

/**
 * POST /api/instrument/sterilizare/{cycleId}/indicator-biologic: the incubated indicator is read. A fail
 * takes the load's pouches out of use and flags every use already made of them (trace-back: `recalled`).
 */
export async function recordBiologicalResult(
  deps: SterilisationDeps,
  operator: Operator,
  cycleId: number,
  biological: 'pass' | 'fail',
): Promise<Cycle> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const row = await setBiologicalResult(trx, cycleId, biological, now.toISOString());
    if (!row) {
      if (!(await findCycleRow(trx, cycleId))) throw new AppError(404, 'not_found', M.cycleNotFound);
      throw new AppError(409, 'conflict', M.biologicalNotPending);
    }
    const items = await findItemsOfCycles(trx, [cycleId]);
    await writeAudit(trx, now, auditActorOf(operator), {
      action: biological === 'fail' ? 'sterilisation_bi_fail' : 'sterilisation_bi_pass',
      entity: 'sterilisation_cycle',
      entityId: String(cycleId),
      details: {
        usedPouches: items.filter((item) => item.used_at !== null).map((item) => item.id_sterilizare),
      },
    });
  });
  return findCycle(deps, cycleId);
}

/** GET /api/instrumente-sterilizate: the pouches a treatment may use now. */
export async function availableInstruments(deps: SterilisationDeps): Promise<SterilisedInstrument[]> {
  const rows = await findAvailablePouches(deps.db, deps.now().toISOString());
  return rows.map((row) => ({
    _id: row.instrument_id,
    name: row.name,
    id_sterilizare: row.id_sterilizare,
    cycleId: row.cycle_id,
    sterilizedAt: ms(row.started_at),
    useBy: ms(row.use_by),
    biological: biologicalOf(row.biological),
  }));
}

/** The register of the clinic days [from, to]: loads with their pouches, and the daily tests. */
export async function registerBetween(
  deps: SterilisationDeps,
  from: string,
  to: string,
  locationId?: string,
): Promise<RegisterResponse> {
  const autoclaves = await autoclavesOfLocation(deps.db, locationId);
  const rows = await findCycleRowsBetween(
    deps.db,
    startOfDay(from).toISOString(),
    endOfDay(to).toISOString(),
    autoclaves,
  );
  const items = await findItemsOfCycles(
    deps.db,
    rows.map((row) => row.id),
  );
  const tests = await findDailyTests(deps.db, from, to, autoclaves);
  return { cycles: rows.map((row) => toCycle(row, items)), tests: tests.map(toDailyTest) };
}

/**
 * Today's daily tests and the autoclaves still without a passed one; of one location's autoclaves when
 * `locationId` is given (a clinic group, issue 14).
 */
export async function todaysDailyTests(
  deps: SterilisationDeps,
  locationId?: string,
): Promise<DailyTestsResponse> {
  const now = deps.now();
  const day = toIsoDay(now);
  const settings = await readSterilisationSettings(deps.db);
  if (locationId !== undefined) await requireLocation(deps.db, locationId);
  const autoclaves = autoclavesAtLocation(settings, locationId);
  const rows = await findDailyTests(deps.db, day, day, locationId === undefined ? undefined : autoclaves);
  const tests = rows.map(toDailyTest);
  return { day, tests, missing: autoclavesMissingDailyTest(autoclaves, tests, now) };
}

/** The autoclave names serving a location, or undefined (every autoclave) without one; 404 if unknown. */
async function autoclavesOfLocation(
  db: Kysely<Database>,
  locationId: string | undefined,
): Promise<string[] | undefined> {
  if (locationId === undefined) return undefined;
  await requireLocation(db, locationId);
  return autoclavesAtLocation(await readSterilisationSettings(db), locationId);
}

async function requireLocation(db: Kysely<Database>, locationId: string): Promise<void> {
  if (!(await findLocation(db, locationId))) throw new AppError(404, 'not_found', LOCATION_MESSAGES.notFound);
}

export async function recordDailyTest(
  deps: SterilisationDeps,
  operator: Operator,
  form: DailyTestRequest,
): Promise<DailyTestsResponse> {
  const settings = await readSterilisationSettings(deps.db);
  if (!settings.autoclaves.includes(form.autoclave)) throw invalid('autoclave', M.autoclave);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const id = randomUUID();
    await insertDailyTest(trx, {
      id,
      day: toIsoDay(now),
      at: now.toISOString(),
      autoclave: form.autoclave,
      kind: form.kind,
      result: form.result,
      operator_id: operator.userId,
      operator_name: operator.nume,
    });
    await writeAudit(trx, now, auditActorOf(operator), {
      action: 'autoclave_test',
      entity: 'autoclave_test',
      entityId: id,
      details: { ...form },
    });
  });
  return todaysDailyTests(deps);
}
