import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { verifyPassword } from '../features/auth/password.service';
import { finished, startBuilt } from '../../test/processes';
import { DEMO_PATIENT_COUNT } from './demo/seed-patients';
import { DEMO_USERS } from './demo-users';

describe('scripts/seed-demo.ts, built, as `npm run demo` runs it', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-seed-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two runs of the whole demo seed in a child process (images, documents, a month of money): well over
  // the default half minute on a loaded two-core machine.
  it('creates one account per demo user, prints them, and adds nothing when run again', async () => {
    const first = await finished(startBuilt('seed-demo.js', { ODONTO_DATA_DIR: dataDir }));
    expect(first.code, first.stderr).toBe(0);
    for (const user of Object.values(DEMO_USERS)) expect(first.stdout).toContain(`${user.email}`);
    for (const user of Object.values(DEMO_USERS)) expect(first.stdout).toContain(user.password);

    const second = await finished(startBuilt('seed-demo.js', { ODONTO_DATA_DIR: dataDir }));
    expect(second.code, second.stderr).toBe(0);

    const database = await connectDatabase({ kind: 'sqlite', file: join(dataDir, 'odonto.sqlite') });
    try {
      const rows = await database.db.selectFrom('users').selectAll().execute();
      expect(rows).toHaveLength(5);
      const patients = await database.db
        .selectFrom('patients')
        .select(['nume', 'judet', 'telefon'])
        .execute();
      expect(patients).toHaveLength(DEMO_PATIENT_COUNT);
      expect(patients.some((patient) => /[ăâîșț]/i.test(patient.nume))).toBe(true);
      expect(patients.every((patient) => /^07\d{8}$/.test(patient.telefon) && patient.judet !== '')).toBe(
        true,
      );
      const sterilizare = rows.find((row) => row.email === DEMO_USERS.sterilizare.email);
      expect(sterilizare).toMatchObject({ roles: '["sterilizare"]', nume: DEMO_USERS.sterilizare.nume });
      expect(await verifyPassword(sterilizare?.password_hash ?? null, DEMO_USERS.sterilizare.password)).toBe(
        true,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
