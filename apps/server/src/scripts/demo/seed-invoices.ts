import type { Kysely } from 'kysely';
import { issueInvoiceRequest } from '@odonto/domain/contracts/invoices';
import { countyByName } from '@odonto/domain/places';
import type { Database } from '../../db/database';
import { findChargesForInvoice } from '../../features/ledger/invoiceable-charges.queries';
import { issueInvoice, stornoInvoice } from '../../features/invoices/invoices.service';
import { DEMO_USERS } from '../demo-users';

/**
 * Demo invoices (issue 13) on the demo accounts: persons with and without a CNP, companies, and a credit
 * note reversing the first — each queued for RO e-Factura like a real one. Once: nothing when the
 * clinic has invoices already. Answers how many documents it issued. Run after the clinic and the ledger.
 */
export async function seedInvoices(db: Kysely<Database>, now: Date): Promise<number> {
  const existing = await db.selectFrom('invoices').select('id').limit(1).execute();
  if (existing.length > 0) return 0;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', [DEMO_USERS.asistent.email, DEMO_USERS.admin.email])
    .execute();
  const actorOf = (email: string) => ({
    userId: users.find((user) => user.email === email)?.id ?? null,
    userEmail: email,
    ip: null,
  });
  const patients = await db
    .selectFrom('charges as c')
    .innerJoin('patients as p', 'p.id', 'c.patient_id')
    .select(['p.id', 'p.nume', 'p.prenume', 'p.judet', 'p.oras'])
    .distinct()
    .orderBy('p.id')
    .execute();
  const deps = { db, now: () => now };
  // Enough documents for the e-Factura demo to show every state (validated, refused, to check in SPV,
  // uploaded and waiting, queued), of persons with and without a CNP and of companies.
  const buyers = [
    { kind: 'person' as const, cnp: '2900101120015' },
    { kind: 'person' as const, cnp: '' },
    { kind: 'company' as const, cui: 'RO18547290', name: 'Dental Supplies SRL', regCom: 'J08/77/2012' },
    { kind: 'person' as const, cnp: '' },
    { kind: 'company' as const, cui: '14399840', name: 'Atelier Arhitectură SRL', regCom: 'J12/345/2020' },
    { kind: 'person' as const, cnp: '' },
  ];
  let issued = 0;
  let first: string | null = null;
  for (const patient of patients) {
    const buyer = buyers[issued];
    if (!buyer) break;
    const charges = await findChargesForInvoice(db, patient.id);
    if (charges.length === 0) continue;
    const county = countyByName(patient.judet);
    const address = {
      street: 'Str. Lungă nr. 12',
      city: county && patient.oras && county.auto !== 'B' ? patient.oras : 'Brașov',
      countyCode: county && patient.oras && county.auto !== 'B' ? county.auto : 'BV',
    };
    const request = issueInvoiceRequest.parse({
      patientId: patient.id,
      chargeIds: charges.slice(0, 3).map((charge) => charge.id),
      buyer:
        buyer.kind === 'company'
          ? { ...buyer, address }
          : { ...buyer, name: `${patient.nume} ${patient.prenume}`, address },
    });
    const invoice = await issueInvoice(deps, actorOf(DEMO_USERS.asistent.email), request);
    first ??= invoice.id;
    issued += 1;
  }
  if (first) {
    await stornoInvoice(deps, actorOf(DEMO_USERS.admin.email), first, 'Date greșite ale cumpărătorului');
    issued += 1;
  }
  return issued;
}
