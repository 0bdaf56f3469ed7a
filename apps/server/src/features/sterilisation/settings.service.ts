import {
  DEFAULT_STERILISATION_SETTINGS,
  sterilisationSettings,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit } from '../../plugins/audit';
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

export async function saveSterilisationSettings(
  deps: SterilisationDeps,
  operator: Operator,
  settings: SterilisationSettings,
): Promise<SterilisationSettings> {
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
