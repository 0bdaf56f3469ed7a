import { z } from 'zod';
import { pagedTotalFields } from './paging';
import { toInstant, wallTimeAt } from '../clinic-time';
import { formatCalendarDay } from '../dates';
import { formatLei } from '../money';

/** Rows per page of GET /api/audit. */
export const AUDIT_PAGE_SIZE = 50;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data trebuie să fie în formatul AAAA-LL-ZZ.')
  .refine((day) => !Number.isNaN(toInstant(day)), 'Data nu este validă.');

/** An optional filter where an empty value (`?user=`) means "no filter", as a form sends it. */
function optionalFilter<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** The filters of the audit list and of its CSV export; from/to are whole days in Bucharest. */
export const auditFilterQuery = z.strictObject({
  /** A user's id, or an email (anything with '@'), e.g. of a failed sign-in with an unknown address. */
  user: optionalFilter(z.string().trim().min(1).max(254, 'Utilizatorul este prea lung.')),
  /** A patient's `_id`. */
  patient: optionalFilter(z.string().trim().min(1).max(100, 'Pacientul nu este valid.')),
  action: optionalFilter(
    z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z][a-z0-9_]*$/, 'Acțiunea nu este validă.'),
  ),
  from: optionalFilter(isoDay),
  to: optionalFilter(isoDay),
});
export type AuditFilterQuery = z.input<typeof auditFilterQuery>;
export type AuditFilter = z.output<typeof auditFilterQuery>;

