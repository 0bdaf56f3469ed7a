import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  LOCATION_MESSAGES,
  type ChairInput,
  type LocationData,
  type LocationsAnswer,
  type MoveInput,
  type UserLocationsAnswer,
} from '@odonto/domain/contracts/locations';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import type { ChairRow, Database, LocationRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { toLocations } from './locations.presenter';
import {
  findChair,
  findChairs,
  findChairsOf,
  findLocation,
  findLocations,
  findUserLocationIds,
  insertChair,
  insertLocation,
  renumberChairs,
  renumberLocations,
  replaceUserLocations,
  updateChair,
  updateLocationIfVersion,
  userExists,
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
const chairNotFound = () => new AppError(404, 'not_found', LOCATION_MESSAGES.chairNotFound);
const stale = () => new AppError(409, 'conflict', LOCATION_MESSAGES.stale);
const nameTaken = () =>
  new AppError(409, 'conflict', LOCATION_MESSAGES.nameTaken, {
    fields: { name: LOCATION_MESSAGES.nameTaken },
  });
const chairNameTaken = () =>
  new AppError(409, 'conflict', LOCATION_MESSAGES.chairNameTaken, {
    fields: { name: LOCATION_MESSAGES.chairNameTaken },
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
const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('ro') === b.trim().toLocaleLowerCase('ro');

async function locationOr404(db: Kysely<Database>, id: string): Promise<LocationRow> {
  const row = await findLocation(db, id);
  if (!row) throw notFound();
  return row;
}

async function chairOr404(db: Kysely<Database>, id: string): Promise<ChairRow> {
  const row = await findChair(db, id);
  if (!row) throw chairNotFound();
  return row;
}

/** 409 when another open location already has the name. */
async function assertLocationNameFree(db: Kysely<Database>, name: string, exceptId: string | null) {
  const taken = (await findLocations(db)).some(
    (row) => row.archived_at === null && row.id !== exceptId && sameName(row.name, name),
  );
  if (taken) throw nameTaken();
}

/** 409 when another open chair of the location already has the name. */
async function assertChairNameFree(
  db: Kysely<Database>,
  locationId: string,
  name: string,
  exceptId: string | null,
) {
  const taken = (await findChairsOf(db, locationId)).some(
    (row) => row.archived_at === null && row.id !== exceptId && sameName(row.name, name),
  );
  if (taken) throw chairNameTaken();
}

/** Runs one write and its audit row in a transaction, then answers the whole list as GET does. */
async function write(
  deps: LocationsDeps,
  actor: AuditActor,
  change: (trx: Kysely<Database>, at: Date) => Promise<void>,
): Promise<LocationsAnswer> {
  await deps.db.transaction().execute((trx) => change(trx, deps.now()));
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
function moved(ids: readonly string[], id: string, direction: MoveInput['direction']): string[] {
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
    await renumberLocations(trx, moved(ids, id, move.direction));
    await writeAudit(trx, now, actor, {
      action: 'location_move',
      entity: 'location',
      entityId: id,
      details: { label: location.name, direction: move.direction },
    });
  });
}

/** POST /api/locations/{id}/chairs: a chair at the end of the location's order. */
export function createChair(deps: LocationsDeps, actor: AuditActor, locationId: string, input: ChairInput) {
  return write(deps, actor, async (trx, now) => {
    await locationOr404(trx, locationId);
    await assertChairNameFree(trx, locationId, input.name, null);
    const chairs = await findChairsOf(trx, locationId);
    const at = now.toISOString();
    const id = randomUUID();
    await insertChair(trx, {
      id,
      location_id: locationId,
      name: input.name,
      position: Math.max(0, ...chairs.map((row) => row.position)) + 1,
      archived_at: null,
      created_at: at,
      updated_at: at,
    });
    await writeAudit(trx, now, actor, {
      action: 'chair_create',
      entity: 'chair',
      entityId: id,
      details: { label: input.name },
    });
  });
}

/** PUT /api/chairs/{id}: renames a chair. */
export function renameChair(deps: LocationsDeps, actor: AuditActor, id: string, input: ChairInput) {
  return write(deps, actor, async (trx, now) => {
    const before = await chairOr404(trx, id);
    if (before.archived_at === null) await assertChairNameFree(trx, before.location_id, input.name, id);
    await updateChair(trx, id, { name: input.name, updated_at: now.toISOString() });
    await writeAudit(trx, now, actor, {
      action: 'chair_update',
      entity: 'chair',
      entityId: id,
      details: { previousName: before.name, label: input.name },
    });
  });
}

/** POST /api/chairs/{id}/archive and /reopen. */
export function setChairOpen(deps: LocationsDeps, actor: AuditActor, id: string, open: boolean) {
  return write(deps, actor, async (trx, now) => {
    const before = await chairOr404(trx, id);
    if ((before.archived_at === null) === open) return;
    if (open) await assertChairNameFree(trx, before.location_id, before.name, id);
    const at = now.toISOString();
    await updateChair(trx, id, { archived_at: open ? null : at, updated_at: at });
    await writeAudit(trx, now, actor, {
      action: open ? 'chair_reopen' : 'chair_archive',
      entity: 'chair',
      entityId: id,
      details: { label: before.name },
    });
  });
}

/** POST /api/chairs/{id}/move: one place up or down among the location's chairs. */
export function moveChair(deps: LocationsDeps, actor: AuditActor, id: string, move: MoveInput) {
  return write(deps, actor, async (trx, now) => {
    const chair = await chairOr404(trx, id);
    const ids = (await findChairsOf(trx, chair.location_id)).map((row) => row.id);
    await renumberChairs(trx, moved(ids, id, move.direction));
    await writeAudit(trx, now, actor, {
      action: 'chair_move',
      entity: 'chair',
      entityId: id,
      details: { label: chair.name, direction: move.direction },
    });
  });
}

/** PUT /api/users/{id}/locations: replaces where a staff member works (open locations only; none: all). */
export async function setUserLocations(
  deps: LocationsDeps,
  actor: AuditActor,
  userId: string,
  locationIds: readonly string[],
): Promise<UserLocationsAnswer> {
  const wanted = [...new Set(locationIds)];
  return deps.db.transaction().execute(async (trx) => {
    if (!(await userExists(trx, userId))) throw new AppError(404, 'not_found', USER_MESSAGES.notFound);
    const open = (await findLocations(trx)).filter((row) => row.archived_at === null);
    if (wanted.some((id) => !open.some((row) => row.id === id))) {
      throw new AppError(422, 'unprocessable', LOCATION_MESSAGES.unknownLocations, {
        fields: { locationIds: LOCATION_MESSAGES.unknownLocations },
      });
    }
    const chosen = open.filter((row) => wanted.includes(row.id));
    const ordered = chosen.map((row) => row.id);
    await replaceUserLocations(trx, userId, ordered);
    await writeAudit(trx, deps.now(), actor, {
      action: 'user_locations',
      entity: 'user',
      entityId: userId,
      details: { sedii: chosen.map((row) => row.name) },
    });
    return { locationIds: ordered };
  });
}
