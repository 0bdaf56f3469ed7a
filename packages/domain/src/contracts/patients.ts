import { z } from 'zod';
import { pagedTotalFields } from './paging';
import { balance } from './ledger';
import { ANTECEDENT_KEYS, type AntecedentKey } from '../antecedents';
import { toInstant } from '../clinic-time';
import { RULE_MESSAGES } from '../rules';
import { historyEntry, toothId } from './history';

const REQUIRED = RULE_MESSAGES.required;
const NAME_PATTERN = /^[\p{L}]+(?:[ '-][\p{L}]+)*$/u;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data trebuie să fie în formatul AAAA-LL-ZZ.')
  // The pattern lets 2026-02-30 through; the server computes ages and day boundaries from it.
  .refine((day) => !Number.isNaN(toInstant(day)), 'Data nu este validă.');

const personName = (field: string) =>
  z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(80, `Câmpul ${field} este prea lung.`)
    .regex(NAME_PATTERN, RULE_MESSAGES.alpha(field));

const antecedentValue = z.strictObject({
  val: z.boolean(),
  text: z.string().trim().max(500, 'Detaliile sunt prea lungi.').optional(),
});

/** The medical-history checklist: only the known items (antecedents.ts), each with its flag and note. */
export const antecedente = z
  .record(z.string(), antecedentValue)
  .refine((value) => Object.keys(value).every((key) => ANTECEDENT_KEYS.includes(key as AntecedentKey)), {
    message: 'Antecedent necunoscut.',
  });

/** What a person enters in the patient form (SPEC.md §3 Patient), for POST /api/save-pacient. */
export const patientInput = z.strictObject({
  nume: personName('nume'),
  prenume: personName('prenume'),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().email(RULE_MESSAGES.email).max(254)])
    .default(''),
  // SPEC.md §5: spaces are removed before sending; the server removes them too.
  telefon: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{6,15}$/, 'Numărul de telefon nu este valid.')]))
    .default(''),
  birthdate: z.union([isoDay, z.null()]).default(null),
  judet: z.string().trim().max(80).default(''),
  oras: z.string().trim().max(120).default(''),
  tara: z.string().trim().min(1, REQUIRED).max(80).default('România'),
  medic: z.string().trim().max(120).default(''),
  igienizare: z.boolean().default(false),
  antecedente: antecedente.default({}),
  antecedenteDetalii: z.string().trim().max(2000, 'Detaliile sunt prea lungi.').default(''),
});
export type PatientInput = z.input<typeof patientInput>;
export type PatientData = z.output<typeof patientInput>;

/** POST /api/update-pacient/{id}: the form plus the `version` it loaded (a stale version answers 409). */
export const patientUpdate = patientInput.extend({ version: z.number().int().positive() });
export type PatientUpdate = z.input<typeof patientUpdate>;

export const attachment = z.object({ contentType: z.string(), size: z.number() });

/**
 * A stored history entry as the patient carries it: SPEC.md §3's fields plus the `version` that
 * POST /api/update-history sends back (a stale one answers 409).
 */
export const patientHistoryEntry = historyEntry.extend({ version: z.number().int().positive() });
export type PatientHistoryEntry = z.output<typeof patientHistoryEntry>;

/**
 * A signed entry that was cancelled instead of deleted (issue 19): kept as it was, with when, by whom and
 * why. It no longer counts as done work (chart, plans, account), like a deleted one.
 */
export const cancelledHistoryEntry = patientHistoryEntry.extend({
  anulat: z.object({ la: z.string(), de: z.string(), motiv: z.string() }),
});
export type CancelledHistoryEntry = z.output<typeof cancelledHistoryEntry>;

/** A patient as GET /api/get-pacient/{id} answers it (SPEC.md §3 Patient). */
export const patient = z.object({
  _id: z.string(),
  id: z.number().int(),
  nume: z.string(),
  prenume: z.string(),
  email: z.string(),
  telefon: z.string(),
  birthdate: z.string().nullable(),
  varsta: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  judet: z.string(),
  oras: z.string(),
  tara: z.string(),
  medic: z.string(),
  igienizare: z.boolean(),
  blocked: z.boolean(),
  antecedente: z.record(z.string(), antecedentValue),
  antecedenteDetalii: z.string(),
  avatar: z.string().nullable(),
  _attachments: z.record(z.string(), attachment),
  /** The live treatment history, newest treatment date first (then newest id). */
  history: z.array(patientHistoryEntry),
  /** The cancelled signed entries, newest treatment date first; not part of `history`. */
  anulate: z.array(cancelledHistoryEntry).default([]),
  /** The removed teeth (POST /api/sterge-dinte toggles one). */
  dintiStersi: z.array(toothId),
  // Filled by later features (appointments, signatures); empty until then.
  programari: z.array(z.unknown()),
  signature: z.unknown().nullable(),
  version: z.number().int(),
  deletedAt: z.string().nullable(),
  /** When the patient was anonymised (GDPR erasure, decision 0035); null for every other patient. */
  anonimizatLa: z.string().nullable().optional(),
  /** The balance of the patient's account (issue 13): GET /api/get-pacient only, for roles that read payments. */
  sold: balance.optional(),
});
export type Patient = z.infer<typeof patient>;

/** One row of the patient list. */
export const patientListItem = patient
  .pick({
    _id: true,
    id: true,
    nume: true,
    prenume: true,
    telefon: true,
    email: true,
    judet: true,
    oras: true,
    tara: true,
    medic: true,
    igienizare: true,
    blocked: true,
    avatar: true,
    createdAt: true,
    deletedAt: true,
  })
  .extend({
    /**
     * Issue 12: the amount still to do of the patient's accepted treatment plans (acceptat / în lucru), in
     * bani; 0 when none.
     */
    planOpenBani: z.number().int(),
  });
export type PatientListItem = z.infer<typeof patientListItem>;

export const PATIENT_PAGE_SIZE = 10;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** GET /api/pacienti query: search, the equality filters, the creation-date range and the page (from 1). */
export const patientListQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  judet: z.string().trim().max(80).optional(),
  oras: z.string().trim().max(120).optional(),
  tara: z.string().trim().max(80).optional(),
  medic: z.string().trim().max(120).optional(),
  igienizare: flag.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Admins only: list the deleted patients (to restore them). */
  deleted: flag.optional(),
  /** 'de-plata': only the patients with a balance to pay ("cu sold de plată", issue 13). */
  sold: z.enum(['de-plata']).optional(),
  /** A clinic group's location: only the patients with an appointment there (issue 14). */
  sediu: z.string().trim().min(1).max(100).optional(),
});
export type PatientListQuery = z.input<typeof patientListQuery>;

export const patientListResponse = z.object({
  pacienti: z.array(patientListItem),
  /** Exact up to 1,000 matches, then a lower bound with `totalIsCapped` (contracts/paging.ts). */
  ...pagedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PatientListResponse = z.infer<typeof patientListResponse>;

/** POST /api/block-pacient */
export const blockPatientRequest = z.strictObject({ id: z.string().min(1) });
/** POST /api/delete-avatar-img */
export const deleteAvatarRequest = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
});

/** A doctor as GET /api/get-medici answers (active users with the medic role). */
export const doctor = z.object({ _id: z.string(), nume: z.string(), email: z.string() });
export type Doctor = z.infer<typeof doctor>;

/** Avatar uploads: SPEC.md §5 (any case); anything else → 'Format document nesuportat.'. */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'heic'] as const;
export const AVATAR_FORMAT_ERROR = 'Format document nesuportat.';
export function isAvatarFileName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') && (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
}
