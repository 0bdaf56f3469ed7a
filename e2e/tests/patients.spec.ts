import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { DEMO_USERS, expect, test } from '../fixtures';
import type { CountyLocalitiesResponse } from '../../packages/domain/src/contracts/places';
import {
  API_HEADERS,
  apiSignIn,
  createPatient,
  ensureLocalities,
  HEIC_FIXTURE,
  SIRUTA_FIXTURE,
  uniquePhone,
  uniqueWord,
} from '../support/patients';

const CONFLICT =
  'Pacientul a fost modificat între timp de altcineva. Reîncărcați pentru a vedea modificările; ' +
  'datele introduse de dvs. au rămas în formular.';

/** Calendar days as the app names them for screen readers: '5 martie 2026'. */
function dayLabel(date: Date): string {
  return new Intl.DateTimeFormat('ro-RO', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Bucharest',
  }).format(date);
}

function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Bucharest' }).format(date);
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Caută pacient' });
  await box.fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

async function pickOption(page: Page, field: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Flips a Mantine switch the way a user does: its input is hidden, its label is what one clicks. */
async function flipSwitch(page: Page, name: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

async function newSignedInPage(browser: Browser, baseURL: string, user: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, locale: 'ro-RO', timezoneId: 'Europe/Bucharest' });
  const page = await context.newPage();
  await apiSignIn(page.request, user);
  return page;
}

test.beforeAll(async ({ playwright, demoApp }) => {
  const admin = await playwright.request.newContext({ baseURL: demoApp.url });
  await apiSignIn(admin, DEMO_USERS.admin);
  await ensureLocalities(admin);
  await admin.dispose();
});

