/**
 * A clinic group's locations (`sedii`) and their chairs (`cabinete`), issue 14, decision 0050. Every clinic
 * has at least one location; the screens show locations only when there are two or more, so a
 * single-location clinic sees no trace of them. A location or chair is closed (archived), never deleted:
 * its appointments keep their place.
 */
import { z } from 'zod';
import { RULE_MESSAGES } from '../rules';

export const LOCATION_MESSAGES = {
  notFound: 'Sediul nu a fost găsit.',
  nameRequired: 'Denumirea sediului este obligatorie.',
  nameTooLong: 'Denumirea sediului este prea lungă (cel mult 80 de caractere).',
  nameTaken: 'Există deja un sediu cu această denumire.',
  addressTooLong: 'Adresa este prea lungă (cel mult 200 de caractere).',
  phone: 'Telefonul poate avea doar cifre, eventual precedate de +.',
  hourFormat: 'Ora are forma HH:MM (de exemplu 08:00).',
  hoursBoth: 'Completați atât ora de deschidere, cât și ora de închidere (sau niciuna).',
  hoursOrder: 'Ora de închidere este după ora de deschidere.',
  lastOpen: 'Ultimul sediu deschis nu poate fi închis.',
  closed: 'Sediul ales este închis.',
  notYours: 'Nu lucrați la sediul ales.',
  required: 'Alegeți sediul.',
  stale: 'Sediul a fost modificat între timp de altcineva. Redeschideți-l pentru a vedea modificările.',
  chairNotFound: 'Cabinetul nu a fost găsit.',
  chairNameRequired: 'Denumirea cabinetului este obligatorie.',
  chairNameTooLong: 'Denumirea cabinetului este prea lungă (cel mult 60 de caractere).',
  chairNameTaken: 'Sediul are deja un cabinet cu această denumire.',
  chairElsewhere: 'Cabinetul ales nu aparține sediului ales.',
  chairClosed: 'Cabinetul ales este închis.',
  unknownLocations: 'Unul dintre sediile alese nu există sau este închis.',
  direction: 'Alegeți direcția: sus sau jos.',
} as const;

const HOUR = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const hour = z.string().trim().regex(HOUR, LOCATION_MESSAGES.hourFormat);

/** A chair or room of a location, in the order the clinic set. */
export const chair = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
});
export type Chair = z.infer<typeof chair>;

/** A location with its chairs (closed ones too, marked). */
export const location = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** 'HH:MM'; both null: the clinic's default calendar hours. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  position: z.number().int(),
  archived: z.boolean(),
  version: z.number().int(),
  chairs: z.array(chair),
});
export type Location = z.infer<typeof location>;

/** GET /api/locations: every location in order, and the ones the signed-in user works at (none: all). */
export const locationsAnswer = z.object({
  locations: z.array(location),
  mine: z.array(z.string()),
});
export type LocationsAnswer = z.infer<typeof locationsAnswer>;

const locationFields = {
  name: z
    .string(RULE_MESSAGES.required)
    .trim()
    .min(1, LOCATION_MESSAGES.nameRequired)
    .max(80, LOCATION_MESSAGES.nameTooLong),
  address: z.string().trim().max(200, LOCATION_MESSAGES.addressTooLong).default(''),
  phone: z
    .string()
    .trim()
    .transform((text) => text.replace(/[\s.()-]/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{6,15}$/, LOCATION_MESSAGES.phone)]))
    .default(''),
  /** '' or null: no hours of its own. */
  opensAt: z
    .union([z.literal('').transform(() => null), hour])
    .nullable()
    .default(null),
  closesAt: z
    .union([z.literal('').transform(() => null), hour])
    .nullable()
    .default(null),
};

/** Both hours or neither, and the closing one after the opening one (reported on the field to fix). */
function hoursInOrder(
  value: { opensAt: string | null; closesAt: string | null },
  ctx: z.core.$RefinementCtx<{ opensAt: string | null; closesAt: string | null }>,
): void {
  if ((value.opensAt === null) !== (value.closesAt === null)) {
    const path = value.opensAt === null ? 'opensAt' : 'closesAt';
    ctx.addIssue({ code: 'custom', path: [path], message: LOCATION_MESSAGES.hoursBoth });
  } else if (value.opensAt !== null && value.closesAt !== null && value.closesAt <= value.opensAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: LOCATION_MESSAGES.hoursOrder });
  }
}

