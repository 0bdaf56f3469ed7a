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
export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxTable {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  send_after: string;
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
