import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import type {
  Invoice,
  InvoiceListResponse,
  PatientInvoicesResponse,
} from '@odonto/domain/contracts/invoices';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { parseMail } from '../../../test/mail';
import {
  companyRequest,
  insertCharge,
  insertPatientOf,
  personRequest,
  reverseCharge,
  saveClinic,
} from './invoices.test-support';

describeEachDialect('invoices', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[], nume?: string) {
    const user = await createUser(t().db, { roles, ...(nume ? { nume } : {}) });
    return loginAs(t().app, user.email, user.password);
  }

  const post = (cookie: string, url: string, body: unknown) =>
    call(t().app, { method: 'POST', url, cookie, body });
  const get = (cookie: string, url: string) => call(t().app, { url, cookie });

  async function issue(cookie: string, body: unknown): Promise<Invoice> {
    const response = await post(cookie, '/api/facturi', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Invoice>();
  }

  it('issues an invoice from picked charges: number, lines with VAT, totals, XML queued for e-Factura, audit', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const asistent = await signIn(['asistent']);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const filling = await insertCharge(t().db, patientId, { amountBani: 25_000, teeth: ['3.6'] });
    const whitening = await insertCharge(t().db, patientId, {
      amountBani: 12_100,
      description: 'Albire',
      teeth: [],
      vatRateBp: 2100,
    });
    const other = await insertCharge(t().db, patientId, { amountBani: 5_000 });

    const before = (
      await get(asistent, `/api/pacienti/${patientId}/facturi`)
    ).json<PatientInvoicesResponse>();
    expect(before.invoiceableCharges.map((charge) => charge.id)).toEqual([filling, whitening, other]);
    expect(before.buyer).toEqual({ name: 'Popescu Ana', city: 'Cluj-Napoca', countyCode: 'CJ' });

    const invoice = await issue(asistent, personRequest(patientId, [filling, whitening]));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      series: 'ODT',
      number: 1,
      fullNumber: 'ODT 1',
      issueDate: '2026-03-02',
      buyerKind: 'person',
      buyer: { name: 'Popescu Ana', code: '2900101120015' },
      seller: { code: 'RO14399840', regCom: 'J12/345/2020', vatPayer: true },
      totalBani: 37_100,
      vatBani: 2_100,
      taxExclusiveBani: 35_000,
      payableBani: 37_100,
      reverses: null,
      reversedBy: null,
    });
    expect(invoice.lines.map((line) => [line.name, line.category, line.netBani, line.vatBani])).toEqual([
      ['Obturație compozit (3.6)', 'E', 25_000, 0],
      ['Albire', 'S', 10_000, 2_100],
    ]);
    expect(invoice.efactura).toMatchObject({ state: 'queued', b2c: true, documentKind: 'invoice' });

    const xml = await get(asistent, `/api/facturi/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain('ODT-1.xml');
    expect(xml.body).toContain('<cbc:ID>ODT 1</cbc:ID>');
    const queued = await t()
      .db.selectFrom('efactura_submissions')
      .select(['xml', 'state'])
      .where('document_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(queued.xml).toBe(xml.body);

    const after = (await get(asistent, `/api/pacienti/${patientId}/facturi`)).json<PatientInvoicesResponse>();
    expect(after.invoiceableCharges.map((charge) => charge.id)).toEqual([other]);
    expect(after.invoices.map((item) => item.fullNumber)).toEqual(['ODT 1']);

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'invoice_issue')
      .execute();
    expect(audit).toEqual([{ action: 'invoice_issue', entity_id: invoice.id }]);
  });

  it('refuses an invalid CNP, a bad CUI, unknown, reversed and already invoiced charges', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani: 10_000 });

    const badCnp = await post(admin, '/api/facturi', personRequest(patientId, [charge], '2900101120016'));
    expect(badCnp.statusCode).toBe(400);
    expect(errorOf(badCnp).fields?.['buyer.cnp']).toMatch(/^CNP invalid: Cifra de control/);

    const badCui = await post(admin, '/api/facturi', companyRequest(patientId, [charge], 'RO18547291'));
    expect(badCui.statusCode).toBe(400);
    expect(errorOf(badCui).fields?.['buyer.cui']).toMatch(/^CUI invalid/);

    const unknown = await post(admin, '/api/facturi', personRequest(patientId, ['nu-exista']));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(
      'Una dintre taxele alese nu este pe contul pacientului sau a fost stornată.',
    );

    const reversed = await insertCharge(t().db, patientId, { amountBani: 3_000 });
    await reverseCharge(t().db, reversed, patientId, 3_000);
    expect((await post(admin, '/api/facturi', personRequest(patientId, [reversed]))).statusCode).toBe(400);

    const otherPatient = await insertPatientOf(t().db, 'Dr. Ionescu');
    expect((await post(admin, '/api/facturi', personRequest(otherPatient, [charge]))).statusCode).toBe(400);
    expect((await post(admin, '/api/facturi', personRequest('nu-exista', [charge]))).statusCode).toBe(404);

    await issue(admin, companyRequest(patientId, [charge]));
    const twice = await post(admin, '/api/facturi', personRequest(patientId, [charge]));
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('Una dintre taxele alese a fost deja facturată.');
    // A refused issue used no number: the next invoice is ODT 2.
    const next = await insertCharge(t().db, patientId, { amountBani: 1_000 });
    expect((await issue(admin, personRequest(patientId, [next], ''))).fullNumber).toBe('ODT 2');
  });

  it('refuses to issue until the clinic details are complete', async () => {
    const admin = await signIn(['admin']);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani: 10_000 });
    const response = await post(admin, '/api/facturi', personRequest(patientId, [charge]));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/^Completați datele clinicii/);
  });

  it('never edits or deletes an issued invoice; the database refuses it too', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani: 10_000 });
    const invoice = await issue(admin, personRequest(patientId, [charge]));
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(t().app, {
        method,
        url: `/api/facturi/${invoice.id}`,
        cookie: admin,
        body: { totalBani: 1 },
      });
      expect(response.statusCode, method).toBe(409);
      expect(errorOf(response).message).toBe(
        'O factură emisă nu poate fi modificată sau ștearsă: emiteți o factură storno.',
      );
    }
    await expect(
      t().db.updateTable('invoices').set({ total_bani: 1 }).where('id', '=', invoice.id).execute(),
    ).rejects.toThrow();
    await expect(
      t().db.deleteFrom('invoice_lines').where('invoice_id', '=', invoice.id).execute(),
    ).rejects.toThrow();
    expect((await get(admin, `/api/facturi/${invoice.id}`)).json<Invoice>().totalBani).toBe(10_000);
  });

  it('credit note: admin only, reverses the whole invoice once, frees its charges, queued for e-Factura', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const asistent = await signIn(['asistent']);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const charge = await insertCharge(t().db, patientId, { amountBani: 40_000 });
    const invoice = await issue(asistent, personRequest(patientId, [charge]));

    const forbidden = await post(asistent, `/api/facturi/${invoice.id}/storno`, { reason: 'Date greșite' });
    expect(forbidden.statusCode).toBe(403);
    expect((await post(admin, `/api/facturi/${invoice.id}/storno`, { reason: '' })).statusCode).toBe(400);
    expect((await post(admin, '/api/facturi/nu-exista/storno', { reason: 'Date greșite' })).statusCode).toBe(
      404,
    );

    const response = await post(admin, `/api/facturi/${invoice.id}/storno`, { reason: 'Date greșite' });
    expect(response.statusCode, response.body).toBe(201);
    const credit = response.json<Invoice>();
    expect(credit).toMatchObject({
      kind: 'credit-note',
      fullNumber: 'ODTS 1',
      totalBani: 40_000,
      reverses: { id: invoice.id, fullNumber: 'ODT 1' },
      reason: 'Date greșite',
      efactura: { state: 'queued', documentKind: 'credit-note' },
    });
    const xml = await get(admin, `/api/facturi/${credit.id}/xml`);
    expect(xml.body).toContain('<CreditNote');
    expect(xml.body).toContain('<cac:BillingReference>');
    expect((await get(admin, `/api/facturi/${invoice.id}`)).json<Invoice>().reversedBy?.fullNumber).toBe(
      'ODTS 1',
    );

    const again = await post(admin, `/api/facturi/${invoice.id}/storno`, { reason: 'Din nou' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Factura a fost deja stornată.');
    expect((await post(admin, `/api/facturi/${credit.id}/storno`, { reason: 'Din nou' })).statusCode).toBe(
      409,
    );

    // The charge can be invoiced again.
    const reissued = await issue(asistent, personRequest(patientId, [charge]));
    expect(reissued.fullNumber).toBe('ODT 2');
  });

  it("narrows a doctor to their own patients' invoices (404 for another doctor's)", async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const medic = await signIn(['medic'], 'Dr. Ionescu');
    const mine = await insertPatientOf(t().db, 'Dr. Ionescu');
    const theirs = await insertPatientOf(t().db, 'Dr. Vasilescu');
    const own = await issue(
      admin,
      personRequest(mine, [await insertCharge(t().db, mine, { amountBani: 100 })]),
    );
    const other = await issue(
      admin,
      personRequest(theirs, [await insertCharge(t().db, theirs, { amountBani: 200 })]),
    );

    const list = (await get(medic, '/api/facturi')).json<InvoiceListResponse>();
    expect(list.items.map((item) => item.id)).toEqual([own.id]);
    expect((await get(medic, `/api/facturi/${own.id}`)).statusCode).toBe(200);
    expect((await get(medic, `/api/facturi/${other.id}`)).statusCode).toBe(404);
    expect((await get(medic, `/api/facturi/${other.id}/xml`)).statusCode).toBe(404);
    expect((await get(medic, `/api/pacienti/${theirs}/facturi`)).statusCode).toBe(404);
    expect((await post(medic, '/api/facturi', personRequest(mine, []))).statusCode).toBe(403);

    const all = (await get(admin, '/api/facturi?luna=2026-03')).json<InvoiceListResponse>();
    expect(all.total).toBe(2);
    expect((await get(admin, '/api/facturi?luna=2026-04')).json<InvoiceListResponse>().total).toBe(0);
    expect((await get(admin, '/api/facturi?stare=queued&serie=odt')).json<InvoiceListResponse>().total).toBe(
      2,
    );
    expect(
      (await get(admin, `/api/facturi?pacient=${theirs}`)).json<InvoiceListResponse>().items[0]?.id,
    ).toBe(other.id);
    expect((await get(admin, '/api/facturi?luna=2026-13')).statusCode).toBe(400);
    const sterilizare = await signIn(['sterilizare']);
    expect((await get(sterilizare, '/api/facturi')).statusCode).toBe(403);
    expect((await call(t().app, { url: '/api/facturi' })).statusCode).toBe(401);
  });

  it('downloads: the answer 404 until ANAF answers, the month ZIP (admin), the PDF, the e-mail with the PDF', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const asistent = await signIn(['asistent']);
    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const invoice = await issue(
      admin,
      personRequest(patientId, [await insertCharge(t().db, patientId, { amountBani: 100 })]),
    );

    const answer = await get(admin, `/api/facturi/${invoice.id}/raspuns`);
    expect(answer.statusCode).toBe(404);
    expect(errorOf(answer).message).toBe('Răspunsul ANAF nu a fost primit încă pentru această factură.');

    expect((await get(asistent, '/api/facturi/export?luna=2026-03')).statusCode).toBe(403);
    expect((await get(admin, '/api/facturi/export?luna=martie')).statusCode).toBe(400);
    const zip = await call(t().app, { url: '/api/facturi/export?luna=2026-03', cookie: admin });
    expect(zip.statusCode).toBe(200);
    const archive = await JSZip.loadAsync(zip.rawPayload);
    expect(Object.keys(archive.files)).toEqual(['ODT-1.xml']);

    const pdf = await get(asistent, `/api/facturi/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await post(asistent, `/api/facturi/${invoice.id}/email`, { to: 'nu-e-email' })).statusCode).toBe(
      400,
    );
    expect((await post(asistent, '/api/facturi/nu-exista/email', { to: 'ana@example.ro' })).statusCode).toBe(
      404,
    );
    const mail = await post(asistent, `/api/facturi/${invoice.id}/email`, { to: 'ana@example.ro' });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toEqual({ status: 'sent', to: 'ana@example.ro' });
    const outbox = join(t().dataDir, 'outbox');
    const [file] = await readdir(outbox);
    const eml = await readFile(join(outbox, file ?? ''), 'utf8');
    expect(eml).toContain('ODT-1.pdf');
    expect(eml).toContain('application/pdf');
    // Romanian, the saved clinic's name, the date as zz.ll.aaaa and the amount in lei; a text and an HTML part.
    const sent = parseMail(eml);
    expect(sent.subject).toBe('Factură ODT 1 — Clinica Dentară Zâmbet SRL');
    expect(sent.text).toBe(
      'Bună ziua,\n\nVă trimitem atașată factura ODT 1 din 02.03.2026, în valoare de 1,00 lei.\n\n' +
        'Clinica Dentară Zâmbet SRL',
    );
    expect(sent.html).toContain('<p>Clinica Dentară Zâmbet SRL</p>');
  });

  it('series settings: admin sets series and start; a used series keeps its numbering', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const asistent = await signIn(['asistent']);
    const put = (cookie: string, body: unknown) =>
      call(t().app, { method: 'PUT', url: '/api/facturi-setari', cookie, body });
    const initial = await get(admin, '/api/facturi-setari');
    expect(initial.json()).toMatchObject({ invoiceSeries: 'ODT', nextInvoiceNumber: 1, version: 0 });
    const body = {
      invoiceSeries: 'zmb',
      invoiceStart: 100,
      creditNoteSeries: 'ZMBS',
      creditNoteStart: 1,
      version: 0,
    };
    expect((await put(asistent, body)).statusCode).toBe(403);
    expect((await put(admin, { ...body, invoiceSeries: '1X' })).statusCode).toBe(400);
    const saved = await put(admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ invoiceSeries: 'ZMB', nextInvoiceNumber: 100, version: 1 });
    expect((await put(admin, body)).statusCode).toBe(409);

    const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
    const invoice = await issue(
      asistent,
      personRequest(patientId, [await insertCharge(t().db, patientId, { amountBani: 100 })]),
    );
    expect(invoice.fullNumber).toBe('ZMB 100');
    const moved = await put(admin, { ...body, invoiceSeries: 'ZMB', invoiceStart: 5, version: 1 });
    expect(moved.statusCode).toBe(409);
    expect(errorOf(moved).message).toBe(
      'Seria are deja documente emise: numărul de început nu se mai poate schimba.',
    );
  });

  it('numbers 20 invoices issued at the same moment 1..20, without gaps or duplicates', async () => {
    const admin = await signIn(['admin']);
    await saveClinic(t().app, admin);
    const requests = [];
    for (let index = 0; index < 20; index += 1) {
      const patientId = await insertPatientOf(t().db, 'Dr. Ionescu');
      const charge = await insertCharge(t().db, patientId, { amountBani: 1_000 + index });
      requests.push(personRequest(patientId, [charge], ''));
    }
    const responses = await Promise.all(requests.map((body) => post(admin, '/api/facturi', body)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses.map((response) => response.json<Invoice>().number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});
