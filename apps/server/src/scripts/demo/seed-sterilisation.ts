import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_STERILISATION_SETTINGS } from '@odonto/domain/contracts/sterilisation';
import { addCalendarDays, instantOf, wallTimeAt } from '@odonto/domain/clinic-time';
import { toIsoDay } from '@odonto/domain/dates';
import { instrumentNameKey, useByDate, type PackagingType } from '@odonto/domain/sterilisation';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database } from '../../db/database';
import { findUserByEmail } from '../../features/auth/auth.queries';
import { DEMO_USERS } from '../demo-users';

const INSTRUMENTS: [string, PackagingType][] = [
  ['Trusă consultație 1', 'container'],
  ['Trusă consultație 2', 'container'],
  ['Trusă consultație 3', 'container'],
  ['Pensă extracție molari superiori', 'punga'],
  ['Pensă extracție molari inferiori', 'punga'],
  ['Elevator drept', 'punga'],
  ['Chiuretă alveolară', 'punga'],
  ['Sondă parodontală', 'punga'],
  ['Oglindă dentară', 'punga'],
  ['Fuloar', 'punga'],
  ['Port-ac', 'punga'],
  ['Freză diamantată', 'neambalat'],
];
const DAYS = 7;
/** Days ago of the load whose biological indicator read as failed (its uses are flagged for recall). */
const FAILED_BI_DAYS_AGO = 3;

/** The clinic-time instant `daysAgo` days before `now`, at hh:mm. */
function at(now: Date, daysAgo: number, hour: number, minute: number): Date {
  const day = addCalendarDays(wallTimeAt(now.getTime()), -daysAgo);
  return new Date(instantOf({ ...day, hour, minute, second: 0, millisecond: 0 }));
}

/**
 * A week of the sterilisation register: instruments, one load a day (one with a failed biological
 * indicator, today's still incubating), the daily autoclave tests of the past days, and a few pouches used
 * in demo treatments. Answers the number of loads added (0 when the register already has instruments).
 */
export async function seedSterilisation(db: Kysely<Database>, now: Date): Promise<number> {
  if (await db.selectFrom('instruments').select('id').limit(1).executeTakeFirst()) return 0;
  const operator = await findUserByEmail(db, DEMO_USERS.sterilizare.email);
  const operatorName = operator?.nume ?? DEMO_USERS.sterilizare.nume;
  const entries = await db
    .selectFrom('history_entries')
    .select(['patient_id', 'id', 'sterilizari'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(DAYS * 2)
    .execute();
  return db.transaction().execute(async (trx) => {
    const created = at(now, DAYS, 8, 0).toISOString();
    const instruments = INSTRUMENTS.map(([name, packaging]) => ({
      id: randomUUID(),
      name,
      name_key: instrumentNameKey(name),
      packaging,
      created_at: created,
      updated_at: created,
      version: 1,
      deleted_at: null,
    }));
    await trx.insertInto('instruments').values(instruments).execute();
    let entryIndex = 0;
    for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const startedAt = at(now, daysAgo, 8, 30);
      if (startedAt > now) continue;
      const cycleId = await nextCounterValue(trx, 'sterilisation-cycle');
      const load = instruments.filter((_, index) => (index + daysAgo) % 2 === 0 || index < 3);
      const biological = daysAgo === FAILED_BI_DAYS_AGO ? 'fail' : daysAgo === 0 ? 'pending' : 'pass';
      await trx
        .updateTable('cycle_items')
        .set({ replaced_at: startedAt.toISOString() })
        .where(
          'instrument_id',
          'in',
          load.map((instrument) => instrument.id),
        )
        .where('replaced_at', 'is', null)
        .execute();
      await trx
        .insertInto('sterilisation_cycles')
        .values({
          id: cycleId,
          started_at: startedAt.toISOString(),
          autoclave: 'Autoclav 1',
          programme: daysAgo === 2 ? '134 °C prion 18 min' : '134 °C standard',
          temperature: 134,
          pressure: 2.1,
          duration: daysAgo === 2 ? 18 : 5,
          integrator: 'pass',
          biological,
          packaging_checked: 1,
          operator_id: operator?.id ?? null,
          operator_name: operatorName,
          created_at: startedAt.toISOString(),
          updated_at: startedAt.toISOString(),
          version: 1,
        })
        .execute();
      const last = await nextCounterValue(trx, 'sterilisation', load.length);
      const items = load.map((instrument, index) => ({
        id_sterilizare: last - load.length + 1 + index,
        cycle_id: cycleId,
        instrument_id: instrument.id,
        instrument_name: instrument.name,
        packaging: instrument.packaging,
        use_by: useByDate(
          startedAt,
          DEFAULT_STERILISATION_SETTINGS.shelfLifeDays[instrument.packaging],
        ).toISOString(),
        used_at: null,
        replaced_at: null,
      }));
      await trx.insertInto('cycle_items').values(items).execute();
      if (daysAgo > 0) {
        await trx
          .insertInto('autoclave_tests')
          .values({
            id: randomUUID(),
            day: toIsoDay(startedAt),
            at: at(now, daysAgo, 8, 0).toISOString(),
            autoclave: 'Autoclav 1',
            kind: daysAgo % 2 === 0 ? 'Bowie-Dick' : 'Helix',
            result: 'pass',
            operator_id: operator?.id ?? null,
            operator_name: operatorName,
          })
          .execute();
        // Two pouches of each past load went into demo treatments later that morning.
        for (const item of items.slice(3, 5)) {
          const entry = entries[entryIndex++];
          if (!entry) break;
          const usedAt = at(now, daysAgo, 10, 15 + entryIndex);
          await trx
            .updateTable('cycle_items')
            .set({ used_at: usedAt.toISOString() })
            .where('id_sterilizare', '=', item.id_sterilizare)
            .execute();
          await trx
            .insertInto('instrument_usages')
            .values({
              id: randomUUID(),
              id_sterilizare: item.id_sterilizare,
              patient_id: entry.patient_id,
              entry_id: entry.id,
              used_at: usedAt.toISOString(),
              used_by: null,
            })
            .execute();
          const kept = JSON.parse(entry.sterilizari) as unknown[];
          const use = {
            name: item.instrument_name,
            id_sterilizare: item.id_sterilizare,
            used_at: usedAt.getTime(),
          };
          await trx
            .updateTable('history_entries')
            .set({ sterilizari: JSON.stringify([...kept, use]) })
            .where('patient_id', '=', entry.patient_id)
            .where('id', '=', entry.id)
            .execute();
        }
      }
    }
    return DAYS;
  });
}
