import type { Location } from '@odonto/domain/contracts/locations';
import type { ChairRow, LocationRow } from '../../db/database';

/** The rows as the contract's locations, each with its chairs. */
export function toLocations(locations: readonly LocationRow[], chairs: readonly ChairRow[]): Location[] {
  return locations.map((row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    position: row.position,
    archived: row.archived_at !== null,
    version: row.version,
    chairs: chairs
      .filter((chairRow) => chairRow.location_id === row.id)
      .map((chairRow) => ({
        id: chairRow.id,
        name: chairRow.name,
        position: chairRow.position,
        archived: chairRow.archived_at !== null,
      })),
  }));
}