test('a new clinic has the SIRUTA register from its first start; an admin imports a newer one on Setări', async ({
  page,
  signIn,
  startOwnApp,
  playwright,
}) => {
  // A clinic of its own: the shared demo clinic keeps its full register.
  const app = await startOwnApp({ seed: 'none' });
  const admin = { ...DEMO_USERS.admin, email: 'admin@clinica-noua.ro', password: 'o-parola-lunga-2026' };
  const setup = await playwright.request.newContext({ baseURL: app.url });
  const answer = await setup.post('/api/setup', {
    data: { nume: admin.nume, email: admin.email, password: admin.password, confirm: admin.password },
    headers: API_HEADERS,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await setup.dispose();

  await signIn(page, admin, app.url);
  await page.getByRole('link', { name: 'Setări' }).click();
  await expect(page.getByRole('heading', { name: 'Setări', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Localități (SIRUTA)' });
  // The register shipped with the app, loaded on the first start (issue 19).
  await expect(section).toContainText('În total: 42 de județe, 13.851 de localități.');
  await expect(section).toContainText('Registrul SIRUTA inclus în aplicație (ediția 2025, semestrul 1)');
  await expect(section.getByRole('listitem').filter({ hasText: 'Argeș (AG)' })).not.toContainText(/\b0$/);
  // A newer edition (here the small register of the tests) replaces every locality.
  await section.locator('input[type="file"]').setInputFiles(SIRUTA_FIXTURE);
  await section.getByRole('button', { name: 'Importă' }).click();
  await expect(page.getByText(/^Import reușit: 3 județe, \d+ (de )?localități\.$/)).toBeVisible();
  await expect(section).toContainText(/Registrul SIRUTA importat la \d\d\.\d\d\.\d{4}\./);
  await expect(section.getByRole('listitem').filter({ hasText: 'Alba (AB)' })).not.toContainText(/\b0$/);
  await expect(section.getByRole('listitem').filter({ hasText: 'București (B)' })).toContainText(/6$/);
  await expect(section.getByRole('listitem').filter({ hasText: 'Argeș (AG)' })).toContainText(/\b0$/);
});

test('a medic creates a patient choosing country, county and a locality typed without diacritics, then finds it', async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  const phone = uniquePhone();
  await signIn(page, DEMO_USERS.medic);
  // A town of Alba whose name has diacritics, from whichever register the clinic holds.
  const alba = (await (await page.request.get('/api/places/AB')).json()) as CountyLocalitiesResponse;
  const town = alba.localitati.find((locality) => locality.simplu && !locality.comuna);
  if (!town?.simplu) throw new Error('Alba has no town with diacritics');
  await page.getByRole('link', { name: 'Pacient nou' }).click();
  await expect(page).toHaveURL(/\/pacienti\/add$/);

  const form = page.getByRole('form', { name: 'Formular pacient nou' });
  await form.getByRole('textbox', { name: 'Nume', exact: true }).fill('Ștefănescu');
  await form.getByRole('textbox', { name: 'Prenume', exact: true }).fill(`Ilinca ${word}`);
  await form
    .getByRole('textbox', { name: 'Telefon' })
    .pressSequentially(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)} a`);
  // SPEC.md §5: the field takes digits and + as typed; the spaces and the letter never show.
  await expect(form.getByRole('textbox', { name: 'Telefon' })).toHaveValue(phone);
  await pickOption(page, 'Țară', 'roman', 'România');
  await pickOption(page, 'Județ', 'alba', 'Alba (AB)');
  await page.getByRole('combobox', { name: 'Oraș / localitate' }).fill(town.simplu.toLowerCase());
  await page.getByRole('option', { name: town.nume, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Oraș / localitate' })).toHaveValue(town.nume);
  await pickOption(page, 'Medic', 'ionescu', DEMO_USERS.medic.nume);
  await form.getByRole('checkbox', { name: /^Alergii/ }).check();
  await form.getByRole('textbox', { name: /^Notă: Alergii/ }).fill('penicilină');
  // The message shows for 4 s, which a slow click can outlast: it is watched for from the click on.
  await Promise.all([
    expect(page.getByText(`Pacientul Ștefănescu Ilinca ${word} a fost salvat.`)).toBeVisible(),
    form.getByRole('button', { name: 'Salvează' }).click(),
  ]);
  await expect(page).toHaveURL(/\/pacienti$/);

  await search(page, `stefanescu ilinca ${word.toLowerCase()}`);
  const row = page.getByRole('row', { name: new RegExp(`Ștefănescu Ilinca ${word}$`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${town.nume}, Alba`);
  await expect(row).toContainText(DEMO_USERS.medic.nume);
  await expect(page.getByTestId('page-summary')).toHaveText('Pagina 1 din 1 · 1 pacient');

  await search(page, `${phone.slice(2, 5)} ${phone.slice(5, 8)}`);
  await expect(row).toBeVisible();

  // On a tablet held upright the row keeps the name and the phone in view, and folds the other columns
  // under the name instead of hiding them past a sideways scroll.
  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(page.getByRole('columnheader', { name: 'Pacient' })).toBeVisible();
  await expect(row.getByRole('cell', { name: phone })).toBeInViewport();
  await expect(row.getByTestId('patient-details')).toContainText(`${town.nume}, Alba · Medic: `);
  await expect(row.getByTestId('patient-details')).toContainText(`Medic: ${DEMO_USERS.medic.nume}`);
  const table = page.getByRole('table', { name: 'Lista pacienților' });
  // Measured once the shell's menu has slid away (a short transition).
  await expect
    .poll(() =>
      table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.click();
  await expect(page).toHaveURL(/\/pacienti\/history\//);
  await expect(page.getByTestId('patient-name')).toHaveText(`Ștefănescu Ilinca ${word}`);
  await expect(page.getByRole('navigation', { name: 'Cale de navigare' })).toContainText(
    /Pacienți\/Fișa nr\. \d+\//,
  );
  await expect(page.getByLabel(/^ALERGII:/)).toHaveAttribute('data-active', 'true');
});

test('the list filters by county and by creation days, with the filters in a reloadable address', async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  await createPatient(page.request, {
    nume: 'Crișan',
    prenume: word,
    telefon: uniquePhone(),
    judet: 'Cluj',
    oras: 'Turnu de Criș',
  });
  await page.goto('/pacienti');
  await search(page, word.toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(`Crișan ${word}$`) });
  await expect(row).toBeVisible();

  await pickOption(page, 'Județ', 'cluj', 'Cluj (CJ)');
  await expect(page).toHaveURL(/judet=Cluj/);
  await expect(row).toBeVisible();
  await pickOption(page, 'Județ', 'alba', 'Alba (AB)');
  await expect(page.getByText(/Niciun pacient nu corespunde căutării/)).toBeVisible();
  await page.getByRole('button', { name: 'Resetează filtrele' }).click();
  await expect(page).toHaveURL(/\/pacienti$/);

  await search(page, word.toLowerCase());
  const today = new Date();
  const todayInCalendar = page.getByRole('button', { name: dayLabel(today), exact: true });
  await page.getByRole('button', { name: 'Creat de la' }).click();
  await todayInCalendar.click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(today)}`));
  // The first calendar fades out after the pick; until it is gone its days would take the next click.
  await expect(todayInCalendar).toHaveCount(0);
  await page.getByRole('button', { name: 'Creat până la' }).click();
  await todayInCalendar.click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(today)}&to=${isoDay(today)}`));
  await expect(row).toBeVisible();
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Caută pacient' })).toHaveValue(word.toLowerCase());

  const yesterday = new Date(today.getTime() - 86_400_000);
  await page.goto(`/pacienti?q=${word.toLowerCase()}&to=${isoDay(yesterday)}`);
  await expect(page.getByText(/Niciun pacient nu corespunde căutării/)).toBeVisible();
});

