import type { Generated, Insertable, Selectable } from 'kysely';

/** Portable column conventions (docs/decisions/0003): ISO-8601 UTC text times, 0/1 booleans, JSON as text. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  patients: PatientsTable;
  counters: CountersTable;
  places: PlacesTable;
  files: FilesTable;
  history_entries: HistoryEntriesTable;
  history_pictures: HistoryPicturesTable;
  signatures: SignaturesTable;
  signature_requests: SignatureRequestsTable;
  instruments: InstrumentsTable;
  sterilisation_cycles: SterilisationCyclesTable;
  cycle_items: CycleItemsTable;
  instrument_usages: InstrumentUsagesTable;
  autoclave_tests: AutoclaveTestsTable;
  documents: DocumentsTable;
  appointments: AppointmentsTable;
  review_requests: ReviewRequestsTable;
  letters: LettersTable;
  reviews: ReviewsTable;
  price_items: PriceItemsTable;
  price_item_prices: PriceItemPricesTable;
  treatment_plans: TreatmentPlansTable;
  treatment_plan_revisions: TreatmentPlanRevisionsTable;
  plan_item_links: PlanItemLinksTable;
  charges: ChargesTable;
  payments: PaymentsTable;
  allocations: AllocationsTable;
  commission_rates: CommissionRatesTable;
  patient_balances: PatientBalancesTable;
  patient_doctor_open: PatientDoctorOpenTable;
  patient_location_open: PatientLocationOpenTable;
  efactura_settings: EfacturaSettingsTable;
  efactura_tokens: EfacturaTokensTable;
  efactura_oauth_states: EfacturaOauthStatesTable;
  efactura_submissions: EfacturaSubmissionsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoiced_charges: InvoicedChargesTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  file_erasures: FileErasuresTable;
  locations: LocationsTable;
  chairs: ChairsTable;
  user_locations: UserLocationsTable;
}

export interface UsersTable {
  id: string;
  nume: string;
  /** Trimmed and lower-cased before it is stored or compared. */
  email: string;
  telefon: string;
  functie: string;
  /** JSON array of role names; the first is the user's `rol`. */
  roles: string;
  password_hash: string | null;
  active: number;
  created_at: string;
  updated_at: string;
  version: number;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; the idle expiry is computed from last_seen_at. */
  expires_at: string;
  ip: string;
  user_agent: string;
}
export type SessionRow = Selectable<SessionsTable>;

export type PasswordTokenPurpose = 'reset' | 'invite';

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  purpose: PasswordTokenPurpose;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type PasswordResetRow = Selectable<PasswordResetsTable>;

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: string | null;
  user_email: string | null;
  ip: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  patient_id: string | null;
  details: string | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

export type OutboxChannel = 'mail' | 'sms';
/** 'sending': a worker claimed the row; 'cancelled': what it was about changed before it was sent. */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface OutboxTable {
  id: string;
  channel: OutboxChannel;
  /** What the row is about, e.g. 'appointment-reminder'; null for mails sent on the spot. */
  kind: string | null;
  /** The id of what it is about (the appointment's id for a reminder). */
  ref_id: string | null;
  recipient: string;
  subject: string | null;
  body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  send_after: string;
  /** When a worker claimed it (status 'sending'); a claim older than the lease is taken again. */
  claimed_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}
export type OutboxRow = Selectable<OutboxTable>;

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}

/** A patient (SPEC.md §3); `id` is the API's `_id`, `file_number` the clinic's sequential file number (`id`). */
export interface PatientsTable {
  id: string;
  file_number: number;
  nume: string;
  prenume: string;
  email: string;
  telefon: string;
  /** YYYY-MM-DD. */
  birthdate: string | null;
  judet: string;
  oras: string;
  tara: string;
  medic: string;
  igienizare: number;
  blocked: number;
  /** JSON object: checklist key → { val, text? }. */
  antecedente: string;
  antecedente_detalii: string;
  /** JSON array of tooth names. */
  dinti_stersi: string;
  avatar: string | null;
  /** Normalised "nume prenume|prenume nume|phone digits", indexed for substring search. */
  search_key: string;
  judet_norm: string;
  oras_norm: string;
  tara_norm: string;
  medic_norm: string;
  created_at: string;
  updated_at: string;
  version: number;
  deleted_at: string | null;
  deleted_by: string | null;
  /** When the identity was removed (GDPR erasure, migration 0025); null for every other patient. */
  anonymised_at: string | null;
  anonymised_by: string | null;
}
export type PatientRow = Selectable<PatientsTable>;
export type NewPatientRow = Insertable<PatientsTable>;

