// `npm run demo` runs this before the server: it fills the data dir (./data-demo by default) with a
// demo clinic, once. Running it again adds only what is missing and prints the accounts again.
import { ConfigError, loadConfig } from '../config';
import { createBlobStore } from '../files/blob-store';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedDemoClinic } from './demo/seed-demo-clinic';

async function run(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ODONTO_ADMIN_EMAIL: undefined,
    ODONTO_ADMIN_PASSWORD: undefined,
  });
  const database = await connectDatabase(config.database);
  const blobs = createBlobStore(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    const staff = await seedDemoClinic(database, blobs, {
      now: new Date(),
      smsRemindHours: config.smsRemindHours,
      log: (line) => console.log(line),
    });
    console.log('\nClinica demo Odonto — conturi (email / parolă / rol):');
    for (const user of staff)
      console.log(`  ${user.email.padEnd(34)} ${user.password.padEnd(24)} ${user.roles.join(', ')}`);
    console.log(`Date: ${config.dataDir}\n`);
    if (config.s3) console.log(`Fișierele încărcate: ${blobs.location}\n`);
  } finally {
    blobs.close();
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
