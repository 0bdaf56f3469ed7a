/**
 * Patients' e-signatures (issue 8; SPEC.md §2 treatment modal signature button, §7 POST /api/signature,
 * §8 'Eroare activare semnatura digitala.'). A signature covers a fixed content — a history entry's
 * clinical fields or a consent text — stored with its SHA-256 and a snapshot (signatures.ts).
 */
import { z } from 'zod';
import { ALTERNATIVE_LABELS } from '../plans';
import { SIGNED_ENTRY_FIELDS, type SignedContent } from '../signatures';

/** The texts of the signature calls and screens. */
export const SIGNATURE_MESSAGES = {
  /** SPEC.md §8: the alert when a signature cannot be activated. */
  activationFailed: 'Eroare activare semnatura digitala.',
  /** SPEC.md §2: the signature button once the signature is active. */
  active: 'semnatura activa',
  noLongerMatching: 'semnătura nu mai corespunde',
  imageInvalid: 'Semnătura trebuie să fie o imagine PNG.',
  imageEmpty: 'Semnătura este goală: semnați în chenar.',
  imageTooLarge: 'Imaginea semnăturii este prea mare.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  entryNotFound: 'Tratamentul nu a fost găsit.',
  requestNotFound: 'Cererea de semnătură nu a fost găsită.',
  requestClosed: 'Cererea de semnătură nu mai este în așteptare.',
  entryChanged: 'Tratamentul a fost modificat între timp; redeschideți-l înainte de semnare.',
} as const;

/** A PNG data URL as signature_pad's toDataURL() gives it; the server checks the bytes themselves. */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** The largest signature image accepted, decoded (a full-screen tablet signature is ~50–150 KB). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** The largest width or height of a signature image, in pixels. */
export const SIGNATURE_MAX_SIDE = 4000;
/** How long a request sent to a signature station waits for the patient. */
export const SIGNATURE_REQUEST_MINUTES = 15;

const imageDataUrl = z
  .string(SIGNATURE_MESSAGES.imageInvalid)
  // Half again above the limit: a larger image gets its 413 from the server, which counts the bytes.
  .max(Math.ceil(SIGNATURE_MAX_BYTES * 1.5), { message: SIGNATURE_MESSAGES.imageTooLarge })
  .refine(
    (text) =>
      text.startsWith(SIGNATURE_DATA_URL_PREFIX) &&
      /^[A-Za-z0-9+/]+={0,2}$/.test(text.slice(SIGNATURE_DATA_URL_PREFIX.length)),
    SIGNATURE_MESSAGES.imageInvalid,
  );
const patientId = z.string().trim().min(1).max(100);
// As contracts/history.ts's entryId (which imports this module, so it is not imported back).
const entryId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const consentText = z.string().trim().min(1).max(5000);

/** POST /api/signature: the patient signs a history entry (optionally at the version the screen shows). */
export const entrySignaturePayload = z.strictObject({
  kind: z.literal('entry'),
  patientId,
  entryId,
  version: z.number().int().positive().optional(),
  image: imageDataUrl,
});
/** …or a patient-level consent (the default text unless one is sent). */
export const consentSignaturePayload = z.strictObject({
  kind: z.literal('consent'),
  patientId,
  text: consentText.optional(),
  image: imageDataUrl,
});
/**
 * …or (issue 12) the acceptance of one alternative of a treatment plan at the plan's `revision` (the one
 * the screen shows: else 409). Needs request:plan-signature.
 */
export const planSignaturePayload = z.strictObject({
  kind: z.literal('plan'),
  patientId,
  planId: z.string().trim().min(1).max(100),
  alternative: z.enum(ALTERNATIVE_LABELS),
  revision: z.number().int().positive(),
  image: imageDataUrl,
});
/** …or the pending request shown on a signature station. */
export const requestSignaturePayload = z.strictObject({
  kind: z.literal('request'),
  requestId: z.string().trim().min(1).max(100),
  image: imageDataUrl,
});
export const signaturePayload = z.discriminatedUnion('kind', [
  entrySignaturePayload,
  consentSignaturePayload,
  planSignaturePayload,
  requestSignaturePayload,
]);
export type SignaturePayload = z.input<typeof signaturePayload>;