/** GET /api/audit: the filters and the page (from 1). */
export const auditListQuery = auditFilterQuery.extend({
  page: z.coerce.number().int().min(1, 'Pagina nu este validă.').max(100_000).default(1),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

/** One audit_log row as the API answers it. */
export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** The user's current name, when the account still exists. */
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  actionLabel: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  /** 'Nume Prenume (fișa nr. N)', when the patient still exists (deleted ones too). */
  patientName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The details in Romanian words, e.g. 'Câmpuri modificate: nume, telefon'. */
  detailsText: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditListResponse = z.object({
  rows: z.array(auditRow),
  /** Exact up to 1,000 matches, then a lower bound with `totalIsCapped` (contracts/paging.ts). */
  ...pagedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The patient the list is filtered by, named even when no row matches. */
  patient: z.object({ id: z.string(), label: z.string() }).nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** GET /api/audit/actions: the actions present in the log, with their labels. */
export const auditActionsResponse = z.array(z.object({ action: z.string(), label: z.string() }));
export type AuditActionOption = z.infer<typeof auditActionsResponse>[number];

/** GET /api/audit/users: the accounts and addresses present in the log. */
export const auditUsersResponse = z.array(
  z.object({ email: z.string(), userId: z.string().nullable(), name: z.string().nullable() }),
);
export type AuditUserOption = z.infer<typeof auditUsersResponse>[number];

/** What each recorded action is called on the audit screen and in the export. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Autentificare',
  login_failed: 'Autentificare eșuată',
  login_locked: 'Autentificare refuzată (prea multe încercări)',
  login_second_step: 'Parolă corectă, urmează al doilea pas',
  two_factor_failed: 'Cod de autentificare în doi pași greșit',
  two_factor_locked: 'Autentificare în doi pași blocată (prea multe coduri greșite)',
  two_factor_enabled: 'Activare autentificare în doi pași',
  two_factor_disabled: 'Dezactivare autentificare în doi pași',
  two_factor_policy_change: 'Modificare roluri cu autentificare în doi pași obligatorie',
  two_factor_reset: 'Resetare autentificare în doi pași (de administrator)',
  logout: 'Deconectare',
  password_change: 'Schimbare parolă',
  password_reset_requested: 'Cerere de resetare a parolei',
  patient_view: 'Vizualizare fișă pacient',
  patient_create: 'Creare pacient',
  patient_update: 'Modificare pacient',
  patient_block: 'Blocare/deblocare pacient',
  patient_delete: 'Ștergere pacient',
  patient_restore: 'Restaurare pacient',
  avatar_save: 'Avatar salvat',
  avatar_delete: 'Avatar șters',
  places_import: 'Import localități',
  history_create: 'Adăugare tratament',
  history_update: 'Modificare tratament',
  history_delete: 'Ștergere tratament',
  history_cancel: 'Anulare tratament semnat',
  bridge_create: 'Adăugare punte',
  bridge_delete: 'Ștergere punte',
  tooth_toggle: 'Dinte marcat absent/prezent',
  instrument_create: 'Adăugare instrument',
  instrument_update: 'Modificare instrument',
  instrument_delete: 'Ștergere instrument',
  sterilisation_cycle: 'Ciclu de sterilizare înregistrat',
  sterilisation_bi_pass: 'Indicator biologic conform',
  sterilisation_bi_fail: 'Indicator biologic neconform (utilizări de verificat)',
  autoclave_test: 'Test zilnic autoclav',
  sterilisation_settings: 'Modificare setări sterilizare',
  sterilisation_trace: 'Trasabilitate sterilizare consultată',
  appointment_create: 'Adăugare programare',
  appointment_update: 'Modificare programare',
  appointment_delete: 'Ștergere programare',
  sms_reminder_settings: 'Modificare text SMS de reamintire',
  document_create: 'Adăugare document',
  document_update: 'Modificare document',
  document_delete: 'Ștergere document',
  document_view: 'Vizualizare document',
  patient_documents_view: 'Vizualizare documente pacient',
  signature_activate: 'Semnătură pacient activată',
  signature_request: 'Cerere de semnătură trimisă la tabletă',
  signature_request_cancel: 'Cerere de semnătură anulată',
  user_create: 'Creare utilizator',
  user_update: 'Modificare utilizator',
  user_delete: 'Ștergere utilizator',
  user_invite: 'Invitație trimisă',
  user_sessions_end: 'Sesiunile utilizatorului închise de administrator',
  session_end: 'Sesiune închisă',
  sessions_end_others: 'Celelalte sesiuni închise',
  audit_export: 'Export jurnal de audit',
  clinic_update: 'Modificare date clinică',
  clinic_logo_save: 'Siglă clinică salvată',
  clinic_logo_delete: 'Siglă clinică ștearsă',
  patient_print: 'Tipărire fișă pacient',
  letter_create: 'Scrisoare medicală salvată',
  letter_print: 'Tipărire scrisoare medicală',
  patient_letters_view: 'Vizualizare scrisori medicale',
  patient_gdpr_export: 'Export date pacient (GDPR)',
  patient_anonymise: 'Anonimizare pacient (GDPR)',
  gdpr_retention_change: 'Modificare perioadă de păstrare a datelor pacienților (GDPR)',
  review_request: 'Cerere de recenzie trimisă',
  review_create: 'Recenzie primită de la pacient',
  review_settings: 'Modificare trimitere automată a cererilor de recenzie',
  price_item_create: 'Adăugare articol în lista de prețuri',
  price_item_update: 'Modificare articol din lista de prețuri',
  price_item_price: 'Preț nou în lista de prețuri',
  price_list_import: 'Import listă de prețuri',
  vat_settings_update: 'Modificare setări TVA',
  plan_create: 'Plan de tratament creat',
  plan_update: 'Plan de tratament modificat',
  plan_view: 'Vizualizare plan de tratament',
  plan_print: 'Tipărire plan de tratament',
  plan_accept: 'Plan de tratament acceptat de pacient',
  plan_reject: 'Plan de tratament refuzat',
  plan_progress: 'Lucrare din plan efectuată sau redeschisă',
  charge_create: 'Taxă adăugată pe cont',
  charge_reverse: 'Taxă stornată',
  payment_create: 'Plată încasată',
  payment_reverse: 'Plată stornată',
  payment_refund: 'Rambursare către pacient',
  receipt_print: 'Tipărire chitanță',
  patient_account_view: 'Vizualizare cont pacient',
  commission_rate_create: 'Comision de medic stabilit',
  ledger_settings_update: 'Modificare serie chitanțe',
  invoice_issue: 'Factură emisă',
  invoice_storno: 'Factură stornată',
  invoice_email: 'Factură trimisă pe email',
  invoice_export: 'Export facturi',
  invoice_settings_update: 'Modificare setări facturare',
  efactura_settings_update: 'Modificare setări e-Factura',
  efactura_authorize_start: 'Autorizare ANAF începută',
  efactura_authorize: 'Autorizare ANAF reușită',
  efactura_authorize_refused: 'Autorizare ANAF refuzată',
  efactura_authorize_failed: 'Autorizare ANAF eșuată',
  efactura_token_refresh: 'Token ANAF reînnoit',
  efactura_submission_resolve: 'Trimitere e-Factura rezolvată manual',
  backup_settings_update: 'Modificare copie de siguranță programată',
  backup_run: 'Copie de siguranță făcută',
  backup_run_failed: 'Copie de siguranță eșuată',
  location_create: 'Adăugare sediu',
  location_update: 'Modificare sediu',
  location_archive: 'Închidere sediu',
  location_reopen: 'Redeschidere sediu',
  location_move: 'Mutare sediu în listă',
  chair_create: 'Adăugare cabinet',
  chair_update: 'Redenumire cabinet',
  chair_archive: 'Închidere cabinet',
  chair_reopen: 'Redeschidere cabinet',
  chair_move: 'Mutare cabinet în listă',
  user_locations: 'Modificare sedii ale utilizatorului',
};

/** The Romanian label of an action; an action without one shows as recorded. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? (AUDIT_ACTION_LABELS[action] ?? action) : action;
}

/** Form fields as patient_update and user_update list them, in Romanian words. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  nume: 'nume',
  prenume: 'prenume',
  email: 'email',
  telefon: 'telefon',
  birthdate: 'data nașterii',
  judet: 'județ',
  oras: 'oraș',
  tara: 'țară',
  medic: 'medic',
  igienizare: 'igienizare',
  antecedente: 'antecedente',
  antecedenteDetalii: 'detalii antecedente',
  functie: 'funcție',
  roles: 'roluri',
  active: 'activ',
  // Locations (issue 14)
  name: 'denumire',
  address: 'adresă',
  phone: 'telefon',
  opensAt: 'ora de deschidere',
  closesAt: 'ora de închidere',
};

const WORDS: Readonly<Record<string, string>> = {
  card: 'card',
  numerar: 'numerar',
  transfer: 'transfer bancar',
  tratament: 'tratament',
  document: 'document',
  radiografie: 'radiografie',
  consent: 'consimțământ',
  entry: 'tratament',
  plan: 'plan de tratament',
  done: 'efectuat',
  open: 'de efectuat',
  price_list: 'lista de prețuri',
  manual: 'manual',
  unknown_email: 'email inexistent',
  wrong_password: 'parolă greșită',
  wrong_code: 'cod greșit',
  replayed_code: 'cod folosit deja',
  used_recovery_code: 'cod de recuperare folosit deja',
  inactive: 'cont dezactivat',
  reset: 'link de resetare',
  invite: 'invitație',
  sent: 'trimis',
  queued: 'în așteptare',
  failed: 'eșuat',
  upload: 'încărcare în aplicație',
  cli: 'linie de comandă',
  setup: 'prima configurare',
  demo: 'date demonstrative',
  seed: 'date demonstrative',
  env: 'configurare server',
};

const FILTER_LABELS: Readonly<Record<string, string>> = {
  user: 'utilizator',
  patient: 'pacient',
  action: 'acțiune',
  from: 'de la',
  to: 'până la',
};

/** A calendar day as the API keeps it ('2026-11-26'); shown as Romanian documents write it (26.11.2026). */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function word(value: unknown): string {
  // A yes/no without a text of its own reads in Romanian, never as `true`/`false`.
  if (typeof value === 'boolean') return value ? 'da' : 'nu';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (CALENDAR_DAY.test(text)) return formatCalendarDay(text);
  return Object.hasOwn(WORDS, text) ? (WORDS[text] ?? text) : text;
}

function list(value: unknown, labels: Readonly<Record<string, string>> = {}): string {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => (typeof item === 'string' ? (labels[item] ?? item) : word(item))).join(', ');
}

function filtersText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return 'fără filtre';
  const parts = Object.entries(value)
    .filter(([, filter]) => filter !== undefined && filter !== null && filter !== '')
    .map(([key, filter]) => `${FILTER_LABELS[key] ?? key} ${word(filter)}`);
  return parts.length > 0 ? parts.join(', ') : 'fără filtre';
}

type DetailText = (value: unknown) => string | null;

const TWO_FACTOR_STAGES: Readonly<Record<string, string>> = {
  'sign-in': 'La autentificare',
  profile: 'La activare, din profil',
  disable: 'La dezactivare',
};
const SECOND_FACTORS: Readonly<Record<string, string>> = {
  totp: 'Cu cod din aplicație',
  recovery_code: 'Cu cod de recuperare',
  password: 'Cu parola',
};

// Keys of the details each action records; internal ones (versions, hashes, file names replaced) are left out.
const DETAIL_TEXTS: Readonly<Record<string, DetailText>> = {
  fields: (value) =>
    Array.isArray(value) && value.length === 0
      ? 'Nicio modificare'
      : `Câmpuri modificate: ${list(value, FIELD_LABELS)}`,
  reason: (value) => `Motiv: ${word(value)}`,
  retryAfter: (value) => `Reîncercare după ${word(value)} s`,
  attempts: (value) => `Încercări: ${word(value)}`,
  lastAt: (value) => `Ultima la ${formatAuditTime(String(value))}`,
  blocked: (value) => (value === true ? 'Pacient blocat' : 'Pacient deblocat'),
  fileNumber: (value) => `Fișa nr. ${word(value)}`,
  via: (value) => `Prin ${word(value)}`,
  endedSessions: (value) => `Sesiuni închise: ${word(value)}`,
  current: (value) => (value === true ? 'Sesiunea curentă (deconectare)' : 'Altă sesiune'),
  mail: (value) => `Email ${word(value)}`,
  roles: (value) => `Roluri: ${list(value)}`,
  source: (value) => `Sursa: ${word(value)}`,
  counties: (value) => `Județe: ${word(value)}`,
  localities: (value) => `Localități: ${word(value)}`,
  name: (value) => `Fișier: ${word(value)}`,
  nume: (value) => `Nume: ${word(value)}`,
  email: (value) => `Email: ${word(value)}`,
  active: (value) => (value === false ? 'Cont inactiv' : 'Cont activ'),
  resend: (value) => (value === true ? 'Retrimisă' : null),
  filters: (value) => `Filtre: ${filtersText(value)}`,
  channel: (value) => `Canal: ${value === 'email' ? 'email' : 'SMS'}`,
  automatic: (value) => (value === true ? 'Trimisă automat' : null),
  rating: (value) => `Stele: ${word(value)}`,
  autoRequest: (value) => (value === true ? 'Trimitere automată pornită' : 'Trimitere automată oprită'),
  // Treatments, bridges, teeth
  type: (value) => (value === 'punte' ? 'Punte' : null),
  denumire: (value) => `Tratament: ${word(value)}`,
  dinte: (value) => (value === null ? 'Toată gura' : `Dinte ${word(value)}`),
  dinteStart: (value) => `De la dintele ${word(value)}`,
  dinteDestinatie: (value) => `până la dintele ${word(value)}`,
  removed: (value) => (value === true ? 'Dinte marcat absent' : 'Dinte marcat prezent'),
  isRemoved: (value) => (value === true ? 'Dinte marcat absent' : 'Dinte marcat prezent'),
  pictures: (value) => `Imagini: ${Array.isArray(value) ? value.length : word(value)}`,
  motiv: (value) => `Motiv: ${word(value)}`,
  semnat: (value) => (value === true ? 'Semnat de pacient' : null),
  // Documents, files
  kind: (value) => `Tip: ${word(value)}`,
  label: (value) => `Denumire: ${word(value)}`,
  day: (value) => `Data: ${word(value)}`,
  contentType: () => null,
  size: (value) => (typeof value === 'number' ? `Mărime: ${Math.ceil(value / 1024)} KB` : null),
  fileName: (value) => `Fișier: ${word(value)}`,
  previousName: (value) => `Nume anterior: ${word(value)}`,
  edition: (value) => `Ediția: ${word(value)}`,
  // Appointments
  start: (value) => `Început: ${formatAuditTime(String(value))}`,
  end: (value) => `Sfârșit: ${formatAuditTime(String(value))}`,
  trimite_sms: (value) => (value === true ? 'Cu SMS de reamintire' : 'Fără SMS de reamintire'),
  keepOverlap: (value) => (value === true ? 'Păstrată peste o altă programare' : null),
  // Money
  amountBani: (value) => (typeof value === 'number' ? `Sumă: ${formatLei(value)}` : null),
  amount_bani: (value) => (typeof value === 'number' ? `Sumă: ${formatLei(value)}` : null),
  totalBani: (value) => (typeof value === 'number' ? `Total: ${formatLei(value)}` : null),
  advanceBani: (value) => (typeof value === 'number' && value > 0 ? `Avans: ${formatLei(value)}` : null),
  method: (value) => `Metodă: ${word(value)}`,
  isAdvance: (value) => (value === true ? 'Avans' : null),
  quantity: (value) => `Cantitate: ${word(value)}`,
  description: (value) => `Descriere: ${word(value)}`,
  number: (value) => `Număr: ${word(value)}`,
  receipt: (value) => `Chitanța: ${word(value)}`,
  rateBp: (value) => (typeof value === 'number' ? `Comision: ${value / 100} %` : null),
  validFrom: (value) => `Valabil de la: ${word(value)}`,
  allocations: () => null,
  // Plans
  title: (value) => `Titlu: ${word(value)}`,
  alternative: (value) => `Varianta ${word(value)}`,
  alternatives: (value) => `Variante: ${Array.isArray(value) ? value.length : word(value)}`,
  revision: (value) => `Versiunea ${word(value)}`,
  resigned: (value) => (value === true ? 'Semnată din nou' : null),
  itemsDone: (value) => `Lucrări efectuate: ${word(value)}`,
  linked: (value) => (value === true ? 'Legat de tratament' : 'Dezlegat de tratament'),
  status: (value) => `Stare: ${word(value)}`,
  // Two-factor sign-in (decision 0027)
  step: (value) =>
    value === 'setup' ? 'Urmează configurarea autentificării în doi pași' : 'Urmează codul din aplicație',
  stage: (value) => TWO_FACTOR_STAGES[String(value)] ?? null,
  secondFactor: (value) => SECOND_FACTORS[String(value)] ?? null,
  by: (value) => SECOND_FACTORS[String(value)] ?? null,
  requiredRoles: (value) =>
    Array.isArray(value) && value.length === 0
      ? 'Obligatorie pentru niciun rol'
      : `Obligatorie pentru: ${list(value)}`,
  // GDPR erasure (decision 0035)
  ani: (value) => `Perioada de păstrare: ${word(value)} ani`,
  aniInainte: (value) => `Perioada anterioară: ${word(value)} ani`,
  ultimaVizita: (value) => `Ultima vizită: ${formatAuditTime(String(value))}`,
  fisiereSterse: (value) => `Fișiere șterse: ${word(value)}`,
  // Locations and chairs (issue 14, decision 0050)
  direction: (value) => (value === 'up' ? 'Mutat mai sus' : 'Mutat mai jos'),
  sedii: (value) => (Array.isArray(value) && value.length === 0 ? 'Toate sediile' : `Sedii: ${list(value)}`),
  // Identifiers and internal values: in the rows' own columns or of no use to a reader.
  version: () => null,
  sha256: () => null,
  replaced: () => null,
  wasCurrent: () => null,
};

/** Keys of ids (entryId, planItemId, reverses_id…): the row names what it is about; the id itself is noise. */
const ID_KEY = /(?:^id|Id|_id|^reverses)$/;

/** A recorded action's details in Romanian words, e.g. 'Câmpuri modificate: nume, data nașterii'. */
export function auditDetailsText(details: Record<string, unknown> | null): string {
  if (details === null) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    // A key without a Romanian text shows its value alone: a raw field name means nothing to the reader.
    const text = Object.hasOwn(DETAIL_TEXTS, key)
      ? (DETAIL_TEXTS[key]?.(value) ?? null)
      : ID_KEY.test(key) || value === null || typeof value === 'object'
        ? null
        : word(value);
    if (text !== null) parts.push(text);
  }
  return parts.join('; ');
}

/** 'Popescu Ion (fișa nr. 12)': how the audit names a patient. */
export function auditPatientLabel(patient: { nume: string; prenume: string; fileNumber: number }): string {
  return `${patient.nume} ${patient.prenume} (fișa nr. ${patient.fileNumber})`;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An audit time as the clinic reads it: 'DD.MM.YYYY HH:mm:ss' in Bucharest; '' when not a date. */
export function formatAuditTime(at: string): string {
  const instant = toInstant(at);
  if (Number.isNaN(instant)) return '';
  const wall = wallTimeAt(instant);
  return (
    `${pad(wall.day)}.${pad(wall.month)}.${pad(wall.year, 4)} ` +
    `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`
  );
}
