import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { endPatientBulkLoad } from '../../features/patients/patients-bulk';
import type { BlobStore } from '../../files/blob-store';
import type { DemoUser } from '../demo-users';
import { seedAppointments } from './seed-appointments';
import { seedClinic } from './seed-clinic';
import { seedDocuments } from './seed-documents';
import { seedEfactura } from './seed-efactura';
import { seedHistory } from './seed-history';
import { seedInvoices } from './seed-invoices';
import { seedLedger } from './seed-ledger';
import { seedPatients } from './seed-patients';
import { seedPlaces } from './seed-places';
import { seedPlans } from './seed-plans';
import { seedPriceList } from './seed-price-list';
import { seedReviews } from './seed-reviews';
import { seedSignatures } from './seed-signatures';
import { seedStaff } from './seed-staff';
import { seedSterilisation } from './seed-sterilisation';

/**
 * The whole demo clinic, in the order its parts build on each other, on a database already migrated: what
 * `npm run demo` loads, and what the migration test on a copy of the demo data starts from. Adds only what
 * is missing; `log` hears a line per part that added something. Answers the demo accounts.
 */
export async function seedDemoClinic(
  database: { db: Kysely<Database>; dialect: DialectName },
  blobs: BlobStore,
  options: { now: Date; smsRemindHours: number; log: (line: string) => void },
): Promise<DemoUser[]> {
  const { db, dialect } = database;
  const { now, log } = options;
  const staff = await seedStaff(db, now);
  if (await seedClinic(db, now)) log('Datele clinicii demo au fost completate.');
  const localities = await seedPlaces(db, dialect);
  if (localities !== null) log(`Localități importate din registrul SIRUTA: ${localities}`);
  const patients = await seedPatients(db, now);
  if (patients > 0) log(`Pacienți demo adăugați: ${patients}`);
  const histories = await seedHistory(db, blobs, now);
  if (histories > 0) log(`Istoric de tratamente adăugat pentru ${histories} pacienți`);
  const appointments = await seedAppointments(db, now, options.smsRemindHours);
  if (appointments > 0) log(`Programări demo adăugate: ${appointments}`);
  const documents = await seedDocuments(db, blobs, now);
  if (documents > 0) log(`Documente demo adăugate: ${documents}`);
  const signatures = await seedSignatures(db, blobs, now);
  if (signatures > 0) log(`Pacienți demo cu semnături: ${signatures}`);
  const loads = await seedSterilisation(db, now);
  if (loads > 0) log(`Registru de sterilizare demo: ${loads} zile de cicluri`);
  const reviews = await seedReviews(db, now);
  if (reviews > 0) log(`Recenzii demo adăugate: ${reviews}`);
  const prices = await seedPriceList(db, now);
  if (prices > 0) log(`Lista de prețuri demo: ${prices} prețuri`);
  // After the price list (its demo prices price the plans when present) and the histories.
  const plans = await seedPlans(db, blobs, now);
  if (plans > 0) log(`Planuri de tratament demo adăugate: ${plans}`);
  // After the price list: the accounts charge its items at their prices.
  const accounts = await seedLedger(db, now);
  if (accounts > 0) log(`Conturi demo cu taxe și plăți: ${accounts} pacienți`);
  // After the accounts: invoices of persons and companies from their charges, and a credit note.
  const invoices = await seedInvoices(db, now);
  if (invoices > 0) log(`Facturi demo: ${invoices} documente`);
  // Last, after the invoices demo: it moves the documents that demo queued for e-Factura.
  const submissions = await seedEfactura(db, now);
  if (submissions > 0) log(`Stări e-Factura demo: ${submissions} documente trimise`);
  // Statistics of what was just loaded (PostgreSQL; decision 0044); SQLite's search index in one segment
  // (decision 0070).
  await endPatientBulkLoad(db, dialect);
  return staff;
}
