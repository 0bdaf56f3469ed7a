import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  LOCATION_MESSAGES,
  type LocationData,
  type LocationsAnswer,
  type MoveInput,
} from '@odonto/domain/contracts/locations';
import type { Database, LocationRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { refileUnlocatedCharges } from '../ledger/patient-balance.queries';
import { toLocations } from './locations.presenter';
import {
  findChairs,
  findLocation,
  findLocations,
  findUserLocationIds,
  insertLocation,
  lockLocations,
  renumberLocations,
  updateLocationIfVersion,
} from './locations.queries';

export interface LocationsDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** GET /api/locations. */
export async function listLocations(deps: LocationsDeps, userId: string): Promise<LocationsAnswer> {
  const [locations, chairs, mine] = await Promise.all([
    findLocations(deps.db),
    findChairs(deps.db),
    findUserLocationIds(deps.db, userId),
  ]);
  return { locations: toLocations(locations, chairs), mine };
}

const notFound = () => new AppError(404, 'not_found', LOCATION_MESSAGES.notFound);
const stale = () => new AppError(409, 'conflict', LOCATION_MESSAGES.stale);
const nameTaken = () =>
  new AppError(409, 'conflict', LOCATION_MESSAGES.nameTaken, {
    fields: { name: LOCATION_MESSAGES.nameTaken },
  });

/** The columns an edit changes and the contract's names of them, for the audit row. */
const FIELD_NAMES = [
  ['name', 'name'],
  ['address', 'address'],
  ['phone', 'phone'],
  ['opens_at', 'opensAt'],
  ['closes_at', 'closesAt'],
] as const;

/** Names compared the way a person reads them: any case, surrounding spaces ignored. */
export const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('ro') === b.trim().toLocaleLowerCase('ro');

export async function locationOr404(db: Kysely<Database>, id: string): Promise<LocationRow> {
  const row = await findLocation(db, id);
  if (!row) throw notFound();
  return row;
}

/** 409 when another open location already has the name. */
async function assertLocationNameFree(db: Kysely<Database>, name: string, exceptId: string | null) {
  const taken = (await findLocations(db)).some(
    (row) => row.archived_at === null && row.id !== exceptId && sameName(row.name, name),
  );
  if (taken) throw nameTaken();
}

/**
 * Runs one write and its audit row in a transaction, one administrator's write at a time, then answers
 * the whole list as GET does.
 */
export async function write(
  deps: LocationsDeps,
  actor: AuditActor,
  change: (trx: Kysely<Database>, at: Date) => Promise<void>,
): Promise<LocationsAnswer> {
  await deps.db.transaction().execute(async (trx) => {
    await lockLocations(trx);
    await change(trx, deps.now());
  });
  return listLocations(deps, actor.userId ?? '');
}

/** POST /api/locations: a new location at the end of the order. */
export function createLocation(deps: LocationsDeps, actor: AuditActor, data: LocationData) {
  return write(deps, actor, async (trx, now) => {
    await assertLocationNameFree(trx, data.name, null);
    const all = await findLocations(trx);
    const at = now.toISOString();
    const id = randomUUID();
    await insertLocation(trx, {
      id,
      name: data.name,
      address: data.address,
      phone: data.phone,
      opens_at: data.opensAt,
      closes_at: data.closesAt,
      position: Math.max(0, ...all.map((row) => row.position)) + 1,
      archived_at: null,
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await writeAudit(trx, now, actor, {
      action: 'location_create',
      entity: 'location',
      entityId: id,
      details: { label: data.name },
    });
  });
}

/** PUT /api/locations/{id}: its name, address, phone and hours, at the version they were read. */
export function updateLocation(
  deps: LocationsDeps,
  actor: AuditActor,
  id: string,
  data: LocationData & { version: number },
) {
  return write(deps, actor, async (trx, now) => {
    const before = await locationOr404(trx, id);
    if (before.version !== data.version) throw stale();
    if (before.archived_at === null) await assertLocationNameFree(trx, data.name, id);
    const changes = {
      name: data.name,
      address: data.address,
      phone: data.phone,
      opens_at: data.opensAt,
      closes_at: data.closesAt,
    };
    if (
      !(await updateLocationIfVersion(trx, id, data.version, { ...changes, updated_at: now.toISOString() }))
    )
      throw stale();
    // Named as the contract names them (the audit screen words them in Romanian).
    const fields = FIELD_NAMES.filter(([column]) => before[column] !== changes[column]).map(
      ([, name]) => name,
    );
    await writeAudit(trx, now, actor, {
      action: 'location_update',
      entity: 'location',
      entityId: id,
      details: { fields },
    });
  });
}

/** POST /api/locations/{id}/archive and /reopen: closes a location (never the last open one) or reopens it. */
export function setLocationOpen(deps: LocationsDeps, actor: AuditActor, id: string, open: boolean) {
  return write(deps, actor, async (trx, now) => {
    const before = await locationOr404(trx, id);
    if ((before.archived_at === null) === open) return;
    if (open) {
      await assertLocationNameFree(trx, before.name, id);
    } else {
      const others = (await findLocations(trx)).filter((row) => row.archived_at === null && row.id !== id);
      if (others.length === 0) {
        throw new AppError(409, 'conflict', LOCATION_MESSAGES.lastOpen, {
          fields: { _: LOCATION_MESSAGES.lastOpen },
        });
      }
    }
    const at = now.toISOString();
    if (
      !(await updateLocationIfVersion(trx, id, before.version, {
        archived_at: open ? null : at,
        updated_at: at,
      }))
    )
      throw stale();
    await writeAudit(trx, now, actor, {
      action: open ? 'location_reopen' : 'location_archive',
      entity: 'location',
      entityId: id,
      details: { label: before.name },
    });
  });
}

/** The order of `ids` with `id` moved one place towards the start (up) or the end (down). */
export function moved(ids: readonly string[], id: string, direction: MoveInput['direction']): string[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** POST /api/locations/{id}/move: one place up or down; the positions stay 1, 2, … without gaps. */
export function moveLocation(deps: LocationsDeps, actor: AuditActor, id: string, move: MoveInput) {
  return write(deps, actor, async (trx, now) => {
    const location = await locationOr404(trx, id);
    const ids = (await findLocations(trx)).map((row) => row.id);
    const order = moved(ids, id, move.direction);
    await renumberLocations(trx, order);
    // The charges from before locations count at the first one: a new first takes their open amounts.
    if (order[0] !== ids[0]) await refileUnlocatedCharges(trx);
    await writeAudit(trx, now, actor, {
      action: 'location_move',
      entity: 'location',
      entityId: id,
      details: { label: location.name, direction: move.direction },
    });
  });
}
