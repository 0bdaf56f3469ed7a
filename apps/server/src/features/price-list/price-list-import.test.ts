import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { TREATMENT_CATALOGUE } from '@odonto/domain/catalogue';
import { PRICE_LIST_MESSAGES, type PriceListAnswer } from '@odonto/domain/contracts/price-list';
import { IMPORT_MESSAGES } from '@odonto/domain/price-list';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { postForm } from '../../../test/upload';

const TODAY = '2026-03-02';
const HEADER = 'cod;denumire;grupa;unitate;pret_lei;tva;activ';

function csv(...lines: string[]): { fileName: string; data: Uint8Array } {
  return {
    fileName: 'preturi.csv',
    data: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8'),
  };
}

async function xlsx(rows: string[][]): Promise<{ fileName: string; data: Uint8Array }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prețuri');
  for (const row of rows) sheet.addRow(row);
  return { fileName: 'preturi.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

describeEachDialect('price list import and export', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  const upload = (cookie: string | null, file: { fileName: string; data: Uint8Array }, validFrom = TODAY) =>
    postForm(t().app, '/api/price-list/import', { validFrom, file }, cookie);

  async function list(cookie: string, query = ''): Promise<PriceListAnswer> {
    return (await call(t().app, { url: `/api/price-list${query}`, cookie })).json();
  }

  it('imports a CSV in one go: catalogue prices, details, and the clinic’s own items', async () => {
    const admin = await signIn(['admin']);
    const response = await upload(
      admin,
      csv(
        'T-101;consultație;Consultații;per vizită;150,00;scutit;da',
        'T-1;coroană metalo-ceramică;Coroane;per dinte;1.200,00;scutit;da',
        'T-1401;albire;Estetică;per arcadă;1500;21%;da',
        ';"Kit igienă; periuță";Produse;per vizită;45,50;21%;da',
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 3, unchanged: 0 });
    const items = (await list(admin)).items;
    expect(items.find((item) => item.code === 'T-101')?.price).toEqual({
      amountBani: 15_000,
      validFrom: TODAY,
    });
    expect(items.find((item) => item.code === 'T-1')?.price?.amountBani).toBe(120_000);
    expect(items.find((item) => item.code === 'T-1401')).toMatchObject({
      name: 'albire dentară în cabinet',
      group: 'Estetică',
      unit: 'arcada',
      vatRateBp: 2100,
      price: { amountBani: 150_000 },
    });
    expect(items.find((item) => item.code === 'P-0001')).toMatchObject({
      name: 'Kit igienă; periuță',
      price: { amountBani: 4_550 },
    });

    // The same file again changes nothing; a later day's price is scheduled, today's stays.
    const again = await upload(admin, csv('T-101;consultație;Consultații;per vizită;150,00;scutit;da'));
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const later = await upload(admin, csv('T-101;;Consultații;per vizită;175;scutit;da'), '2026-04-01');
    expect(later.json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await list(admin, '?q=T-101')).items[0]).toMatchObject({
      price: { amountBani: 15_000 },
      nextPrice: { amountBani: 17_500, validFrom: '2026-04-01' },
    });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'price_list_import')
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({
      created: 1,
      updated: 3,
      prices: 4,
      file: 'preturi.csv',
    });
  });

  it('saves nothing from a file with a bad line and reports every bad line', async () => {
    const admin = await signIn(['admin']);
    const response = await upload(
      admin,
      csv(
        'T-101;consultație;Consultații;per vizită;150,00;scutit;da',
        'T-999;x;Consultații;per vizită;150,00;scutit;da',
        ';Kit;Produse;per oră;45;21%;da',
      ),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string; lines: unknown[] } }>();
    expect(body.error.code).toBe('invalid_file');
    expect(body.error.message).toBe('Fișierul are erori; nu s-a salvat nimic.');
    expect(body.error.lines).toEqual([
      { line: 3, message: IMPORT_MESSAGES.unknownCatalogueCode },
      { line: 4, message: IMPORT_MESSAGES.badUnit },
    ]);
    const items = (await list(admin)).items;
    expect(items).toHaveLength(TREATMENT_CATALOGUE.length);
    expect(items.every((item) => item.price === null)).toBe(true);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'price_list_import')
      .execute();
    expect(audit).toHaveLength(0);
  });

  it('imports an XLSX whose prices are numbers or text', async () => {
    const admin = await signIn(['admin']);
    const file = await xlsx([
      ['cod', 'denumire', 'grupa', 'unitate', 'pret_lei', 'tva', 'activ'],
      ['T-3', 'extracție', 'Extracții și chirurgie orală', 'per dinte', '350,00', 'scutit', 'da'],
      [
        'T-4',
        'implant',
        'Implantologie și adiție osoasă',
        'per dinte',
        4200 as unknown as string,
        'scutit',
        'da',
      ],
    ]);
    const response = await upload(admin, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 0, updated: 2, unchanged: 0 });
    const items = (await list(admin)).items;
    expect(items.find((item) => item.code === 'T-3')?.price?.amountBani).toBe(35_000);
    expect(items.find((item) => item.code === 'T-4')?.price?.amountBani).toBe(420_000);
  });

  it('refuses other files (415), a missing file or a past day (400), and non-admins (403)', async () => {
    const admin = await signIn(['admin']);
    const pdf = await upload(admin, { fileName: 'preturi.pdf', data: Buffer.from('%PDF-1.4') });
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf).message).toBe(PRICE_LIST_MESSAGES.fileType);
    const fakeXlsx = await upload(admin, { fileName: 'preturi.xlsx', data: Buffer.from('not a zip') });
    expect(fakeXlsx.statusCode).toBe(415);
    const noFile = await postForm(t().app, '/api/price-list/import', { validFrom: TODAY }, admin);
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).message).toBe(PRICE_LIST_MESSAGES.fileMissing);
    const past = await upload(admin, csv('T-101;;Consultații;per vizită;150;scutit;da'), '2026-03-01');
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe(PRICE_LIST_MESSAGES.pastDate);
    const badDay = await upload(admin, csv('T-101;;Consultații;per vizită;150;scutit;da'), 'mâine');
    expect(badDay.statusCode).toBe(400);
    const json = await call(t().app, {
      method: 'POST',
      url: '/api/price-list/import',
      cookie: admin,
      body: {},
    });
    expect(json.statusCode).toBe(415);
    for (const roles of [['medic'], ['asistent'], ['sterilizare']]) {
      expect((await upload(await signIn(roles), csv())).statusCode).toBe(403);
    }
    expect((await upload(null, csv())).statusCode).toBe(401);
  });

  it('exports CSV and XLSX that import back unchanged', async () => {
    const admin = await signIn(['admin']);
    await upload(
      admin,
      csv('T-101;;Consultații;per vizită;1.250,00;scutit;da', ';Kit;Produse;per vizită;45;21%;nu'),
    );
    const medic = await signIn(['medic']);
    const exported = await call(t().app, { url: '/api/price-list/export?format=csv', cookie: medic });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="lista-preturi-${TODAY}.csv"`);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe('T-101;consultație;Consultații;per vizită;1250,00;scutit;da');
    expect(lines).toContain('P-0001;Kit;Produse;per vizită;45,00;21%;nu');
    expect(lines.filter((line) => line !== '')).toHaveLength(TREATMENT_CATALOGUE.length + 2);

    const back = await upload(admin, { fileName: 'export.csv', data: exported.rawPayload });
    expect(back.json()).toEqual({ created: 0, updated: 0, unchanged: TREATMENT_CATALOGUE.length + 1 });

    const sheet = await call(t().app, { url: '/api/price-list/export?format=xlsx', cookie: admin });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).getCell(5).text).toBe('1250,00');
    const xlsxBack = await upload(admin, { fileName: 'export.xlsx', data: sheet.rawPayload });
    expect(xlsxBack.json()).toEqual({ created: 0, updated: 0, unchanged: TREATMENT_CATALOGUE.length + 1 });
    expect(
      (await call(t().app, { url: '/api/price-list/export?format=pdf', cookie: admin })).statusCode,
    ).toBe(400);
  });
});
