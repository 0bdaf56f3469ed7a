// `npm run demo` runs this before the server: it fills the data dir (./data-demo by default) with a
// demo clinic, once. Running it again adds only what is missing and prints the accounts again.
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedPatients } from './demo/seed-patients';
import { seedPlaces } from './demo/seed-places';
import { seedStaff } from './demo/seed-staff';

async function run(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ODONTO_ADMIN_EMAIL: undefined,
    ODONTO_ADMIN_PASSWORD: undefined,
  });
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const now = new Date();
    const staff = await seedStaff(database.db, now);
    const localities = await seedPlaces(database.db);
    if (localities !== null) console.log(`Localități importate din registrul SIRUTA: ${localities}`);
    const patients = await seedPatients(database.db, now);
    if (patients > 0) console.log(`Pacienți demo adăugați: ${patients}`);
    console.log('\nClinica demo Odonto — conturi (email / parolă / rol):');
    for (const user of staff)
      console.log(`  ${user.email.padEnd(34)} ${user.password.padEnd(24)} ${user.roles.join(', ')}`);
    console.log(`Date: ${config.dataDir}\n`);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