/** POST /api/locations. */
export const locationInput = z.strictObject(locationFields).superRefine(hoursInOrder);
export type LocationInput = z.input<typeof locationInput>;
export type LocationData = z.output<typeof locationInput>;

/** PUT /api/locations/{id}: the fields, and the `version` they were read at. */
export const locationUpdate = z
  .strictObject({ ...locationFields, version: z.number().int().positive() })
  .superRefine(hoursInOrder);
export type LocationUpdate = z.input<typeof locationUpdate>;

/** POST /api/locations/{id}/chairs and PUT /api/chairs/{id}. */
export const chairInput = z.strictObject({
  name: z
    .string(RULE_MESSAGES.required)
    .trim()
    .min(1, LOCATION_MESSAGES.chairNameRequired)
    .max(60, LOCATION_MESSAGES.chairNameTooLong),
});
export type ChairInput = z.input<typeof chairInput>;

/** Where a staff member works: location ids (empty: every location). */
export const userLocationIds = z.array(z.string().trim().min(1).max(100)).max(100);

/** PUT /api/users/{id}/locations: where a staff member works (empty: every location). */
export const userLocationsInput = z.strictObject({ locationIds: userLocationIds });
export type UserLocationsInput = z.input<typeof userLocationsInput>;

/** `/api/locations/{id}/…`, `/api/chairs/{id}/…`, `/api/users/{id}/locations`. */
export const locationParams = z.strictObject({ id: z.string().min(1).max(100) });

/** POST /api/locations/{id}/move and /api/chairs/{id}/move: one place up or down in the order. */
export const moveInput = z.strictObject({
  direction: z.enum(['up', 'down'], LOCATION_MESSAGES.direction),
});
export type MoveInput = z.input<typeof moveInput>;

/** PUT /api/users/{id}/locations answers the user's locations (empty: every location). */
export const userLocationsAnswer = z.object({ locationIds: z.array(z.string()) });
export type UserLocationsAnswer = z.infer<typeof userLocationsAnswer>;

/** The open locations, in order: the ones a screen offers. */
export function openLocations(locations: readonly Location[]): Location[] {
  return locations.filter((place) => !place.archived);
}

/** True when the clinic is a group: two or more open locations. Below that, screens show no location. */
export function isClinicGroup(locations: readonly Location[]): boolean {
  return openLocations(locations).length > 1;
}

/**
 * The location a screen opens on: the asked one when it is open, else the user's first open one, else the
 * clinic's first open one.
 */
export function defaultLocationId(answer: LocationsAnswer, asked: string | null | undefined): string | null {
  const open = openLocations(answer.locations);
  if (asked && open.some((place) => place.id === asked)) return asked;
  const mine = open.find((place) => answer.mine.includes(place.id));
  return mine?.id ?? open[0]?.id ?? null;
}

/** Where a printed document's letterhead says the clinic is: a location's name, its address and phone. */
export interface LetterheadPlace {
  /** The location's name in a clinic group, null outside one (the letterhead names only the clinic). */
  locationName: string | null;
  address: string;
  phone: string;
}

/**
 * The place a printed letterhead shows (issue 14: a location's letterhead where it differs). In a clinic
 * group: the location the document is printed for (`locationId`; not given: the user's own, as screens
 * open), with its own address and phone, each falling back to the clinic's where the location left it
 * empty. `null`, outside a group, or while the locations are not known: the clinic's own (an invoice's
 * letterhead is the legal entity's, wherever it is printed).
 */
export function letterheadPlace(
  clinic: { adresa: string; telefon: string },
  answer: LocationsAnswer | undefined,
  locationId?: string | null,
): LetterheadPlace {
  const own: LetterheadPlace = { locationName: null, address: clinic.adresa, phone: clinic.telefon };
  if (locationId === null || answer === undefined || !isClinicGroup(answer.locations)) return own;
  const id = defaultLocationId(answer, locationId);
  const place = answer.locations.find((candidate) => candidate.id === id);
  if (!place) return own;
  return {
    locationName: place.name,
    address: place.address || clinic.adresa,
    phone: place.phone || clinic.telefon,
  };
}
