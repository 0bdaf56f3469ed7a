import type { Kysely } from 'kysely';
import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import type { Database } from '../../db/database';
import { toLocations } from './locations.presenter';
import { findChairs, findLocations, findUserLocationIds } from './locations.queries';

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
