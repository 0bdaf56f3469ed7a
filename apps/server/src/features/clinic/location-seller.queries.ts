import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';

/** A location's own seller is one settings row per location (decision 0050). */
function sellerKey(locationId: string): string {
  return `location-seller:${locationId}`;
}

/** The JSON text of the location's own seller (with its version), or null while never saved. */
export async function readLocationSellerText(
  db: Kysely<Database>,
  locationId: string,
): Promise<string | null> {
  return readSettingText(db, sellerKey(locationId));
}

/** Replaces it only if it is still `previous` (null: never saved); false when another save came first. */
export async function swapLocationSellerText(
  trx: Kysely<Database>,
  locationId: string,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(trx, sellerKey(locationId), previous, value, at);
}
