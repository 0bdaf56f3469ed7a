import type { Kysely } from 'kysely';
import { LOCATION_MESSAGES, type UserLocationsAnswer } from '@odonto/domain/contracts/locations';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { Database } from '../../db/database';
import { findLocations, findUserLocationIds, replaceUserLocations, userExists } from './locations.queries';
import type { LocationsDeps } from './locations.service';

/** PUT /api/users/{id}/locations: replaces where a staff member works (open locations only; none: all). */
export async function setUserLocations(
  deps: LocationsDeps,
  actor: AuditActor,
  userId: string,
  locationIds: readonly string[],
): Promise<UserLocationsAnswer> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await userExists(trx, userId))) throw new AppError(404, 'not_found', USER_MESSAGES.notFound);
    return { locationIds: await replaceLocationsOfUser(trx, deps.now(), actor, userId, locationIds) };
  });
}

/**
 * Within the caller's transaction: sets where the user works, refusing a location that is unknown or
 * closed (422 on `locationIds`), and records it. The user's own save (POST /api/save-utilizator,
 * /api/update-utilizator) calls it in its transaction, so a user is never saved without the locations
 * chosen with it. `onlyIfChanged`: no write and no audit row when they are the ones already set.
 */
export async function replaceLocationsOfUser(
  trx: Kysely<Database>,
  now: Date,
  actor: AuditActor,
  userId: string,
  locationIds: readonly string[],
  { onlyIfChanged = false } = {},
): Promise<string[]> {
  const wanted = [...new Set(locationIds)];
  const open = (await findLocations(trx)).filter((row) => row.archived_at === null);
  if (wanted.some((id) => !open.some((row) => row.id === id))) {
    throw new AppError(422, 'unprocessable', LOCATION_MESSAGES.unknownLocations, {
      fields: { locationIds: LOCATION_MESSAGES.unknownLocations },
    });
  }
  const chosen = open.filter((row) => wanted.includes(row.id));
  const ordered = chosen.map((row) => row.id);
  if (onlyIfChanged) {
    const current = await findUserLocationIds(trx, userId);
    const isSame = current.length === ordered.length && current.every((id) => ordered.includes(id));
    if (isSame) return ordered;
  }
  await replaceUserLocations(trx, userId, ordered);
  await writeAudit(trx, now, actor, {
    action: 'user_locations',
    entity: 'user',
    entityId: userId,
    details: { sedii: chosen.map((row) => row.name) },
  });
  return ordered;
}
