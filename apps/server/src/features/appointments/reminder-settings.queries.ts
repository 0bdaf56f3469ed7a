import type { Kysely } from 'kysely';
import { DEFAULT_CLINIC_NAME, DEFAULT_REMINDER_TEMPLATE } from '@odonto/domain/appointments';
import { reminderSettings, type ReminderSettings } from '@odonto/domain/contracts/appointments';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { readClinic } from '../clinic/clinic.service';

const SETTING_KEY = 'sms.reminder';

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  template: DEFAULT_REMINDER_TEMPLATE,
  clinicName: DEFAULT_CLINIC_NAME,
};

/**
 * The reminder text and clinic name; the defaults until an admin saves them (or when unreadable). Until
 * then the clinic's name is the one its details give (issue 8: on every printed page and message).
 */
export async function readReminderSettings(db: Kysely<Database>): Promise<ReminderSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirst();
  if (!row) {
    const clinic = await readClinic(db);
    return clinic.version > 0
      ? { ...DEFAULT_REMINDER_SETTINGS, clinicName: clinic.nume }
      : DEFAULT_REMINDER_SETTINGS;
  }
  try {
    const parsed = reminderSettings.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_REMINDER_SETTINGS;
  } catch {
    return DEFAULT_REMINDER_SETTINGS;
  }
}

export async function writeReminderSettings(
  db: Kysely<Database>,
  settings: ReminderSettings,
  at: string,
): Promise<void> {
  const value = toJsonText(settings);
  await db
    .insertInto('settings')
    .values({ key: SETTING_KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