/** Named sequences (patient file numbers, …) handed out inside the caller's transaction. */
export interface CountersTable {
  name: string;
  value: number;
}

/** One SIRUTA locality of a county, in the importer's order (DESIGN.md §7). */
export interface PlacesTable {
  county_auto: string;
  position: number;
  nume: string;
  simplu: string | null;
  comuna: string | null;
}
export type NewPlaceRow = Insertable<PlacesTable>;

/** A stored file's metadata; the bytes are under `<data dir>/files/<disk_name>`. */
export interface FilesTable {
  id: string;
  patient_id: string | null;
  kind: string;
  /** The public name in addresses (/history-imgs/{patientId}/{name}); unique per patient. */
  name: string;
  /** Random, relative to the files directory; never derived from what the user sent. */
  disk_name: string;
  content_type: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  created_at: string;
  created_by: string | null;
  deleted_at: string | null;
}
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;

/**
 * A treatment history entry (SPEC.md §3 History entry), keyed by patient and `id` (a ms timestamp unique
 * per patient). `created_at` is the treatment date chosen in the modal; `updated_at` is null until the
 * first update. Soft-deleted (`deleted_at`).
 */
export interface HistoryEntriesTable {
  patient_id: string;
  id: number;
  /** 'tratament' or 'punte'. */
  type: string;
  denumire: string;
  /** The catalogue id (mapID); null for a name the catalogue does not know. */
  map_id: number | null;
  dinte: string | null;
  dinte_start: string | null;
  dinte_destinatie: string | null;
  /** The chart row: 'top' or 'bottom'. */
  side: string | null;
  start_index: number | null;
  end_index: number | null;
  /** 'left' or 'right', bridges only. */
  direction: string | null;
  fill: string | null;
  detalii: string;
  medic: string;
  /** JSON: the entry's signature (the signatures issue fills it), or null. */
  signature: string | null;
  /** JSON array of used instruments {name, id_sterilizare, used_at}. */
  sterilizari: string;
  created_at: string;
  updated_at: string | null;
  version: number;
  deleted_at: string | null;
  deleted_by: string | null;
  /** Why a signed entry was cancelled (it is then deleted_at/by as well); null for any other entry. */
  cancel_reason: string | null;
}
export type HistoryEntryRow = Selectable<HistoryEntriesTable>;
export type NewHistoryEntryRow = Insertable<HistoryEntriesTable>;

/** A before/after picture of an entry; its image and thumbnail are stored files. */
export interface HistoryPicturesTable {
  id: string;
  patient_id: string;
  entry_id: number;
  /** The name the modal gave it, also the stored file's name (/history-imgs/{patientId}/{name}). */
  name: string;
  /** 'inainte' or 'dupa'. */
  kind: string;
  width: number;
  height: number;
  /** The picture's `index` in the entry. */
  position: number;
  file_id: string;
  thumb_file_id: string;
  created_at: string;
  deleted_at: string | null;
}
export type HistoryPictureRow = Selectable<HistoryPicturesTable>;
export type NewHistoryPictureRow = Insertable<HistoryPicturesTable>;

/**
 * An appointment (SPEC.md §3 Appointment form): one doctor (a user) with one patient from `starts_at` to
 * `ends_at` (ISO instants). Soft-deleted (`deleted_at`).
 */
export interface AppointmentsTable {
  id: string;
  patient_id: string;
  doctor_id: string;
  starts_at: string;
  ends_at: string;
  note: string;
  /** 0/1: send the patient an SMS reminder. */
  trimite_sms: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  version: number;
  deleted_at: string | null;
  deleted_by: string | null;
  /** The location (`sedii`) it takes place at; set on every appointment since migration 0028. */
  location_id: string | null;
  /** The chair (`cabinet`) of that location, when one was chosen. */
  chair_id: string | null;
}
export type AppointmentRow = Selectable<AppointmentsTable>;
export type NewAppointmentRow = Insertable<AppointmentsTable>;

/** A review request of one appointment (issue 7); the link's token is stored as its sha256 only. */
export interface ReviewRequestsTable {
  id: string;
  appointment_id: string;
  patient_id: string;
  /** The doctor's account id, and their name when the request was sent. */
  doctor_id: string;
  medic: string;
  /** 'sms' or 'email'. */
  channel: string;
  token_hash: string;
  expires_at: string;
  /** When the review was given; the link works once. */
  used_at: string | null;
  outbox_id: string | null;
  created_at: string;
  /** The staff member who sent it; null for the automatic sending. */
  created_by: string | null;
}
export type ReviewRequestRow = Selectable<ReviewRequestsTable>;
export type NewReviewRequestRow = Insertable<ReviewRequestsTable>;

