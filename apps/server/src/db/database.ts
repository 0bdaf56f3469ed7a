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