const nullableText = z.string().nullable();
export const signedEntryFields = z.object(
  Object.fromEntries(SIGNED_ENTRY_FIELDS.map((key) => [key, nullableText])) as Record<
    (typeof SIGNED_ENTRY_FIELDS)[number],
    typeof nullableText
  >,
);

/** What was signed, as stored (signatures.ts SignedContent). */
export const signedContent: z.ZodType<SignedContent> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('entry'),
    patientId: z.string(),
    entryId: z.number(),
    fields: signedEntryFields,
  }),
  z.object({ kind: z.literal('consent'), patientId: z.string(), text: z.string() }),
  z.object({
    kind: z.literal('plan'),
    patientId: z.string(),
    planId: z.string(),
    revision: z.number(),
    title: z.string(),
    validUntil: z.string(),
    alternative: z.enum(ALTERNATIVE_LABELS),
    items: z.array(
      z.object({
        id: z.string(),
        phase: z.string(),
        name: z.string(),
        teeth: z.array(z.string()),
        quantity: z.number(),
        unitPriceBani: z.number(),
        discountBani: z.number(),
        finalBani: z.number(),
      }),
    ),
    discountBani: z.number(),
    totalBani: z.number(),
  }),
]);

export const SIGNATURE_KINDS = ['entry', 'consent', 'plan'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** A stored signature with its state now: does the content still match what was signed? */
export const signatureRecord = z.object({
  id: z.string(),
  kind: z.enum(SIGNATURE_KINDS),
  patientId: z.string(),
  entryId: z.number().nullable(),
  /** The PNG's name: GET /history-imgs/{patientId}/{image} (signed-in staff only). */
  image: z.string(),
  signedAt: z.string(),
  /** The staff member who collected it. */
  signedBy: z.string(),
  /** 'station' when the patient signed on a signature station. */
  via: z.enum(['direct', 'station']),
  /** SHA-256 (hex) of the canonical JSON of `snapshot`. */
  sha256: z.string(),
  snapshot: signedContent,
  matches: z.boolean(),
  /** The signed fields that differ now (labels in SIGNED_FIELD_LABELS); empty when it matches. */
  changed: z.array(z.string()),
});
export type SignatureRecord = z.infer<typeof signatureRecord>;

/** GET /api/signatures/{patientId}: the patient's signatures, newest first. */
export const patientSignatures = z.array(signatureRecord);

/** POST /api/signature-requests: send a signature request to the clinic's signature station. */
export const signatureRequestCreate = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('entry'),
    patientId,
    entryId,
    version: z.number().int().positive().optional(),
  }),
  z.strictObject({ kind: z.literal('consent'), patientId, text: consentText.optional() }),
  planSignaturePayload.omit({ image: true }),
]);
export type SignatureRequestCreate = z.input<typeof signatureRequestCreate>;

export const SIGNATURE_REQUEST_STATUSES = ['pending', 'signed', 'cancelled', 'expired'] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];

/** A request as the staff who sent it follows it (GET /api/signature-requests/{id}). */
export const signatureRequestState = z.object({
  id: z.string(),
  status: z.enum(SIGNATURE_REQUEST_STATUSES),
  kind: z.enum(SIGNATURE_KINDS),
  patientId: z.string(),
  entryId: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Once signed, the signature. */
  signature: signatureRecord.nullable(),
});
export type SignatureRequestState = z.infer<typeof signatureRequestState>;

/** What a signature station shows: only the pending request — who signs and what they sign. */
export const stationRequest = z.object({
  id: z.string(),
  patientName: z.string(),
  content: signedContent,
  expiresAt: z.string(),
});
export type StationRequest = z.infer<typeof stationRequest>;

/** The data of the station's `request` server-sent event (and of GET /api/signature-station/pending). */
export const stationEvent = z.object({ request: stationRequest.nullable() });
export type StationEvent = z.infer<typeof stationEvent>;