/** A patient's review (1–5 stars and a comment) of a doctor. */
export interface ReviewsTable {
  id: string;
  /** The request whose link gave it (unique); null for reviews recorded otherwise (demo data). */
  request_id: string | null;
  appointment_id: string | null;
  patient_id: string;
  doctor_id: string;
  medic: string;
  rating: number;
  comment: string;
  created_at: string;
}
export type ReviewRow = Selectable<ReviewsTable>;
export type NewReviewRow = Insertable<ReviewsTable>;

/** An instrument or kit that is sterilised (issue 6); soft-deleted. */
export interface InstrumentsTable {
  id: string;
  name: string;
  /** normalizeSearchText(name), for the prefix search; unique among live instruments. */
  name_key: string;
  /** 'punga', 'container' or 'neambalat'. */
  packaging: string;
  created_at: string;
  updated_at: string;
  version: number;
  deleted_at: string | null;
}
export type InstrumentRow = Selectable<InstrumentsTable>;

/** One autoclave load, keyed by its sequential number. */
export interface SterilisationCyclesTable {
  id: number;
  started_at: string;
  autoclave: string;
  programme: string;
  temperature: number;
  pressure: number;
  duration: number;
  /** 'pass' or 'fail'. */
  integrator: string;
  /** 'none', 'pending', 'pass' or 'fail'. */
  biological: string;
  packaging_checked: number;
  operator_id: string | null;
  operator_name: string;
  created_at: string;
  updated_at: string;
  version: number;
}
export type SterilisationCycleRow = Selectable<SterilisationCyclesTable>;

/** One pouch of a load, keyed by its sterilisation id (the label). */
export interface CycleItemsTable {
  id_sterilizare: number;
  cycle_id: number;
  instrument_id: string;
  /** The instrument's name when it was sterilised (printed on the label). */
  instrument_name: string;
  packaging: string;
  use_by: string;
  used_at: string | null;
  /** Set when a later cycle took the same instrument. */
  replaced_at: string | null;
}
export type CycleItemRow = Selectable<CycleItemsTable>;

/** A pouch used in a treatment (one use per pouch). */
export interface InstrumentUsagesTable {
  id: string;
  id_sterilizare: number;
  patient_id: string;
  entry_id: number;
  used_at: string;
  used_by: string | null;
}

/** The daily Bowie-Dick / Helix test of an autoclave. */
export interface AutoclaveTestsTable {
  id: string;
  /** The clinic day, YYYY-MM-DD. */
  day: string;
  at: string;
  autoclave: string;
  kind: string;
  /** 'pass' or 'fail'. */
  result: string;
  operator_id: string | null;
  operator_name: string;
}
export type AutoclaveTestRow = Selectable<AutoclaveTestsTable>;

/** A captured e-signature (issue 8): of a history entry (`entry_id`) or a patient-level consent. */
export interface SignaturesTable {
  id: string;
  patient_id: string;
  entry_id: number | null;
  /** 'entry' or 'consent'. */
  kind: string;
  /** The PNG, a stored file of kind 'signature'. */
  file_id: string;
  /** The PNG's public name (/history-imgs/{patientId}/{image_name}). */
  image_name: string;
  /** Canonical JSON of what was signed (signatures.ts). */
  snapshot: string;
  /** SHA-256 (hex) of `snapshot`. */
  sha256: string;
  /** 'direct' or 'station'. */
  via: string;
  request_id: string | null;
  signed_at: string;
  /** The staff member who collected it. */
  signed_by: string | null;
  signed_by_name: string;
}
export type SignatureRow = Selectable<SignaturesTable>;
export type NewSignatureRow = Insertable<SignaturesTable>;

/** A signature request sent to the clinic's signature station. */
export interface SignatureRequestsTable {
  id: string;
  patient_id: string;
  entry_id: number | null;
  kind: string;
  /** Canonical JSON of what is to be signed, fixed when the request is sent. */
  snapshot: string;
  sha256: string;
  /** 'pending', 'signed', 'cancelled' or 'expired'. */
  status: string;
  signature_id: string | null;
  created_at: string;
  created_by: string | null;
  expires_at: string;
  closed_at: string | null;
}
export type SignatureRequestRow = Selectable<SignatureRequestsTable>;
export type NewSignatureRequestRow = Insertable<SignatureRequestsTable>;

