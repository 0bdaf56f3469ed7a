import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LOCATION_MESSAGES, type ChairInput, type MoveInput } from '@odonto/domain/contracts/locations';
import type { ChairRow, Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findChair, findChairsOf, insertChair, renumberChairs, updateChair } from './locations.queries';
import { locationOr404, moved, sameName, write, type LocationsDeps } from './locations.service';

// The chairs (cabinete) of a location (issue 14, decision 0050); each write answers the whole list.

const chairNotFound = () => new AppError(404, 'not_found', LOCATION_MESSAGES.chairNotFound);
const chairNameTaken = () =>
  new AppError(409, 'conflict', LOCATION_MESSAGES.chairNameTaken, {
    fields: { name: LOCATION_MESSAGES.chairNameTaken },
  });

async function chairOr404(db: Kysely<Database>, id: string): Promise<ChairRow> {
  const row = await findChair(db, id);
  if (!row) throw chairNotFound();
  return row;
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
