import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { toIsoDay } from '../../packages/domain/src/dates';
import { formatPriceDay } from '../../packages/domain/src/price-list';
import { DEMO_USERS, expect, test } from '../fixtures';
import { uniqueWord } from '../support/patients';

const HEADER = 'cod;denumire;grupa;unitate;pret_lei;tva;activ';

test('an admin prices an item, schedules a change, imports a bad CSV and a good XLSX, and exports CSV', async ({
  page,
  signIn,
}) => {
  // A long scenario; the first list load also creates the catalogue's rows.
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.admin);
  await page.goto('/setari');
  await page.getByRole('tab', { name: 'Listă de prețuri' }).click();
  const section = page.getByRole('region', { name: 'Listă de prețuri' });
  const table = section.getByRole('table', { name: 'Prețuri' });
  await section.getByRole('textbox', { name: 'Caută' }).fill('frenectomie');
  const row = table.getByRole('row', { name: 'frenectomie' });
  await expect(row).toContainText('700,00 lei', { timeout: 30_000 });

  // A new price from today, then a change from next month: today's price stays until then.
  await row.getByRole('button', { name: 'Preț nou / istoric: frenectomie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prețuri: frenectomie' });
  await dialog.getByRole('textbox', { name: 'Preț nou (lei)' }).fill('750');
  await dialog.getByRole('button', { name: 'Salvează prețul' }).click();
  await expect(page.getByText(/Prețul de 750,00 lei se aplică de la/)).toBeVisible();
  const nextMonth = toIsoDay(Date.now() + 30 * 86_400_000);
  await dialog.getByRole('textbox', { name: 'Preț nou (lei)' }).fill('800,00');
  await dialog.getByLabel('Valabil de la').fill(nextMonth);
  await dialog.getByRole('button', { name: 'Salvează prețul' }).click();
  const history = dialog.getByRole('table', { name: 'Istoricul prețurilor' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText(formatPriceDay(nextMonth));
  await expect(history.getByRole('row').nth(1)).toContainText('programat');
  await expect(history.getByRole('row').nth(1)).toContainText('800,00 lei');
  await expect(history.getByRole('row').nth(2)).toContainText('în vigoare');
  await expect(history.getByRole('row').nth(2)).toContainText('750,00 lei');
  await expect(history.getByRole('row').nth(3)).toContainText('700,00 lei');
  await page.keyboard.press('Escape');
  await expect(row).toContainText('750,00 lei');
  await expect(row).toContainText(`de la ${formatPriceDay(nextMonth)}: 800,00 lei`);

  // A CSV with one bad line: the report names it and nothing is saved.
  await section.getByRole('button', { name: 'Importă' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importă lista de prețuri' });
  const badCsv = [
    HEADER,
    'T-606;;Extracții și chirurgie orală;per vizită;900,00;scutit;da',
    'T-606x;;X;per oră;abc;scutit;da',
  ];
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'preturi.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${badCsv.join('\r\n')}\r\n`, 'utf8'),
  });
  await importDialog.getByRole('button', { name: 'Importă' }).click();
  const report = importDialog.getByRole('alert');
  await expect(report).toContainText('Fișierul are erori; nu s-a salvat nimic.');
  await expect(report.getByRole('listitem')).toHaveCount(1);
  await expect(report.getByRole('listitem')).toContainText('Rândul 3:');
  await expect(report.getByRole('listitem')).toContainText('Unitatea trebuie să fie');
  await importDialog.getByRole('button', { name: 'Renunță' }).click();
  await expect(row).toContainText('750,00 lei');

  // A valid XLSX: an own item is added and the procedure gets today's price.
  const itemName = `Kit albire ${uniqueWord()}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prețuri');
  sheet.addRow(HEADER.split(';'));
  sheet.addRow(['', itemName, 'Produse', 'per vizită', '99,00', '21%', 'da']);
  sheet.addRow(['T-606', '', 'Extracții și chirurgie orală', 'per vizită', 760, 'scutit', 'da']);
  await section.getByRole('button', { name: 'Importă' }).click();
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'preturi.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await importDialog.getByRole('button', { name: 'Importă' }).click();
  await expect(page.getByText('1 articol nou, 1 modificat, 0 neschimbate.')).toBeVisible();
  await expect(row).toContainText('760,00 lei');
  await section.getByRole('textbox', { name: 'Caută' }).fill(itemName);
  await expect(table.getByRole('row', { name: itemName })).toContainText('99,00 lei');
  await expect(table.getByRole('row', { name: itemName })).toContainText('21%');

  // The CSV export has the import's columns and today's prices.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lista-preturi-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines).toContain('T-606;frenectomie;Extracții și chirurgie orală;per vizită;760,00;scutit;da');
  expect(lines.some((line) => line.includes(`;${itemName};Produse;per vizită;99,00;21%;da`))).toBe(true);
});

test('a doctor reads the price list without any edit control', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.medic);
  await page.goto('/preturi');
  const section = page.getByRole('region', { name: 'Listă de prețuri' });
  const table = section.getByRole('table', { name: 'Prețuri' });
  await expect(table.getByRole('row', { name: 'coroană metalo-ceramică', exact: true })).toContainText(
    '1.200,00 lei',
    { timeout: 30_000 },
  );
  await expect(section.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Articol nou' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Importă' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Editează/ })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Salvează setările TVA' })).toHaveCount(0);
  await table.getByRole('button', { name: 'Istoric prețuri: coroană metalo-ceramică', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Prețuri: coroană metalo-ceramică' });
  await expect(dialog.getByRole('table', { name: 'Istoricul prețurilor' }).getByRole('row')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'Salvează prețul' })).toHaveCount(0);
});
