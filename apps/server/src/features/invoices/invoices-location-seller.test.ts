import { expect, it } from 'vitest';
import { LOCATION_SELLER_MESSAGES, type LocationSeller } from '@odonto/domain/contracts/clinic';
import type { Invoice } from '@odonto/domain/contracts/invoices';
import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertCharge, insertPatientOf, personRequest, saveClinic } from './invoices.test-support';

/** Issue 14: a location of a clinic group invoiced as its own seller (decision 0050). */
describeEachDialect('locations: own seller data for invoices', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]) {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  const url = (id: string) => `/api/locations/${id}/seller`;

  /** A branch in București: the clinic's CUI (the e-Factura connection's), its own name, address, bank. */
  const BRANCH = {
    nume: 'Clinica Dentară Zâmbet SRL - Sucursala București',
    telefon: '021 312 45 67',
    email: 'bucuresti@zambet.ro',
    cui: 'ro14399840',
    regCom: 'J40/1234/2021',
    strada: 'Bd. Unirii nr. 10',
    localitate: 'Sector 3',
    judetCod: 'b',
    codPostal: '030167',
    iban: 'RO09 BCYP 0000 0012 3456 7890',
    banca: 'Banca Comercială Română',
    platitorTva: true,
  };

  async function northLocation(admin: string): Promise<string> {
    const created = await call(t().app, {
      method: 'POST',
      url: '/api/locations',
      cookie: admin,
      body: { name: 'Sediul Nord' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<LocationsAnswer>().locations;
    const north = list.find((place) => place.name === 'Sediul Nord');
    if (!north) throw new Error('no location');
    return north.id;
  }

  async function issueAt(cookie: string, locationId: string) {
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani: 12_100, vatRateBp: 2100, locationId });
    return call(t().app, {
      method: 'POST',
      url: '/api/facturi',
      cookie,
      body: personRequest(patientId, [charge]),
    });
  }

  it('reads none, saves, answers errors, removes; the roles and the location are checked', async () => {
    const admin = await signIn(['admin']);
    const north = await northLocation(admin);

    const none = await call(t().app, { url: url(north), cookie: admin });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ locationId: north, seller: null, version: 0 });

    const saved = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LocationSeller>()).toMatchObject({
      locationId: north,
      version: 1,
      seller: {
        cui: 'RO14399840',
        judetCod: 'B',
        iban: 'RO09BCYP0000001234567890',
        telefon: '0213124567',
      },
    });
    expect((await call(t().app, { url: url(north), cookie: admin })).json<LocationSeller>().version).toBe(1);

    const stale = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, version: 0 },
    });
    expect(stale.statusCode).toBe(409);

    for (const [field, value, message] of [
      ['cui', 'RO14399841', 'Codul fiscal (CUI) nu este valid.'],
      ['iban', 'RO09BCYP0000001234567891', 'IBAN-ul nu este valid.'],
      ['judetCod', 'XX', 'Județul nu este valid.'],
      ['codPostal', '12', 'Codul poștal nu este valid.'],
      ['nume', '', 'Numele clinicii este obligatoriu.'],
    ] as const) {
      const bad = await call(t().app, {
        method: 'PUT',
        url: url(north),
        cookie: admin,
        body: { ...BRANCH, [field]: value, version: 1 },
      });
      expect(bad.statusCode, field).toBe(400);
      expect(errorOf(bad).fields?.[field], field).toBe(message);
    }

    const unknown = await call(t().app, {
      method: 'PUT',
      url: url('nu-exista'),
      cookie: admin,
      body: { ...BRANCH, version: 0 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_SELLER_MESSAGES.locationNotFound);
    expect((await call(t().app, { url: url('nu-exista'), cookie: admin })).statusCode).toBe(404);

    const doctor = await signIn(['medic']);
    expect((await call(t().app, { url: url(north), cookie: doctor })).statusCode).toBe(403);
    const doctorPut = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: doctor,
      body: { ...BRANCH, version: 1 },
    });
    expect(doctorPut.statusCode).toBe(403);
    expect((await call(t().app, { method: 'DELETE', url: url(north), cookie: doctor })).statusCode).toBe(403);
    expect((await call(t().app, { url: url(north) })).statusCode).toBe(401);

    const removed = await call(t().app, { method: 'DELETE', url: url(north), cookie: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ locationId: north, seller: null, version: 2 });
    const again = await call(t().app, { method: 'DELETE', url: url(north), cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(LOCATION_SELLER_MESSAGES.notOwn);
    expect((await call(t().app, { method: 'DELETE', url: url('nu-exista'), cookie: admin })).statusCode).toBe(
      404,
    );

    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', north)
      .where('action', 'like', 'location_seller%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'location_seller_delete',
      'location_seller_update',
    ]);
  });

  it('an invoice at the location carries its seller, kept after the location’s data changes; others the clinic’s', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const north = await northLocation(admin);
    const first = (await call(t().app, { url: '/api/locations', cookie: admin }))
      .json<LocationsAnswer>()
      .locations.find((place) => place.id !== north);
    if (!first) throw new Error('no first location');
    const put = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, version: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);

    const issued = await issueAt(admin, north);
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<Invoice>();
    expect(invoice.seller).toMatchObject({ name: BRANCH.nume, regCom: 'J40/1234/2021' });
    const submission = await t()
      .db.selectFrom('efactura_submissions')
      .select(['cif', 'xml'])
      .where('document_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(submission.cif).toBe('14399840');
    expect(submission.xml).toContain('Sucursala București');
    expect(submission.xml).toContain('SECTOR3');

    const atClinic = await issueAt(admin, first.id);
    expect(atClinic.statusCode, atClinic.body).toBe(201);
    expect(atClinic.json<Invoice>().seller.name).toBe('Clinica Dentară Zâmbet SRL');

    // Editing the location's data later changes neither the issued invoice nor its credit note's seller.
    const edited = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, nume: 'Alt nume SRL', version: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const later = await call(t().app, { url: `/api/facturi/${invoice.id}`, cookie: admin });
    expect(later.json<Invoice>().seller.name).toBe(BRANCH.nume);
    const credit = await call(t().app, {
      method: 'POST',
      url: `/api/facturi/${invoice.id}/storno`,
      cookie: admin,
      body: { reason: 'Date greșite' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json<Invoice>().seller.name).toBe(BRANCH.nume);
    const pdf = await call(t().app, { url: `/api/facturi/${invoice.id}/pdf`, cookie: admin });
    expect(pdf.statusCode).toBe(200);
  });

  it('refuses an invoice at a location whose CIF the e-Factura connection does not upload for (409, numbering nothing); accepts it once the connection lists that CIF', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const north = await northLocation(admin);
    const put = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, nume: 'Zâmbet Nord SRL', cui: 'RO18547290', version: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await issueAt(admin, north);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(LOCATION_SELLER_MESSAGES.otherCif('RO18547290', ['14399840']));
    expect(await t().db.selectFrom('invoices').select('id').execute()).toEqual([]);

    // The clinic's connection, uploading for the clinic and another firm: still not the location's CIF.
    const saveConnection = (otherCifs: string[], version: number) =>
      call(t().app, {
        method: 'PUT',
        url: '/api/efactura/settings',
        cookie: admin,
        body: {
          environment: 'test',
          apiUrl: 'https://anaf.example.ro/test/FCTEL/rest',
          oauthUrl: 'https://logincert.example.ro/anaf-oauth2/v1',
          clientId: 'client',
          clientSecret: 'secret',
          redirectUri: 'https://odonto.example.ro/api/efactura/callback',
          cif: 'RO14399840',
          otherCifs,
          version,
        },
      });
    expect((await saveConnection(['31415926'], 0)).statusCode).toBe(200);
    const stillRefused = await issueAt(admin, north);
    expect(stillRefused.statusCode).toBe(409);
    expect(errorOf(stillRefused).message).toBe(
      LOCATION_SELLER_MESSAGES.otherCif('RO18547290', ['14399840', '31415926']),
    );
    expect(errorOf(stillRefused).message).toContain('CIF-urile 14399840, 31415926');

    // Once the connection lists the location's CIF, its invoices go to ANAF under that CIF.
    const connection = await saveConnection(['31415926', 'RO18547290'], 1);
    expect(connection.statusCode, connection.body).toBe(200);
    const served = await issueAt(admin, north);
    expect(served.statusCode, served.body).toBe(201);
    const submission = await t()
      .db.selectFrom('efactura_submissions')
      .select('cif')
      .where('document_id', '=', served.json<Invoice>().id)
      .executeTakeFirstOrThrow();
    expect(submission.cif).toBe('18547290');

    // Incomplete own seller data: the clinic's 400, as for the clinic's own.
    const incomplete = await call(t().app, {
      method: 'PUT',
      url: url(north),
      cookie: admin,
      body: { ...BRANCH, strada: '', version: 1 },
    });
    expect(incomplete.statusCode, incomplete.body).toBe(200);
    expect((await issueAt(admin, north)).statusCode).toBe(400);
  });
});
