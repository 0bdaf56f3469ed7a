import { expect, it } from 'vitest';
import { INVOICE_MESSAGES, type Invoice, type InvoiceSettings } from '@odonto/domain/contracts/invoices';
import type { LocationsAnswer } from '@odonto/domain/contracts/locations';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertCharge, insertPatientOf, personRequest, saveClinic } from './invoices.test-support';

/** Issue 14: a location of a clinic group numbers its invoices and credit notes from series of its own. */
describeEachDialect('invoices: series by location', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]) {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  const get = (cookie: string, url: string) => call(t().app, { url, cookie });
  const post = (cookie: string, url: string, body: unknown) =>
    call(t().app, { method: 'POST', url, cookie, body });
  const put = (cookie: string, body: unknown) =>
    call(t().app, { method: 'PUT', url: '/api/facturi-setari', cookie, body });

  const CLINIC = { invoiceSeries: 'ODT', invoiceStart: 1, creditNoteSeries: 'ODTS', creditNoteStart: 1 };

  /** The clinic's first location (made by the migration) and `names.length` more, in order. */
  async function group(admin: string, names: string[]): Promise<string[]> {
    for (const name of names) {
      const created = await post(admin, '/api/locations', { name });
      expect(created.statusCode, created.body).toBe(201);
    }
    return (await get(admin, '/api/locations')).json<LocationsAnswer>().locations.map((place) => place.id);
  }

  async function invoiceAt(cookie: string, locationId: string | null, amountBani = 1_000): Promise<Invoice> {
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani, locationId });
    const response = await post(cookie, '/api/facturi', personRequest(patientId, [charge]));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Invoice>();
  }

  async function storno(cookie: string, invoiceId: string): Promise<Invoice> {
    const response = await post(cookie, `/api/facturi/${invoiceId}/storno`, { reason: 'Date greșite' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Invoice>();
  }

  it('a location with its own series numbers its invoices and their credit notes from it; the others the clinic’s', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const [first, north] = await group(admin, ['Sediul Nord']);
    if (!first || !north) throw new Error('no locations');
    const initial = await get(admin, '/api/facturi-setari');
    expect(initial.json()).toMatchObject({ invoiceSeries: 'ODT', locations: [], version: 0 });

    const saved = await put(admin, {
      ...CLINIC,
      locations: [
        {
          locationId: north,
          invoiceSeries: 'nrd',
          invoiceStart: 50,
          creditNoteSeries: 'NRDS',
          creditNoteStart: 1,
        },
      ],
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<InvoiceSettings>()).toMatchObject({
      invoiceSeries: 'ODT',
      nextInvoiceNumber: 1,
      locations: [
        {
          locationId: north,
          invoiceSeries: 'NRD',
          invoiceStart: 50,
          creditNoteSeries: 'NRDS',
          nextInvoiceNumber: 50,
          nextCreditNoteNumber: 1,
        },
      ],
      version: 1,
    });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'invoice_settings_update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
      invoiceSeries: 'ODT',
      locations: [{ locationId: north, invoiceSeries: 'NRD', invoiceStart: 50 }],
    });

    const asistent = await signIn(['asistent']);
    const atNorth = await invoiceAt(asistent, north);
    expect(atNorth.fullNumber).toBe('NRD 50');
    expect((await invoiceAt(asistent, north)).fullNumber).toBe('NRD 51');
    expect((await invoiceAt(asistent, first)).fullNumber).toBe('ODT 1');
    // A charge from before locations existed: the clinic's series.
    const unplaced = await invoiceAt(asistent, null);
    expect(unplaced.fullNumber).toBe('ODT 2');
    expect((await storno(admin, atNorth.id)).fullNumber).toBe('NRDS 1');
    expect((await storno(admin, unplaced.id)).fullNumber).toBe('ODTS 1');

    // Saved without `locations` (as a single-location clinic's screen does): the location keeps its series.
    const kept = await put(admin, { ...CLINIC, version: 1 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<InvoiceSettings>().locations).toMatchObject([
      { locationId: north, invoiceSeries: 'NRD', nextInvoiceNumber: 52, nextCreditNoteNumber: 2 },
    ]);
    // A used series keeps its start.
    const moved = await put(admin, {
      ...CLINIC,
      locations: [
        {
          locationId: north,
          invoiceSeries: 'NRD',
          invoiceStart: 10,
          creditNoteSeries: 'NRDS',
          creditNoteStart: 1,
        },
      ],
      version: 2,
    });
    expect(moved.statusCode).toBe(409);
    expect(errorOf(moved).message).toBe(INVOICE_MESSAGES.seriesInUse);
    // No pair any more: the location takes the clinic's series again.
    const back = await put(admin, { ...CLINIC, locations: [], version: 2 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<InvoiceSettings>().locations).toEqual([]);
    expect((await invoiceAt(asistent, north)).fullNumber).toBe('ODT 3');
  });

  it('refuses a bad pair: 401, 403, 400 (series, start, a location twice), 422 (unknown location, one series with two starts), 409 (stale)', async () => {
    const admin = await signIn(['admin']);
    const [, north, south] = await group(admin, ['Sediul Nord', 'Sediul Sud']);
    if (!north || !south) throw new Error('no locations');
    const pair = (locationId: string, series = 'NRD', start = 1) => ({
      locationId,
      invoiceSeries: series,
      invoiceStart: start,
      creditNoteSeries: `${series}S`,
      creditNoteStart: 1,
    });
    const body = (locations: unknown[], version = 0) => ({ ...CLINIC, locations, version });

    expect(
      (await call(t().app, { method: 'PUT', url: '/api/facturi-setari', body: body([]) })).statusCode,
    ).toBe(401);
    for (const roles of [['asistent'], ['medic'], ['sterilizare']]) {
      expect((await put(await signIn(roles), body([pair(north)]))).statusCode).toBe(403);
    }
    const badSeries = await put(admin, body([pair(north, '1X')]));
    expect(badSeries.statusCode).toBe(400);
    expect(errorOf(badSeries).fields?.['locations.0.invoiceSeries']).toBe(INVOICE_MESSAGES.series);
    const badStart = await put(admin, body([pair(north, 'NRD', 0)]));
    expect(badStart.statusCode).toBe(400);
    expect(errorOf(badStart).fields?.['locations.0.invoiceStart']).toBe(INVOICE_MESSAGES.startNumber);
    const twice = await put(admin, body([pair(north), pair(north, 'ALT')]));
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).fields?.['locations.1.locationId']).toBe(INVOICE_MESSAGES.locationTwice);

    const unknown = await put(admin, body([pair(north), pair('no-such-location', 'SUD')]));
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown)).toMatchObject({
      message: INVOICE_MESSAGES.locationUnknown,
      fields: { 'locations.1.locationId': INVOICE_MESSAGES.locationUnknown },
    });
    // The clinic's series at a location with another start: one numbering cannot start twice.
    const clinicTwice = await put(admin, body([pair(north, 'ODT', 7)]));
    expect(clinicTwice.statusCode).toBe(422);
    expect(errorOf(clinicTwice)).toMatchObject({
      message: INVOICE_MESSAGES.seriesStartShared,
      fields: { 'locations.0.invoiceStart': INVOICE_MESSAGES.seriesStartShared },
    });
    const locationsTwice = await put(admin, body([pair(north, 'GRP', 1), pair(south, 'GRP', 5)]));
    expect(locationsTwice.statusCode).toBe(422);
    expect(errorOf(locationsTwice).fields?.['locations.1.invoiceStart']).toBe(
      INVOICE_MESSAGES.seriesStartShared,
    );
    // The clinic's own two series are one numbering when they are the same series.
    const clinicOwn = await put(admin, {
      ...CLINIC,
      creditNoteSeries: 'ODT',
      creditNoteStart: 3,
      version: 0,
    });
    expect(clinicOwn.statusCode).toBe(422);
    expect(errorOf(clinicOwn).fields?.['creditNoteStart']).toBe(INVOICE_MESSAGES.seriesStartShared);

    // A series shared with the same start is one numbering: accepted (from the technical administrator too).
    const installer = await signIn(['dinstitute_admin']);
    const shared = await put(installer, body([pair(north, 'GRP', 1), pair(south, 'GRP', 1)]));
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await put(admin, body([pair(north)]))).statusCode).toBe(409);
    const audits = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'invoice_settings_update')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('numbers invoices issued at the same moment at locations sharing a series, and at the clinic’s, without gaps', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const [first, north, south] = await group(admin, ['Sediul Nord', 'Sediul Sud']);
    if (!first || !north || !south) throw new Error('no locations');
    const grp = { invoiceSeries: 'GRP', invoiceStart: 1, creditNoteSeries: 'GRPS', creditNoteStart: 1 };
    const saved = await put(admin, {
      ...CLINIC,
      locations: [
        { locationId: north, ...grp },
        { locationId: south, ...grp },
      ],
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const places = [north, south, first];
    const requests = [];
    for (let index = 0; index < 21; index += 1) {
      const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
      const charge = await insertCharge(t().db, patientId, {
        amountBani: 1_000 + index,
        locationId: places[index % 3] ?? null,
      });
      requests.push(personRequest(patientId, [charge], ''));
    }
    const responses = await Promise.all(requests.map((body) => post(admin, '/api/facturi', body)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = (series: string) =>
      responses
        .map((response) => response.json<Invoice>())
        .filter((invoice) => invoice.series === series)
        .map((invoice) => invoice.number)
        .sort((a, b) => a - b);
    expect(numbers('GRP')).toEqual(Array.from({ length: 14 }, (_, index) => index + 1));
    expect(numbers('ODT')).toEqual(Array.from({ length: 7 }, (_, index) => index + 1));
  });
});
