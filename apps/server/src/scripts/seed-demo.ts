// `npm run demo` runs this before the server: it fills the data dir (./data-demo by default) with a
// demo clinic, once. Running it again adds only what is missing and prints the accounts again.
import { ConfigError, loadConfig } from '../config';
import { createBlobStore } from '../files/blob-store';
import { connectDatabase } from '../db/connect';
import { analyzeAfterBulkLoad } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { seedAppointments } from './demo/seed-appointments';
import { seedClinic } from './demo/seed-clinic';
import { seedDocuments } from './demo/seed-documents';
import { seedEfactura } from './demo/seed-efactura';
import { seedHistory } from './demo/seed-history';
import { seedInvoices } from './demo/seed-invoices';
import { seedPatients } from './demo/seed-patients';
import { seedPlaces } from './demo/seed-places';
import { seedPriceList } from './demo/seed-price-list';
import { seedLedger } from './demo/seed-ledger';
import { seedPlans } from './demo/seed-plans';
import { seedReviews } from './demo/seed-reviews';
import { seedSignatures } from './demo/seed-signatures';
import { seedStaff } from './demo/seed-staff';
import { seedSterilisation } from './demo/seed-sterilisation';

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
    const now = new Date();
    const staff = await seedStaff(database.db, now);
    if (await seedClinic(database.db, now)) console.log('Datele clinicii demo au fost completate.');
    const localities = await seedPlaces(database.db, database.dialect);
    if (localities !== null) console.log(`Localități importate din registrul SIRUTA: ${localities}`);
    const patients = await seedPatients(database.db, now);
    if (patients > 0) console.log(`Pacienți demo adăugați: ${patients}`);
    const histories = await seedHistory(database.db, blobs, now);
    if (histories > 0) console.log(`Istoric de tratamente adăugat pentru ${histories} pacienți`);
    const appointments = await seedAppointments(database.db, now, config.smsRemindHours);
    if (appointments > 0) console.log(`Programări demo adăugate: ${appointments}`);
    const documents = await seedDocuments(database.db, blobs, now);
    if (documents > 0) console.log(`Documente demo adăugate: ${documents}`);
    const signatures = await seedSignatures(database.db, blobs, now);
    if (signatures > 0) console.log(`Pacienți demo cu semnături: ${signatures}`);
    const loads = await seedSterilisation(database.db, now);
    if (loads > 0) console.log(`Registru de sterilizare demo: ${loads} zile de cicluri`);
    const reviews = await seedReviews(database.db, now);
    if (reviews > 0) console.log(`Recenzii demo adăugate: ${reviews}`);
    const prices = await seedPriceList(database.db, now);
    if (prices > 0) console.log(`Lista de prețuri demo: ${prices} prețuri`);
    // After the price list (its demo prices price the plans when present) and the histories.
    const plans = await seedPlans(database.db, blobs, now);
    if (plans > 0) console.log(`Planuri de tratament demo adăugate: ${plans}`);
    // After the price list: the accounts charge its items at their prices.
    const accounts = await seedLedger(database.db, now);
    if (accounts > 0) console.log(`Conturi demo cu taxe și plăți: ${accounts} pacienți`);
    // After the accounts: invoices of persons and companies from their charges, and a credit note.
    const invoices = await seedInvoices(database.db, now);
    if (invoices > 0) console.log(`Facturi demo: ${invoices} documente`);
    // Last, after the invoices demo: it moves the documents that demo queued for e-Factura.
    const submissions = await seedEfactura(database.db, now);
    if (submissions > 0) console.log(`Stări e-Factura demo: ${submissions} documente trimise`);
    // Statistics of what was just loaded (PostgreSQL; decision 0044).
    await analyzeAfterBulkLoad(database.db, database.dialect);
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
