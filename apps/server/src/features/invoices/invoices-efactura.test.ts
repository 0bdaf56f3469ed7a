import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@odonto/domain/contracts/invoices';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { validateUbl, type ValidationReport } from '../../../test/efactura-validate';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import {
  companyRequest,
  insertCharge,
  insertPatientOf,
  personRequest,
  saveClinic,
} from './invoices.test-support';

/**
 * Every document the invoices API issues goes through the official EN 16931 and CIUS-RO rules (decision
 * 0020): persons with and without CNP, a company in București, exempt and taxable lines, a quantity whose
 * unit price is not whole bani, a clinic not registered for VAT, credit notes. One app, one batch, two JVMs.
 */
describe('issued invoices pass the official e-Factura rules', () => {
  let t: TestApp;
  const xmls: Record<string, string> = {};
  let validation: Promise<Record<string, ValidationReport>>;

  async function issue(cookie: string, body: unknown): Promise<Invoice> {
    const response = await call(t.app, { method: 'POST', url: '/api/facturi', cookie, body });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json<Invoice>();
  }

  async function keep(name: string, invoice: Invoice): Promise<void> {
    const row = await t.db
      .selectFrom('efactura_submissions')
      .select('xml')
      .where('document_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    xmls[name] = row.xml;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.db, { roles: ['admin'] });
    const admin = await loginAs(t.app, user.email, user.password);
    await saveClinic(t.app, admin);
    const patient = await insertPatientOf(t.db, 'Dr. Ionescu');
    const charge = (amountBani: number, options: { vatRateBp?: number; quantity?: number } = {}) =>
      insertCharge(t.db, patient, { amountBani, ...options });

    const person = await issue(
      admin,
      personRequest(patient, [await charge(25_000), await charge(12_100, { vatRateBp: 2100 })]),
    );
    await keep('api-person-cnp-mixed-vat', person);
    await keep(
      'api-person-anonymous',
      await issue(admin, personRequest(patient, [await charge(10_001, { quantity: 3 })], '')),
    );
    await keep(
      'api-company-bucharest',
      await issue(
        admin,
        companyRequest(patient, [await charge(33_333, { vatRateBp: 2100 }), await charge(5_000)]),
      ),
    );
    const credit = await call(t.app, {
      method: 'POST',
      url: `/api/facturi/${person.id}/storno`,
      cookie: admin,
      body: { reason: 'Date greșite ale cumpărătorului' },
    });
    await keep('api-credit-note', credit.json<Invoice>());

    // A location invoiced as its own seller (decision 0050): a branch in București with its own bank.
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/locations',
      cookie: admin,
      body: { name: 'Sediul București' },
    });
    const branch = created
      .json<{ locations: { id: string; name: string }[] }>()
      .locations.find((place) => place.name === 'Sediul București');
    if (!branch) throw new Error(created.body);
    const sellerSaved = await call(t.app, {
      method: 'PUT',
      url: `/api/locations/${branch.id}/seller`,
      cookie: admin,
      body: {
        nume: 'Clinica Dentară Zâmbet SRL - Sucursala București',
        telefon: '0213124567',
        email: 'bucuresti@zambet.ro',
        cui: 'RO14399840',
        regCom: 'J40/1234/2021',
        strada: 'Bd. Unirii nr. 10',
        localitate: 'Sector 3',
        judetCod: 'B',
        codPostal: '030167',
        iban: 'RO09BCYP0000001234567890',
        banca: 'Banca Comercială Română',
        platitorTva: true,
        version: 0,
      },
    });
    if (sellerSaved.statusCode !== 200) throw new Error(sellerSaved.body);
    const atBranch = (amountBani: number, vatRateBp?: number) =>
      insertCharge(t.db, patient, { amountBani, locationId: branch.id, ...(vatRateBp ? { vatRateBp } : {}) });
    const branchInvoice = await issue(
      admin,
      companyRequest(patient, [await atBranch(24_200, 2100), await atBranch(8_000)]),
    );
    await keep('api-location-seller', branchInvoice);

    await saveClinic(t.app, admin, { cui: '14399840', platitorTva: false });
    const nonPayer = await issue(admin, companyRequest(patient, [await charge(7_500)], '14399840'));
    await keep('api-non-vat-seller', nonPayer);

    validation = validateUbl(xmls);
    validation.catch(() => undefined);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has no fatal rule failed and no warning for any issued document', async () => {
    const reports = await validation;
    expect(Object.keys(reports).sort()).toEqual(Object.keys(xmls).sort());
    for (const [name, report] of Object.entries(reports)) {
      expect(
        report.fatal.map((failure) => `${failure.id}: ${failure.text}`),
        name,
      ).toEqual([]);
      expect(
        report.warnings.map((failure) => `${failure.id}: ${failure.text}`),
        name,
      ).toEqual([]);
    }
  }, 180_000);
});
