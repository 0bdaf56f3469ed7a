import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CLINIC_MESSAGES,
  clinicSettings,
  DEFAULT_CLINIC,
  type ClinicData,
  type ClinicSettings,
} from '@odonto/domain/contracts/clinic';
import { MESSAGES } from '@odonto/domain/messages';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { prepareImage } from '../../files/images';
import type { UploadedFile } from '../../files/multipart';
import { changeFiles, type FileStore } from '../../files/store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLogoFiles, LOGO_KIND, readClinicText, swapClinicText } from './clinic.queries';

/** The logo is printed about 5 cm wide: 800 px is sharp at 400 dpi and keeps the page light. */
const LOGO_MAX_SIDE = 800;

interface StoredClinic {
  text: string | null;
  settings: ClinicSettings;
}

async function readStored(db: Kysely<Database>): Promise<StoredClinic> {
  const text = await readClinicText(db);
  if (text === null) return { text, settings: DEFAULT_CLINIC };
  try {
    const parsed = clinicSettings.safeParse(JSON.parse(text));
    // An unreadable row is replaced by the next save (its text is still what the swap compares).
    return { text, settings: parsed.success ? parsed.data : DEFAULT_CLINIC };
  } catch {
    return { text, settings: DEFAULT_CLINIC };
  }
}

/** GET /api/clinic: the details every printed page carries; the defaults until an admin saves them. */
export async function readClinic(db: Kysely<Database>): Promise<ClinicSettings> {
  return (await readStored(db)).settings;
}

/**
 * The clinic's name in mails and messages: the one an admin saved in the clinic's details (the letterhead's),
 * or `fallback` (CLINIC_NAME) until they were first saved.
 */
export async function clinicName(db: Kysely<Database>, fallback: string): Promise<string> {
  const clinic = await readClinic(db);
  return clinic.version > 0 && clinic.nume.trim() !== '' ? clinic.nume : fallback;
}

/** Writes the next version of the details in `trx`; 409 when another save came first. */
async function writeNext(
  trx: Kysely<Database>,
  stored: StoredClinic,
  change: Partial<ClinicSettings>,
  at: Date,
): Promise<ClinicSettings> {
  const next: ClinicSettings = { ...stored.settings, ...change, version: stored.settings.version + 1 };
  if (!(await swapClinicText(trx, stored.text, toJsonText(next), at.toISOString()))) {
    throw new AppError(409, 'conflict', MESSAGES.conflict);
  }
  return next;
}

/** PUT /api/clinic: saves the form if `version` is the current one (else 409, nothing changes). */
export async function saveClinic(
  store: FileStore,
  actor: AuditActor,
  data: ClinicData,
  version: number,
): Promise<ClinicSettings> {
  const stored = await readStored(store.db);
  if (stored.settings.version !== version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  return store.db.transaction().execute(async (trx) => {
    const at = store.now();
    const next = await writeNext(trx, stored, data, at);
    await writeAudit(trx, at, actor, {
      action: 'clinic_update',
      entity: 'settings',
      entityId: 'clinic',
      details: { fields: changedFields(stored.settings, next), version: next.version },
    });
    return next;
  });
}

function changedFields(before: ClinicSettings, after: ClinicSettings): string[] {
  const keys = [
    'nume',
    'adresa',
    'telefon',
    'email',
    'cui',
    'titluriMedici',
    'stampila',
    'regCom',
    'strada',
    'localitate',
    'judetCod',
    'codPostal',
    'iban',
    'banca',
    'platitorTva',
  ] as const;
  return keys.filter((key) => toJsonText(before[key]) !== toJsonText(after[key]));
}

/** POST /api/clinic/logo: stores the image (re-encoded, metadata removed) as the logo; the old one goes. */
export async function saveLogo(
  store: FileStore,
  actor: AuditActor,
  upload: UploadedFile,
): Promise<ClinicSettings> {
  const image = await prepareImage(upload.data, {
    formatError: CLINIC_MESSAGES.logoFormat,
    maxSide: LOGO_MAX_SIDE,
  });
  const name = `logo-${randomBytes(8).toString('hex')}.${image.main.extension}`;
  const stored = await readStored(store.db);
  const previous = await findLogoFiles(store.db);
  const { result } = await changeFiles(
    store,
    {
      add: [{ patientId: null, kind: LOGO_KIND, name, createdBy: actor.userId, ...image.main }],
      remove: previous,
    },
    async (trx) => {
      const at = store.now();
      const next = await writeNext(trx, stored, { logo: name }, at);
      await writeAudit(trx, at, actor, {
        action: 'clinic_logo_save',
        entity: 'settings',
        entityId: 'clinic',
        details: { name, source: image.source, version: next.version },
      });
      return next;
    },
  );
  return result;
}

/** DELETE /api/clinic/logo: the clinic prints without a logo from now on (404 when it has none). */
export async function deleteLogo(store: FileStore, actor: AuditActor): Promise<ClinicSettings> {
  const stored = await readStored(store.db);
  const previous = await findLogoFiles(store.db);
  if (stored.settings.logo === null && previous.length === 0) {
    throw new AppError(404, 'not_found', CLINIC_MESSAGES.logoNotFound);
  }
  const { result } = await changeFiles(store, { remove: previous }, async (trx) => {
    const at = store.now();
    const next = await writeNext(trx, stored, { logo: null }, at);
    await writeAudit(trx, at, actor, {
      action: 'clinic_logo_delete',
      entity: 'settings',
      entityId: 'clinic',
      details: { name: stored.settings.logo, version: next.version },
    });
    return next;
  });
  return result;
}
