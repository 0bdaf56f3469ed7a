/**
 * A location's own seller data (issue 14, decision 0050): a location of a clinic group invoiced as another
 * legal entity. Stored as its own settings row, versioned like the clinic's details; removing it makes the
 * location be invoiced as the clinic again. Issued invoices keep the seller in their stored document.
 */
import type { Kysely } from 'kysely';
import {
  LOCATION_SELLER_MESSAGES,
  locationSellerData,
  type LocationSeller,
  type LocationSellerData,
} from '@odonto/domain/contracts/clinic';
import { MESSAGES } from '@odonto/domain/messages';
import { z } from 'zod';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLocation } from '../locations/locations.queries';
import { readLocationSellerText, swapLocationSellerText } from './location-seller.queries';

const storedSeller = z.object({ seller: locationSellerData.nullable(), version: z.number().int() });

interface Stored {
  text: string | null;
  value: z.infer<typeof storedSeller>;
}

async function readStored(db: Kysely<Database>, locationId: string): Promise<Stored> {
  const text = await readLocationSellerText(db, locationId);
  if (text === null) return { text, value: { seller: null, version: 0 } };
  try {
    const parsed = storedSeller.safeParse(JSON.parse(text));
    return { text, value: parsed.success ? parsed.data : { seller: null, version: 0 } };
  } catch {
    return { text, value: { seller: null, version: 0 } };
  }
}

/** The location's own seller, or null: it is invoiced as the clinic. Used when an invoice is issued. */
export async function ownSellerOf(
  db: Kysely<Database>,
  locationId: string | null,
): Promise<LocationSellerData | null> {
  if (locationId === null) return null;
  return (await readStored(db, locationId)).value.seller;
}

async function existingLocation(db: Kysely<Database>, locationId: string): Promise<void> {
  if (!(await findLocation(db, locationId))) {
    throw new AppError(404, 'not_found', LOCATION_SELLER_MESSAGES.locationNotFound);
  }
}

/** GET /api/locations/{id}/seller */
export async function readLocationSeller(db: Kysely<Database>, locationId: string): Promise<LocationSeller> {
  await existingLocation(db, locationId);
  const { value } = await readStored(db, locationId);
  return { locationId, ...value };
}

interface Deps {
  db: Kysely<Database>;
  now: Clock;
}

async function write(
  deps: Deps,
  actor: AuditActor,
  locationId: string,
  seller: LocationSellerData | null,
  version: number | null,
): Promise<LocationSeller> {
  await existingLocation(deps.db, locationId);
  const stored = await readStored(deps.db, locationId);
  if (version !== null && stored.value.version !== version) {
    throw new AppError(409, 'conflict', MESSAGES.conflict);
  }
  if (seller === null && stored.value.seller === null) {
    throw new AppError(404, 'not_found', LOCATION_SELLER_MESSAGES.notOwn);
  }
  const next = { seller, version: stored.value.version + 1 };
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now();
    if (!(await swapLocationSellerText(trx, locationId, stored.text, toJsonText(next), at.toISOString()))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, at, actor, {
      action: seller ? 'location_seller_update' : 'location_seller_delete',
      entity: 'location',
      entityId: locationId,
      details: { version: next.version, ...(seller ? { cui: seller.cui } : {}) },
    });
    return { locationId, ...next };
  });
}

/** PUT /api/locations/{id}/seller: saves the location's own seller if `version` is the current one. */
export async function saveLocationSeller(
  deps: Deps,
  actor: AuditActor,
  locationId: string,
  data: LocationSellerData,
  version: number,
): Promise<LocationSeller> {
  return write(deps, actor, locationId, data, version);
}

/** DELETE /api/locations/{id}/seller: the location is invoiced as the clinic again (404 when it had none). */
export async function removeLocationSeller(
  deps: Deps,
  actor: AuditActor,
  locationId: string,
): Promise<LocationSeller> {
  return write(deps, actor, locationId, null, null);
}
