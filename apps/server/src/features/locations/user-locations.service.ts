import { LOCATION_MESSAGES, type UserLocationsAnswer } from '@odonto/domain/contracts/locations';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLocations, replaceUserLocations, userExists } from './locations.queries';
import type { LocationsDeps } from './locations.service';

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
