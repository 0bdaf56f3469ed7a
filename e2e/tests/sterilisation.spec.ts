import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';

/** A passing cycle of one instrument, as POST /api/instrument/sterilizare takes it. */
function cycleData(instrumentId: string) {
  return {
    autoclave: 'Autoclav 1',
    programme: '134 °C standard',
    temperature: 134,
    pressure: 2.1,
    duration: 5,
    integrator: 'pass',
    biological: 'none',
    packagingChecked: true,
    items: [{ instrumentId }],
  };
}

/** Creates an instrument through the side panel and answers its row. */
async function createInstrument(page: Page, name: string) {
  await page.getByRole('button', { name: 'Instrument nou' }).click();
  await page.getByRole('textbox', { name: 'Denumire', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Salvează' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Nesterilizat');
  return row;
}

/** Records a cycle of one instrument from its row; answers the pouch's sterilisation id. */
async function sterilise(
  page: Page,
  name: string,
  results: { integrator?: 'Conform' | 'Neconform'; biological?: 'În așteptare' } = {},
) {
  await page.getByRole('button', { name: `Sterilizează ${name}`, exact: true }).click();
  const reserved = page.getByLabel('ID-uri de sterilizare').getByText(new RegExp(`^\\d+ - ${name}$`));
  await expect(reserved).toBeVisible();
  const id = Number((await reserved.textContent())?.split(' - ')[0]);
  if (results.integrator === 'Neconform') {
    await page.getByLabel('Integrator chimic clasa 5').getByText('Neconform').click();
  }
  if (results.biological) {
    await page.getByLabel('Indicator biologic').getByText(results.biological).click();
  }
  await page.getByRole('checkbox', { name: 'Integritatea ambalajelor a fost verificată' }).check();
  await page.getByRole('button', { name: 'Înregistrează ciclul' }).click();
  await expect(page.getByRole('heading', { name: /^Șarja \d+$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pungi în șarjă' })).toContainText(`${id}${name}`);
  return id;
}

test('sterilisation: an instrument is sterilised, labelled, used in a treatment and traced back to the patient', async ({
  page,
  browser,
  demoApp,
  signIn,
}) => {
  // One whole flow across two users; generous on a shared, busy machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.sterilizare);
  await expect(page).toHaveURL(/\/sterilizare$/);
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'STERILIZARE' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'PACIENȚI' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'UTILIZATORI' })).toHaveCount(0);

  const name = `Sondă ${uniqueWord()}`;
  const failedName = `Pensă ${uniqueWord()}`;
  await createInstrument(page, name);
  await createInstrument(page, failedName);
  await page.getByRole('textbox', { name: 'Caută instrument' }).fill(name.slice(0, 8).toLowerCase());
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: failedName })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Caută instrument' }).fill('');

  // The biological indicator incubates: the load may be used meanwhile.
  const id = await sterilise(page, name, { biological: 'În așteptare' });
  await expect(page.getByText('Nicio pungă din această șarjă nu a fost folosită.')).toBeVisible();

  // The label: Code 128 image and text, printed on a 50×25 mm page.
  await page.getByRole('button', { name: 'Tipărește etichetele' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tipărire etichete ID sterilizare' });
  await expect(dialog).toBeVisible();
  const barcode = dialog.getByRole('img', { name: `Cod de bare ${id}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(50);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.odonto-print-area.is-printing');
  await expect(printed).toBeVisible();
  await expect(dialog).toBeHidden();
  const label = printed.getByTestId('label');
  await expect(label).toHaveCount(1);
  await expect(label).toContainText(String(id));
  await expect(label).toContainText(name);
  await expect(label).toContainText(/Ster\. \d{2}\.\d{2}\.\d{4} · Exp\. \d{2}\.\d{2}\.\d{4} · VG/);
  await expect(printed.getByRole('img', { name: `Cod de bare ${id}` })).toBeVisible();
  const box = await label.boundingBox();
  // 50 mm × 25 mm at 96 dpi.
  expect(Math.round(box?.width ?? 0)).toBe(189);
  expect(Math.round(box?.height ?? 0)).toBe(94);
  await test.info().attach('label-print', { body: await page.screenshot(), contentType: 'image/png' });
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Închide', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  const failedId = await sterilise(page, failedName, { integrator: 'Neconform' });
  await expect(page.getByText('Neconform', { exact: true }).first()).toBeVisible();
  // A failed load gets no label.
  await page.getByRole('button', { name: 'Tipărește etichetele' }).click();
  await expect(dialog.getByText('Șarjă neconformă')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Tipărește etichetele' })).toBeDisabled();
  await expect(dialog.getByTestId('label')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Închide', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // A doctor uses the sterilised instrument in a treatment; the failed load is never offered.
  const doctorContext = await browser.newContext({
    baseURL: demoApp.url,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
  });
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DEMO_USERS.medic);
  // A doctor may read the register but not record a cycle, even a well-formed one.
  const listed = await doctor.request.get(`/api/instruments?q=${encodeURIComponent(name)}`);
  expect(listed.status()).toBe(200);
  const [listedInstrument] = (await listed.json()) as { _id: string }[];
  const refused = await doctor.request.post('/api/instrument/sterilizare', {
    headers: API_HEADERS,
    data: cycleData(listedInstrument?._id ?? ''),
  });
  expect(refused.status()).toBe(403);
  const patient = await createPatient(doctor.request, {
    nume: 'Trasabil',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await doctor.goto(`/pacienti/history/${patient._id}`);
  await doctor.getByRole('button', { name: 'Adaugă tratament' }).click();
  const modal = doctor.getByRole('dialog', { name: 'Adaugă tratament' });
  await doctor.getByRole('combobox', { name: 'Tratament', exact: true }).fill('coroană metalo');
  await doctor.getByRole('option', { name: 'coroană metalo-ceramică', exact: true }).click();
  await doctor.getByRole('combobox', { name: 'Dinte', exact: true }).fill('1.6');
  await doctor.getByRole('option', { name: /^1\.6 / }).click();
  const instruments = modal.getByRole('combobox', { name: 'Instrumente sterilizate' });
  await instruments.fill(failedName);
  await expect(doctor.getByRole('option', { name: `${failedId} - ${failedName}` })).toHaveCount(0);
  // A scanned label types the id, then Enter: the pouch is picked.
  await instruments.fill(String(id));
  await expect(doctor.getByRole('option', { name: `${id} - ${name}`, exact: true })).toBeVisible();
  await instruments.press('Enter');
  await expect(modal.getByText('Instrumentele alese vor fi marcate ca folosite după salvare.')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvează' }).click();
  await expect(modal).toBeHidden();

  // Used: gone from the available list, kept on the entry.
  await doctor.getByRole('button', { name: 'Adaugă tratament' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Instrumente sterilizate' }).fill(String(id));
  await expect(doctor.getByRole('option', { name: `${id} - ${name}`, exact: true })).toHaveCount(0);
  // The first Escape closes the instruments list, the second the modal.
  await doctor.keyboard.press('Escape');
  await doctor.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Trace-back: scanning the label's id anywhere on the screen (outside a field) finds the load and the
  // treatment it was used in; the steriliser never sees who the patient is.
  await page.getByRole('button', { name: 'Închide panoul' }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(String(id));
  await page.keyboard.press('Enter');
  const trace = page.getByRole('table', { name: 'Trasabilitate pacienți' });
  await expect(trace).toContainText('coroană metalo-ceramică');
  await expect(trace).toContainText(`${id} - ${name}`);
  await expect(trace).toContainText(DEMO_USERS.medic.nume);
  await expect(trace).not.toContainText(patient.prenume);
  await expect(trace).not.toContainText('fișa nr.');

  // The biological indicator read as failed after the use: the load is failed and the patient flagged.
  await page.getByRole('button', { name: 'BI neconform' }).click();
  await expect(
    page.getByText('Șarja este neconformă: pacienții de mai jos trebuie informați.'),
  ).toBeVisible();
  await expect(trace).toContainText('Pacient — de informat');
  await expect(page.getByRole('button', { name: 'BI neconform' })).toHaveCount(0);

  // The trace-back prints (A4) and exports as CSV, without the patient's identity.
  await page.emulateMedia({ media: 'print' });
  const printedTrace = page.locator('.odonto-print-area.is-printing');
  await expect(printedTrace).toContainText(`Trasabilitate șarja`);
  await expect(printedTrace).toContainText('Pacient — de informat');
  await expect(printedTrace).not.toContainText(patient.prenume);
  await page.emulateMedia({ media: 'screen' });
  const csvHref = await page.getByRole('link', { name: 'CSV', exact: true }).getAttribute('href');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  const csvText = await csv.text();
  expect(csvText).toContain(`${id};${name};`);
  expect(csvText).toContain(';coroană metalo-ceramică;');
  expect(csvText).not.toContain(patient.prenume);
  expect(csvText).toMatch(/;DA\r?\n?$/);

  // The clinic's admin traces the same load and sees who must be informed.
  const adminContext = await browser.newContext({
    baseURL: demoApp.url,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
  });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_USERS.admin);
  await admin.goto('/sterilizare');
  await expect(admin.getByRole('heading', { name: 'Sterilizare', level: 1 })).toBeVisible();
  await admin.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await admin.keyboard.type(String(id));
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('table', { name: 'Trasabilitate pacienți' })).toContainText(
    `Trasabil ${patient.prenume} (fișa nr. ${patient.id}) — de informat`,
  );
  await adminContext.close();
  // The doctor sees it on the treatment.
  await doctor.goto(`/pacienti/history/${patient._id}`);
  await doctor.getByTestId('history-entry').filter({ hasText: 'coroană metalo-ceramică' }).click();
  const entry = doctor.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(entry.getByRole('list', { name: 'Instrumente folosite' })).toContainText(
    `${name} · ID ${id} · `,
  );
  await expect(entry.getByText('· șarjă neconformă: pacientul trebuie informat')).toBeVisible();
  await doctorContext.close();
});

interface CycleAnswer {
  id: number;
  items: { id_sterilizare: number; name: string }[];
}

/** Creates an instrument and records a cycle of it through the API; answers the load. */
async function apiCycle(
  page: Page,
  name: string,
  packaging: 'punga' | 'neambalat',
  startedAt?: string,
): Promise<CycleAnswer> {
  const created = await page.request.post('/api/instruments', {
    headers: API_HEADERS,
    data: { name, packaging },
  });
  expect(created.status(), await created.text()).toBe(201);
  const instrument = (await created.json()) as { _id: string };
  const recorded = await page.request.post('/api/instrument/sterilizare', {
    headers: API_HEADERS,
    data: { ...(startedAt ? { startedAt } : {}), ...cycleData(instrument._id) },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return (await recorded.json()) as CycleAnswer;
}

test('sterilisation: daily test warning, an id typed into the search, instrument history, expired pouches, the register on A4 and CSV', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.sterilizare);

  // The demo has no daily autoclave test today: a warning until one passes.
  await expect(
    page.getByText('Testul zilnic (Bowie-Dick / Helix) lipsește azi pentru: Autoclav 1.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Test conform' }).click();
  await expect(page.getByText('Testul zilnic al autoclavelor este făcut.')).toBeVisible();
  await expect(
    page.getByText(`· Autoclav 1 · Bowie-Dick · conform · ${DEMO_USERS.sterilizare.nume}`, { exact: false }),
  ).toBeVisible();

  const name = `Chiuretă ${uniqueWord()}`;
  const load = await apiCycle(page, name, 'punga');
  const id = load.items[0]?.id_sterilizare ?? 0;
  // Unwrapped and sterilised yesterday: its use-by (the end of that day) has passed.
  const expiredName = `Oglindă ${uniqueWord()}`;
  const expired = await apiCycle(
    page,
    expiredName,
    'neambalat',
    new Date(Date.now() - 86_400_000).toISOString(),
  );
  const expiredId = expired.items[0]?.id_sterilizare ?? 0;
  const available = (await (await page.request.get('/api/instrumente-sterilizate')).json()) as {
    id_sterilizare: number;
  }[];
  expect(available.map((pouch) => pouch.id_sterilizare)).toContain(id);
  expect(available.map((pouch) => pouch.id_sterilizare)).not.toContain(expiredId);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: expiredName })).toContainText('Expirat');

  // A scanner typing into the search field finds the load too.
  const search = page.getByRole('textbox', { name: 'Caută instrument' });
  await search.fill(String(id));
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Șarja ${load.id}`, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pungi în șarjă' })).toContainText(`${id}${name}`);
  await expect(search).toHaveValue('');

  // The instrument's history: its sterilisation.
  await page.getByRole('button', { name: `Istoric ${name}`, exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Istoric sterilizare' });
  await expect(history.getByRole('table', { name: 'Istoric instrumente' })).toContainText(
    `Sterilizare${name}${id}Șarja ${load.id}`,
  );
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // The register of a date range: on screen, printed on A4, exported as CSV.
  await page.getByRole('tab', { name: 'Registru' }).click();
  const register = page.getByRole('table', { name: 'Registru de sterilizare' }).first();
  await expect(register).toContainText(`${id} - ${name}`);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.odonto-print-area.is-printing');
  await expect(printed).toContainText('Registru de sterilizare');
  await expect(printed).toContainText(`${id} - ${name}`);
  await expect(printed).toContainText('Bowie-Dick');
  await expect(page.getByRole('tab', { name: 'Registru' })).toBeHidden();
  // The page rule the browser's print follows.
  expect(await page.locator('#odonto-print-page').textContent()).toContain('size: A4');
  await page.emulateMedia({ media: 'screen' });
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(`;${id};${name};Pungă;`);
});

test('sterilisation: an admin opens the register from the header and sees its lists', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.admin);
  await page.getByRole('link', { name: 'Sterilizare', exact: true }).click();
  await expect(page).toHaveURL(/\/sterilizare$/);
  await page.getByRole('tab', { name: 'Setări' }).click();
  const lists = page.getByRole('tabpanel', { name: 'Setări' });
  await expect(lists.getByText('Autoclav 1', { exact: true })).toBeVisible();
  await expect(lists.getByRole('textbox', { name: 'Program' }).first()).toHaveValue('134 °C standard');
});
