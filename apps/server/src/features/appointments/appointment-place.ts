import type { Kysely } from 'kysely';
import type { AppointmentData } from '@odonto/domain/contracts/appointments';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import type { AppointmentRow, Database } from '../../db/database';
import { AppError } from '../../plugins/errors';
import {
  findFirstOpenLocationId,
  findLocation,
  findUserFirstOpenLocationId,
  lockChair,
} from '../locations/locations.queries';

/** Where an appointment takes place (issue 14): its location and, optionally, a chair of it. */
export interface Place {
  location_id: string | null;
  chair_id: string | null;
}

function refused(field: 'sediuId' | 'cabinetId', message: string): AppError {
  return new AppError(422, 'unprocessable', message, { fields: { [field]: message } });
}

/**
 * The location the form asks for. Absent: where the appointment already is, or for a new one the user's
 * first open location, else the clinic's first open one. An unknown or closed one is refused (422) unless
 * the appointment is already there (an old appointment of a closed location can still be edited).
 */
async function chooseLocation(
  trx: Kysely<Database>,
  asked: string | undefined,
  userId: string | null,
  before: AppointmentRow | undefined,
): Promise<string> {
  if (asked === undefined && before?.location_id) return before.location_id;
  if (asked === undefined) {
    const mine = userId === null ? null : await findUserFirstOpenLocationId(trx, userId);
    const id = mine ?? (await findFirstOpenLocationId(trx));
    if (id === null) throw refused('sediuId', LOCATION_MESSAGES.required);
    return id;
  }
  if (asked === '') throw refused('sediuId', LOCATION_MESSAGES.required);
  if (before?.location_id === asked) return asked;
  const location = await findLocation(trx, asked);
  if (!location) throw refused('sediuId', LOCATION_MESSAGES.notFound);
  if (location.archived_at !== null) throw refused('sediuId', LOCATION_MESSAGES.closed);
  return asked;
}

/**
 * The location and chair of a new or changed appointment, checked; the chair's row stays locked for the
 * transaction so that two bookings of one chair check for overlaps one after the other. Absent, the chair
 * is the one the appointment has while it stays at its location (none for a new one); a chair must belong
 * to the location and be open (one the appointment already has may have closed since).
 */
export async function choosePlace(
  trx: Kysely<Database>,
  input: Pick<AppointmentData, 'sediuId' | 'cabinetId'>,
  userId: string | null,
  before?: AppointmentRow,
): Promise<Place> {
  const locationId = await chooseLocation(trx, input.sediuId, userId, before);
  const stays = before?.location_id === locationId;
  const chairId =
    input.cabinetId === undefined ? (stays ? (before?.chair_id ?? null) : null) : input.cabinetId;
  if (chairId === null) return { location_id: locationId, chair_id: null };
  const chair = await lockChair(trx, chairId);
  if (!chair) throw refused('cabinetId', LOCATION_MESSAGES.chairNotFound);
  if (chair.location_id !== locationId) throw refused('cabinetId', LOCATION_MESSAGES.chairElsewhere);
  if (chair.archived_at !== null && !(stays && before?.chair_id === chairId)) {
    throw refused('cabinetId', LOCATION_MESSAGES.chairClosed);
  }
  return { location_id: locationId, chair_id: chairId };
}