/** A patient document (issue 5): a stored file of kind 'document', or a note's text. Soft-deleted. */
export interface DocumentsTable {
  id: string;
  patient_id: string;
  /** 'document', 'import', 'nota' or 'radiografie'. */
  kind: string;
  label: string;
  /** The document's own date, YYYY-MM-DD. */
  day: string;
  /** A note's text; null for the other kinds. */
  text: string | null;
  /** The uploaded file's extension (lower case), the saved name's ending. */
  extension: string | null;
  file_id: string | null;
  /** A picture's PNG thumbnail (kind 'document-thumb'). */
  thumb_file_id: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  version: number;
  deleted_at: string | null;
  deleted_by: string | null;
}
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocumentRow = Insertable<DocumentsTable>;

/** A medical letter (issue 8): written once, never changed; the author as printed. */
export interface LettersTable {
  id: string;
  patient_id: string;
  text: string;
  author_id: string | null;
  author_name: string;
  author_title: string;
  created_at: string;
}
export type LetterRow = Selectable<LettersTable>;
export type NewLetterRow = Insertable<LettersTable>;

/** A line of the price list (issue 12): a catalogue procedure (`catalogue_id`) or the clinic's own item. */
export interface PriceItemsTable {
  id: string;
  code: string;
  catalogue_id: number | null;
  name: string;
  group_name: string;
  /** 'dinte' | 'arcada' | 'vizita'. */
  unit: string;
  /** Null: exempt from VAT. */
  vat_rate_bp: number | null;
  active: number;
  created_at: string;
  updated_at: string;
  version: number;
}
export type PriceItemRow = Selectable<PriceItemsTable>;
export type NewPriceItemRow = Insertable<PriceItemsTable>;

/** One price of an item from a day on; append-only. */
export interface PriceItemPricesTable {
  id: string;
  price_item_id: string;
  amount_bani: number;
  valid_from: string;
  created_at: string;
  created_by: string | null;
}
export type PriceItemPriceRow = Selectable<PriceItemPricesTable>;
export type NewPriceItemPriceRow = Insertable<PriceItemPricesTable>;

/**
 * A treatment plan (issue 12; docs/decisions/0021). `content` is the JSON of its alternatives (phases,
 * priced items); `status` the stored one ('expirat' is derived from `valid_until`).
 */