test('a page load of the list asks for its patients once, as the HTML is read, not after the code', async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  await createPatient(page.request, { nume: 'Preîncărcat', prenume: word, telefon: uniquePhone() });
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/pacienti') listCalls.push(request.url());
  });

  await page.goto(`/pacienti?q=${word.toLowerCase()}&igienizare=false`);
  await expect(page.getByRole('row', { name: new RegExp(`Preîncărcat ${word}$`) })).toBeVisible();
  // One request: the HTML's <link rel=preload>, whose answer the list page's own call took.
  expect(listCalls.map((url) => new URL(url).search)).toEqual([`?page=1&q=${word.toLowerCase()}`]);
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/pacienti')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(initiators).toEqual(['link']);
});

test('the list pages through 25 patients, newest first, ten at a time', async ({ page, signIn }) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.asistent);
  for (let index = 0; index < 25; index++) {
    await createPatient(page.request, {
      nume: 'Paginescu',
      prenume: `${word} ${uniqueWord(3)}`,
      telefon: uniquePhone(),
    });
  }
  await page.goto('/pacienti');
  await search(page, word.toLowerCase());
  const summary = page.getByTestId('page-summary');
  await expect(summary).toHaveText('Pagina 1 din 3 · 25 de pacienți');
  const rows = page.getByRole('row', { name: /^Fișa nr\./ });
  await expect(rows).toHaveCount(10);
  const firstIds = await rows.evaluateAll((cells) =>
    cells.map((cell) => Number(cell.textContent?.match(/^\d+/)?.[0])),
  );
  expect(firstIds).toEqual([...firstIds].sort((a, b) => b - a));

  await page.getByRole('button', { name: 'Pagina următoare' }).click();
  await expect(summary).toHaveText('Pagina 2 din 3 · 25 de pacienți');
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Pagina următoare' }).click();
  await expect(summary).toHaveText('Pagina 3 din 3 · 25 de pacienți');
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Pagina următoare' })).toBeDisabled();
  await page.getByRole('button', { name: 'Pagina anterioară' }).click();
  await expect(summary).toHaveText('Pagina 2 din 3 · 25 de pacienți');
  await page.reload();
  await expect(summary).toHaveText('Pagina 2 din 3 · 25 de pacienți');
  await search(page, `paginescu ${word.toLowerCase()}`);
  await expect(summary).toHaveText('Pagina 1 din 3 · 25 de pacienți');
});

test('an edit saves; a stale edit from a second browser gets the conflict message and keeps its input', async ({
  page,
  signIn,
  browser,
  demoApp,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Munteanu',
    prenume: word,
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/edit/${patient._id}`);
  const form = page.getByRole('form', { name: 'Formular date pacient' });
  // The edit screen's first load (its chunks, the patient, the places) can take long on a busy machine.
  await expect(form.getByRole('textbox', { name: 'Prenume', exact: true })).toHaveValue(word, {
    timeout: 30_000,
  });

  const other = await newSignedInPage(browser, demoApp.url, DEMO_USERS.medic2);
  await other.goto(`/pacienti/edit/${patient._id}`);
  const otherForm = other.getByRole('form', { name: 'Formular date pacient' });
  await otherForm.getByRole('textbox', { name: 'Prenume', exact: true }).fill(`${word} Maria`);
  await otherForm.getByRole('button', { name: 'Salvează' }).click();
  await expect(other).toHaveURL(/\/pacienti$/);
  await other.context().close();

  await form.getByRole('textbox', { name: 'Email' }).fill('pacient@example.ro');
  await form.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText(CONFLICT)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('pacient@example.ro');
  await expect(page).toHaveURL(/\/pacienti\/edit\//);

  await page.getByRole('button', { name: 'Reîncarcă datele pacientului' }).click();
  await expect(form.getByRole('textbox', { name: 'Prenume', exact: true })).toHaveValue(`${word} Maria`);
  await form.getByRole('textbox', { name: 'Email' }).fill('pacient@example.ro');
  await form.getByRole('button', { name: 'Salvează' }).click();
  await expect(page).toHaveURL(/\/pacienti$/);
  await search(page, word.toLowerCase());
  await expect(page.getByRole('row', { name: new RegExp(`Munteanu ${word} Maria$`) })).toBeVisible();
});

test('a medic blocks and unblocks a patient; an asistent sees no block toggle and no delete', async ({
  page,
  signIn,
  browser,
  demoApp,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Blocaru',
    prenume: word,
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  const toggle = page.getByRole('switch', { name: 'Blocat' });
  await flipSwitch(page, 'Blocat');
  await expect(toggle).toBeChecked();
  const header = page.getByTestId('patient-name').locator('..');
  await expect(header.getByText('Blocat')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Cale de navigare' })
    .getByRole('link', { name: 'Pacienți' })
    .click();
  await search(page, word.toLowerCase());
  await expect(page.getByRole('row', { name: new RegExp(`Blocaru ${word}$`) })).toContainText('Blocat');
  await page.getByRole('row', { name: new RegExp(`Blocaru ${word}$`) }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pacienti/history/${patient._id}$`));
  await flipSwitch(page, 'Blocat');
  await expect(page.getByRole('switch', { name: 'Blocat' })).not.toBeChecked();
  await expect(header.getByText('Blocat')).toHaveCount(0);

  const assistant = await newSignedInPage(browser, demoApp.url, DEMO_USERS.asistent);
  await assistant.goto(`/pacienti/history/${patient._id}`);
  await expect(assistant.getByTestId('patient-name')).toHaveText(`Blocaru ${word}`);
  await expect(assistant.getByRole('switch', { name: 'Blocat' })).toHaveCount(0);
  await expect(assistant.getByRole('button', { name: 'Șterge pacientul' })).toHaveCount(0);
  await expect(assistant.getByRole('button', { name: 'Încarcă poza pacientului' })).toBeVisible();
  await assistant.context().close();
});

