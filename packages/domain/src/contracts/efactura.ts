/**
 * Sending invoices to RO e-Factura (issue 13): the admin's ANAF connection (OAuth client data, the
 * authorisation, its status) and the state of each document's submission.
 */
import { z } from 'zod';
import { SUBMISSION_STATES } from '../efactura-sending';

export const EFACTURA_MESSAGES = {
  url: 'Adresa nu este validă (http:// sau https://).',
  clientId: 'ID-ul clientului OAuth este obligatoriu.',
  redirectUri: 'Adresa de redirecționare (callback) nu este validă.',
  cif: 'Codul fiscal (CIF) trebuie să aibă între 2 și 10 cifre, cu sau fără RO.',
  otherCifRepeated: 'Fiecare CIF apare o singură dată, iar cele suplimentare diferă de CIF-ul clinicii.',
  otherCifsTooMany: 'Cel mult 20 de CIF-uri suplimentare.',
  notConfigured:
    'Completați mai întâi datele aplicației OAuth ANAF (ID client, secret, adresa de callback, CIF).',
  badState:
    'Cererea de autorizare ANAF nu este validă sau a expirat. Porniți din nou autorizarea din Setări.',
  submissionNotFound: 'Documentul nu a fost trimis spre e-Factura.',
  answerNotFound: 'Răspunsul ANAF nu a fost încă descărcat.',
  duplicate: 'Documentul a fost deja pus la coadă pentru e-Factura.',
  notResolvable: 'Doar o trimitere de verificat sau netrimisă poate fi rezolvată.',
  uploadIndex: 'Indexul de încărcare are doar cifre.',
  uploadIndexTaken: 'Indexul de încărcare aparține deja altui document.',
  interrupted:
    'Trimiterea a fost întreruptă și factura poate să fi ajuns la ANAF. Căutați-o în SPV: dacă există, ' +
    'introduceți indexul de încărcare; dacă nu, trimiteți-o din nou.',
  uploadTimeout:
    'ANAF nu a răspuns la trimitere, iar factura poate să fi ajuns la ANAF. Căutați-o în SPV înainte de a o ' +
    'trimite din nou.',
  notConnected: 'Aplicația nu este autorizată la ANAF. Un administrator autorizează conexiunea din Setări.',
  tokenRejected: 'ANAF a refuzat autorizarea; un administrator o reînnoiește din Setări.',
} as const;

export const efacturaEnvironment = z.enum(['test', 'prod']);
export type EfacturaEnvironment = z.infer<typeof efacturaEnvironment>;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), EFACTURA_MESSAGES.url)
  .transform((value) => value.replace(/\/+$/, ''));

/** GET /api/efactura/settings: never the client secret, only whether one is stored. */
export const efacturaSettings = z.object({
  environment: efacturaEnvironment,
  /** The e-Factura REST base; null: ANAF's for the environment. */
  apiUrl: z.string().nullable(),
  /** The OAuth server's base (…/anaf-oauth2/v1); null: ANAF's. */
  oauthUrl: z.string().nullable(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  redirectUri: z.string(),
  /** The clinic's fiscal code, digits only. */
  cif: z.string(),
  /**
   * The other firms' fiscal codes (digits only) the same authorisation uploads for: a location that is a
   * firm of its own, when the authorised person has the right to in ANAF's SPV (decision 0050).
   */
  otherCifs: z.array(z.string()),
  /** 0 until an admin first saves them. */
  version: z.number().int().nonnegative(),
});
export type EfacturaSettings = z.infer<typeof efacturaSettings>;

/** A fiscal code as typed: with or without RO and blanks; digits only once read. */
const cifField = z
  .string()
  .trim()
  .transform((value) => value.replace(/^RO/i, '').replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{2,10}$/, EFACTURA_MESSAGES.cif));

/** PUT /api/efactura/settings. An empty or missing `clientSecret` keeps the stored one. */
export const efacturaSettingsUpdate = z
  .strictObject({
    environment: efacturaEnvironment,
    apiUrl: httpUrl.nullable().default(null),
    oauthUrl: httpUrl.nullable().default(null),
    clientId: z.string().trim().min(1, EFACTURA_MESSAGES.clientId).max(200),
    clientSecret: z.string().trim().max(500).optional(),
    redirectUri: z
      .string()
      .trim()
      .max(500)
      .refine(
        (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
        EFACTURA_MESSAGES.redirectUri,
      ),
    cif: cifField,
    otherCifs: z.array(cifField).max(20, EFACTURA_MESSAGES.otherCifsTooMany).default([]),
    version: z.number().int().nonnegative(),
  })
  .superRefine((settings, context) => {
    const seen = new Set([settings.cif]);
    settings.otherCifs.forEach((cif, index) => {
      if (seen.has(cif)) {
        context.addIssue({
          code: 'custom',
          path: ['otherCifs', index],
          message: EFACTURA_MESSAGES.otherCifRepeated,
        });
      }
      seen.add(cif);
    });
  });
export type EfacturaSettingsUpdate = z.input<typeof efacturaSettingsUpdate>;

/** GET /api/efactura/status. */
export const efacturaStatus = z.object({
  /** Client id, secret, callback and CIF are saved. */
  configured: z.boolean(),
  /** Authorised and the refresh token has not expired. */
  connected: z.boolean(),
  authorisedAt: z.string().nullable(),
  accessExpiresAt: z.string().nullable(),
  refreshExpiresAt: z.string().nullable(),
});
export type EfacturaStatus = z.infer<typeof efacturaStatus>;

/** GET /api/efactura/callback: what ANAF's redirect carries. */
export const efacturaCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(500).optional(),
});

export const submissionState = z.enum(SUBMISSION_STATES);

/** A document's e-Factura submission, as the invoice screen shows it. */
export const efacturaSubmission = z.object({
  documentId: z.string(),
  documentKind: z.enum(['invoice', 'credit-note']),
  b2c: z.boolean(),
  state: submissionState,
  /** ANAF's index_incarcare, once uploaded. */
  uploadIndex: z.string().nullable(),
  /** ANAF's id_descarcare of the answer. */
  downloadId: z.string().nullable(),
  /** ANAF's messages, in Romanian as ANAF gives them (nok, or a refused upload). */
  errors: z.array(z.string()),
  /** Why the last try did not get through (network, ANAF unavailable…). */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  hasAnswer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type EfacturaSubmission = z.infer<typeof efacturaSubmission>;

export const submissionParams = z.strictObject({ documentId: z.string().trim().min(1).max(100) });

/**
 * POST /api/efactura/submissions/{documentId}/resolve (admin), for a submission `check` or `failed`:
 * `uploaded` with the upload index found in SPV (the worker then follows it), or `requeue` when the admin
 * made sure ANAF does not have it.
 */
export const resolveSubmissionInput = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('uploaded'),
    uploadIndex: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, EFACTURA_MESSAGES.uploadIndex),
    version: z.number().int().nonnegative(),
  }),
  z.strictObject({ action: z.literal('requeue'), version: z.number().int().nonnegative() }),
]);
export type ResolveSubmissionInput = z.infer<typeof resolveSubmissionInput>;