export interface TreatmentPlansTable {
  id: string;
  patient_id: string;
  /** Per clinic, sequential ('Plan nr. 12'). */
  number: number;
  title: string;
  doctor_id: string;
  doctor_name: string;
  /** 'propus' | 'acceptat' | 'în lucru' | 'finalizat' | 'respins'. */
  status: string;
  valid_until: string;
  notes: string;
  /** The clinic day the list prices were read for. */
  price_day: string;
  content: string;
  revision: number;
  accepted_alternative: string | null;
  accepted_revision: number | null;
  accepted_signature_id: string | null;
  rejected_reason: string | null;
  /** The accepted alternative's amount still to do while acceptat / în lucru; 0 otherwise. */
  open_remaining_bani: number;
  /**
   * Where the plan was accepted (migration 0030; a clinic group's plans report by location). Null: not yet
   * accepted, or accepted before plans had a location (counted at the clinic's first location).
   */
  location_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type TreatmentPlanRow = Selectable<TreatmentPlansTable>;
export type NewTreatmentPlanRow = Insertable<TreatmentPlansTable>;

/** The content of every revision of a plan; append-only. */
export interface TreatmentPlanRevisionsTable {
  plan_id: string;
  revision: number;
  content: string;
  created_by: string | null;
  created_at: string;
}
export type TreatmentPlanRevisionRow = Selectable<TreatmentPlanRevisionsTable>;

/** A done plan item and the history entry that did it. */
export interface PlanItemLinksTable {
  plan_id: string;
  alternative: string;
  item_id: string;
  patient_id: string;
  history_entry_id: number;
  done_at: string;
}
export type PlanItemLinkRow = Selectable<PlanItemLinksTable>;

/** The ANAF e-Factura connection (one row, id 'anaf'); the client secret encrypted (features/efactura). */
export interface EfacturaSettingsTable {
  id: string;
  /** 'test' | 'prod'. */
  environment: string;
  /** Overrides ANAF's REST base (the tests' and demo's local server); null: ANAF's. */
  api_url: string | null;
  oauth_url: string | null;
  client_id: string;
  client_secret_enc: string | null;
  redirect_uri: string;
  cif: string;
  /** The other CIFs the authorisation uploads for, a JSON array of digit strings (migration 0031). */
  other_cifs: Generated<string>;
  created_at: string;
  updated_at: string;
  version: number;
}
export type EfacturaSettingsRow = Selectable<EfacturaSettingsTable>;

/** The ANAF authorisation's tokens (one row, id 'anaf'), encrypted. */
export interface EfacturaTokensTable {
  id: string;
  access_token_enc: string;
  refresh_token_enc: string;
  access_expires_at: string;
  refresh_expires_at: string;
  authorised_at: string;
  authorised_by: string | null;
  refreshed_at: string | null;
  /** A worker renewing the tokens holds this until the time given; the others wait. */
  refresh_lock_until: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type EfacturaTokensRow = Selectable<EfacturaTokensTable>;

/** An authorisation started by an admin: the sha256 of its single-use OAuth `state`. */
export interface EfacturaOauthStatesTable {
  state_hash: string;
  user_id: string | null;
  user_email: string | null;
  ip: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type EfacturaSubmissionStateColumn =
  'queued' | 'uploading' | 'uploaded' | 'ok' | 'nok' | 'failed' | 'check';

/** One document sent (or to be sent) to RO e-Factura. */
export interface EfacturaSubmissionsTable {
  id: string;
  document_id: string;
  /** 'invoice' | 'credit-note'. */
  document_kind: string;
  b2c: number;
  /** The seller's CIF, digits only, as ANAF's upload wants it. */
  cif: string;
  xml: string;
  state: EfacturaSubmissionStateColumn;
  upload_index: string | null;
  download_id: string | null;
  answer_file_id: string | null;
  /** JSON array of ANAF's messages. */
  errors: string | null;
  last_error: string | null;
  attempts: number;
  polls: number;
  next_attempt_at: string | null;
  claimed_at: string | null;
  /** The claiming worker's random token. */
  lease: string | null;
  uploaded_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type EfacturaSubmissionRow = Selectable<EfacturaSubmissionsTable>;

/** A charge on a patient's account (append-only; a reversal is negative with reverses_id and a reason). */
export interface ChargesTable {
  id: string;
  patient_id: string;
  location_id: string | null;
  history_entry_id: number | null;
  plan_id: string | null;
  plan_item_id: string | null;
  price_item_id: string | null;
  doctor_id: string | null;
  description: string;
  /** JSON array of tooth ids. */
  teeth: string;
  quantity: number;
  amount_bani: number;
  vat_rate_bp: number | null;
  day: string;
  reverses_id: string | null;
  reason: string | null;
  created_by: string | null;
  created_at: string;
}
export type ChargeRow = Selectable<ChargesTable>;

/** A payment (append-only; a refund or a reversal is negative with a reason). */
export interface PaymentsTable {
  id: string;
  patient_id: string;
  location_id: string | null;
  method: string;
  is_advance: number;
  amount_bani: number;
  reverses_id: string | null;
  reason: string | null;
  note: string;
  receipt_series: string | null;
  receipt_number: number | null;
  day: string;
  created_by: string | null;
  created_at: string;
}
export type PaymentRow = Selectable<PaymentsTable>;

/** How much of a payment settled a charge, with the doctor's commission on it (append-only). */
export interface AllocationsTable {
  id: string;
  payment_id: string;
  charge_id: string;
  amount_bani: number;
  doctor_id: string | null;
  commission_bani: number;
  created_at: string;
}
export type AllocationRow = Selectable<AllocationsTable>;

/** A doctor's commission rate from a day on, general (no item) or for one price-list item (append-only). */
export interface CommissionRatesTable {
  id: string;
  doctor_id: string;
  price_item_id: string | null;
  rate_bp: number;
  valid_from: string;
  created_by: string | null;
  created_at: string;
}
export type CommissionRateRow = Selectable<CommissionRatesTable>;

/** Charges less payments of a patient, kept current by every ledger write (positive: owed). */
export interface PatientBalancesTable {
  patient_id: string;
  owed_bani: number;
  /** The day of the oldest charge not reversed and not fully settled; null when none (migration 0019). */
  oldest_open_day: string | null;
  updated_at: string;
  version: number;
}

/** What is open of one doctor's charges to a patient, and since when (migration 0020; rebuilt by every ledger write). */
export interface PatientDoctorOpenTable {
  patient_id: string;
  doctor_id: string;
  open_bani: number;
  oldest_open_day: string;
}

/**
 * Derived (migration 0029): what is open of a patient's charges made at a location (those from before
 * locations: at the first location), and the day of the oldest; rewritten with every ledger write.
 */
export interface PatientLocationOpenTable {
  patient_id: string;
  location_id: string;
  open_bani: number;
  oldest_open_day: string;
}

/** An issued invoice or credit note (features/invoices): immutable, numbered per series without gaps. */
export interface InvoicesTable {
  id: string;
  /** 'invoice' | 'credit-note'. */
  kind: string;
  series: string;
  number: number;
  patient_id: string;
  location_id: string | null;
  issue_date: string;
  /** 'person' | 'company'. */
  buyer_kind: string;
  buyer_name: string;
  /** JSON: the EInvoiceDocument as issued. */
  document: string;
  xml: string;
  tax_exclusive_bani: number;
  vat_bani: number;
  total_bani: number;
  payable_bani: number;
  reverses_id: string | null;
  reason: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type InvoiceRow = Selectable<InvoicesTable>;

export interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  position: number;
  charge_id: string | null;
  name: string;
  quantity: number;
  unit_price_bani: number;
  vat_rate_bp: number | null;
  total_bani: number;
  created_at: string;
}
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;

/** Which charge is on which live invoice; a credit note frees them. */
export interface InvoicedChargesTable {
  charge_id: string;
  invoice_id: string;
  created_at: string;
}

/** 'pending' while the first request with the key runs; 'done' once its answer is stored. */
export type IdempotencyKeyStatus = 'pending' | 'done';

export interface IdempotencyKeysTable {
  /** The signed-in user's id, or 'public' for calls made without a session. */
  scope: string;
  key: string;
  /** SHA-256 of the method, the address and the canonical body. */
  fingerprint: string;
  status: IdempotencyKeyStatus;
  response_status: number | null;
  /** The answer's headers a repeat needs (content type), as JSON. */
  response_headers: string | null;
  response_body: string | null;
  created_at: string;
  completed_at: string | null;
}
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** A rate limiter's counter, shared by every instance on one database (migration 0027, decision 0049). */
export interface RateLimitsTable {
  /** The route ('POST /api/login') and the client's key (its address). */
  key: string;
  hits: number;
  /** When the counting window ends, in ms since the epoch. */
  window_ends_at: number;
}

/** A user's TOTP key (migration 0022, decision 0027). */
export interface UserTotpTable {
  user_id: string;
  /** The base32 key sealed with the secrets-at-rest key (purpose 'totp:<user id>'). */
  secret_sealed: string;
  /** Null while the key waits for its first code (set up but not confirmed). */
  enabled_at: string | null;
  /** The 30-second step of the last accepted code: a code of this step or an earlier one is refused. */
  last_used_step: number | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type UserTotpRow = Selectable<UserTotpTable>;

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** sha256 of the normalised code (80 random bits). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** 'code': TOTP is on, a code completes the sign-in; 'setup': the clinic requires TOTP, set it up now. */
export type SignInChallengeKind = 'code' | 'setup';

export interface SignInChallengesTable {
  id: string;
  /** sha256 of the token in the `odonto_2fa` cookie. */
  token_hash: string;
  user_id: string;
  kind: SignInChallengeKind;
  created_at: string;
  expires_at: string;
  ip: string;
}

/** Bytes of stored files an anonymisation removed, still to unlink (migration 0025, decision 0035). */
export interface FileErasuresTable {
  file_id: string;
  /** Relative to the files directory, as in `files.disk_name`. */
  disk_name: string;
  created_at: string;
}

/** A location of a clinic group (issue 14, migration 0028); closed with `archived_at`, never deleted. */
export interface LocationsTable {
  id: string;
  name: string;
  address: string;
  phone: string;
  /** 'HH:MM', both or neither: the calendar's hours at this location (null: the clinic's default). */
  opens_at: string | null;
  closes_at: string | null;
  position: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}
export type LocationRow = Selectable<LocationsTable>;

/** A chair or room (`cabinet`) of a location. */
export interface ChairsTable {
  id: string;
  location_id: string;
  name: string;
  position: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}
export type ChairRow = Selectable<ChairsTable>;

/** The locations a staff member works at (none: all of them). */
export interface UserLocationsTable {
  user_id: string;
  location_id: string;
}