test('a PNG and a HEIC avatar are uploaded and shown; the open form still saves', async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, { nume: 'Avram', prenume: word, telefon: uniquePhone() });
  await page.goto(`/pacienti/edit/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toHaveText(`Avram ${word}`);
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
  const upload = page.locator('input[type="file"]');
  const picture = page.getByRole('img', { name: `Poza pacientului Avram ${word}` });

  page.on('dialog', (dialog) => void dialog.dismiss());
  await upload.setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(picture).toHaveCount(0);

  await upload.setInputFiles({ name: 'poza.PNG', mimeType: 'image/png', buffer: png });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const pngSource = await picture.getAttribute('src');

  await upload.setInputFiles({
    name: 'iphone.heic',
    mimeType: 'image/heic',
    buffer: readFileSync(HEIC_FIXTURE),
  });
  await expect(picture).not.toHaveAttribute('src', pngSource ?? '');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Vezi poza pacientului' }).click();
  const dialog = page.getByRole('dialog', { name: 'Poza pacientului' });
  const large = dialog.getByRole('img', { name: `Poza pacientului Avram ${word}` });
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await page.keyboard.press('Escape');

  const form = page.getByRole('form', { name: 'Formular date pacient' });
  await form.getByRole('checkbox', { name: 'Igienizare' }).check();
  await form.getByRole('button', { name: 'Salvează' }).click();
  await expect(page).toHaveURL(/\/pacienti$/);
});

test('an admin deletes a patient after confirming, and restores it from the deleted patients', async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  await signIn(page, DEMO_USERS.admin);
  const patient = await createPatient(page.request, {
    nume: 'Stergeanu',
    prenume: word,
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/docs/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Documente', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Șterge pacientul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmare' });
  await expect(dialog).toContainText('Sunteți sigur că doriți să ștergeți acest pacient?');
  await dialog.getByRole('button', { name: 'DA' }).click();
  await expect(page).toHaveURL(/\/pacienti$/);
  await expect(page.getByText(`Pacientul Stergeanu ${word} a fost șters.`)).toBeVisible();

  await search(page, word.toLowerCase());
  await expect(page.getByText(/Niciun pacient nu corespunde căutării/)).toBeVisible();
  await flipSwitch(page, 'Pacienți șterși');
  await expect(page.getByRole('heading', { name: 'Pacienți șterși' })).toBeVisible();
  await page.getByRole('button', { name: `Restaurează Stergeanu ${word}` }).click();
  await expect(page.getByText(`Pacientul Stergeanu ${word} a fost restaurat.`)).toBeVisible();
  await flipSwitch(page, 'Pacienți șterși');
  await expect(page.getByRole('heading', { name: 'Pacienți', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Stergeanu ${word}$`) })).toBeVisible();
});

test('an unknown patient shows the not-found state inside the app', async ({ page, signIn }) => {
  await signIn(page, DEMO_USERS.medic);
  await page.goto('/pacienti/edit/nu-exista');
  await expect(page.getByRole('heading', { name: 'Pacientul nu a fost găsit' })).toBeVisible();
  await page.getByRole('link', { name: 'Înapoi la lista de pacienți' }).click();
  await expect(page).toHaveURL(/\/pacienti$/);
});
