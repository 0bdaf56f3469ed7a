import {
  DEFAULT_STERILISATION_SETTINGS,
  sterilisationSettings,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import type { Kysely } from 'kysely';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLocations } from '../locations/locations.queries';
import { readSettingsText, writeSettingsText } from './settings.queries';
import { auditActorOf, type Operator, type SterilisationDeps } from './sterilisation-deps';

/** The configured lists; the defaults until an admin saves them (or when the stored text is unreadable). */
export async function readSterilisationSettings(db: Kysely<Database>): Promise<SterilisationSettings> {
  const text = await readSettingsText(db);
  if (text === null) return DEFAULT_STERILISATION_SETTINGS;
  try {
    const parsed = sterilisationSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_STERILISATION_SETTINGS;
  } catch {
    return DEFAULT_STERILISATION_SETTINGS;
  }
}

/**
 * PUT /api/instrument/setari. An autoclave's location must be an open location of the clinic; entries of
 * autoclaves no longer listed are dropped.
 */
export async function saveSterilisationSettings(
  deps: SterilisationDeps,
  operator: Operator,
  form: SterilisationSettings,
): Promise<SterilisationSettings> {
  const settings = { ...form, autoclaveLocations: await placedAutoclaves(deps.db, form) };
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    await writeSettingsText(trx, toJsonText(settings), now.toISOString());
    await writeAudit(trx, now, auditActorOf(operator), {
      action: 'sterilisation_settings',
      entity: 'settings',
      entityId: 'sterilisation',
      details: { ...settings },
    });
  });
  return settings;
}

async function placedAutoclaves(
  db: Kysely<Database>,
  form: SterilisationSettings,
): Promise<Record<string, string>> {
  const open = new Set(
    (await findLocations(db)).filter((row) => row.archived_at === null).map((row) => row.id),
  );
  const placed = Object.entries(form.autoclaveLocations).filter(([autoclave]) =>
    form.autoclaves.includes(autoclave),
  );
  if (placed.some(([, locationId]) => !open.has(locationId))) {
    const message = LOCATION_MESSAGES.unknownLocations;
    throw new AppError(400, 'invalid_input', message, { fields: { autoclaveLocations: message } });
  }
  return Object.fromEntries(placed);
}
