import { readFileSync } from 'node:fs';
import type { PriceListAnswer } from '../../packages/domain/src/contracts/price-list';
import { formatCalendarDay } from '../../packages/domain/src/dates';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, createPatient, demoDoctors, uniquePhone, uniqueWord } from '../support/patients';
import { countPrints, printsSoFar, printToPdf } from '../support/print';

test('reception takes payments, opens the daily cash report, prints it on A4 and exports it as CSV; a doctor sees only their own figures', async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  // The shared demo clinic is seeded once per worker; on a busy machine the work below takes its time.
  test.setTimeout(300_000);
  await countPrints(page);
  await signIn(page, DEMO_USERS.asistent);
  const patient = await createPatient(page.request, {
    nume: 'Raport',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  const name = `${patient.nume} ${patient.prenume}`;

  // Two charges from the price list, the medic's work and another doctor's, then 123,45 lei in cash and
  // 50,00 lei by card, through the API. The charges give this month's revenue a row of each doctor (the
  // demo's own charges lie in the month before on a month's first days).
  const list = (await (await page.request.get('/api/price-list')).json()) as PriceListAnswer;
  const priced = list.items.find((item) => item.price !== null && item.price.amountBani >= 20_000);
  if (!priced) throw new Error('the demo price list has no priced item');
  const {
    medic,
    others: [other],
  } = await demoDoctors(page.request);
  if (!other) throw new Error('the demo clinic has one doctor');
  for (const doctor of [medic, other]) {
    const charge = await page.request.post(`/api/cont/${patient._id}/taxe`, {
      data: { priceItemId: priced.id, doctorId: doctor._id },
      headers: API_HEADERS,
    });
    expect(charge.status(), await charge.text()).toBe(201);
  }
  for (const payment of [
    { method: 'numerar', amountBani: 12_345 },
    { method: 'card', amountBani: 5000 },
  ]) {
    const answer = await page.request.post(`/api/cont/${patient._id}/plati`, {
      data: payment,
      headers: API_HEADERS,
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }

  await page
    .getByRole('navigation', { name: 'Meniu principal' })
    .getByRole('link', { name: 'RAPOARTE' })
    .click();
  await expect(page).toHaveURL(/\/rapoarte/);
  // Reception sees the cash report only.
  await expect(page.getByRole('tab')).toHaveText(['Registru de casă']);
  const payments = page.getByRole('table', { name: 'Plățile zilei' });
  const cashRow = payments.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Numerar' });
  await expect(cashRow).toContainText('123,45 lei');
  await expect(cashRow).toContainText(DEMO_USERS.asistent.nume);
  await expect(cashRow).toContainText(/CH \d+/);
  await expect(payments.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Card' })).toContainText(
    '50,00 lei',
  );
  const closing = await page.getByRole('group', { name: 'Sold final numerar' }).textContent();

  await page.getByRole('button', { name: 'Tipărește registrul' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('print-area');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('letterhead')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Registru de casă' })).toBeHidden();
  const text = await printToPdf(page, testInfo, 'registru-casa.pdf');
  const today = formatCalendarDay(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' }));
  expect(text).toContain(`Registru de casă — ${today}`);
  expect(text).toContain('Sold inițial numerar');
  expect(text).toContain(name);
  expect(text).toContain('123,45 lei');
  expect(text).toContain(DEMO_USERS.asistent.nume);
  expect(text).toContain((closing ?? '').replace('Sold final numerar', '').trim());
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^registru-casa-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(
    csv.startsWith('\uFEFFData;Ora;Pacient;Nr. fișă;Mod de plată;Tip;Suma (lei);Chitanța;Utilizator\r\n'),
  ).toBe(true);
  expect(csv).toMatch(
    new RegExp(`;${name};${patient.id};Numerar;încasare;123,45;CH \\d+;${DEMO_USERS.asistent.nume}\\r\\n`),
  );

  const doctorPage = await (await browser.newContext({ baseURL })).newPage();
  await signIn(doctorPage, DEMO_USERS.medic);
  await doctorPage.goto('/rapoarte?tab=venituri');
  await expect(doctorPage.getByRole('tab')).toHaveText([
    'Registru de casă',
    'Venituri',
    'Creanțe',
    'Planuri de tratament',
    'Comisioane',
  ]);
  const revenue = doctorPage.getByRole('table', { name: 'Venituri pe locații și medici' });
  await expect(revenue).toBeVisible();
  const rowDoctors = revenue.locator('tbody tr td:nth-child(2)');
  await expect(rowDoctors.first()).toHaveText(DEMO_USERS.medic.nume);
  const named = await rowDoctors.allTextContents();
  expect(named.every((doctor) => doctor === DEMO_USERS.medic.nume)).toBe(true);
  const answer = await doctorPage.request.get(
    `/api/rapoarte/comisioane?luna=${new Date().toISOString().slice(0, 7)}`,
  );
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { scope: string }).scope).toBe('own');
});
