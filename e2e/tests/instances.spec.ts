import type { APIResponse, Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';
import { expect, signInThroughForm, test } from '../fixtures';
import {
  GROUP_ADMIN,
  missingForClinicGroup,
  startClinicGroup,
  UPSTREAM_HEADER,
  type ClinicGroup,
  type GroupProcess,
} from '../support/clinic-group';
import { API_HEADERS, uniquePhone, uniqueWord } from '../support/patients';
import { drawSignature } from '../support/signature';

const missing = missingForClinicGroup();
test.skip(missing !== null, missing ?? '');

// Two servers on a new PostgreSQL database (one migrates and loads the localities) and three browsers.
test.describe.configure({ timeout: 300_000 });

const DOCTOR = 'Dr. Ana Medicescu';
const BROWSER_OPTIONS = { locale: 'ro-RO', timezoneId: 'Europe/Bucharest' } as const;

/** The instance that finally answered: $upstream_addr lists each one tried, the last one answered. */
function answeredBy(response: Response | APIResponse): string | null {
  const tried = response.headers()[UPSTREAM_HEADER];
  return tried ? (tried.split(',').at(-1)?.trim() ?? null) : null;
}

async function pickOption(page: Page, field: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

interface Station {
  instance: GroupProcess;
  context: BrowserContext;
  page: Page;
}

/** A tablet signed in at one instance's own address, on the signature station page. */
async function openStation(browser: Browser, instance: GroupProcess): Promise<Station> {
  const context = await browser.newContext({
    ...BROWSER_OPTIONS,
    baseURL: instance.url,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signInThroughForm(page, GROUP_ADMIN);
  await page.goto('/statie-semnatura');
  await expect(page.getByTestId('station-idle')).toHaveText('Așteptăm o cerere de semnătură…');
  return { instance, context, page };
}

/** Adds a patient through the form and opens its history: answers the name the app shows. */
async function addPatient(page: Page): Promise<string> {
  const word = uniqueWord();
  await page.getByRole('link', { name: 'Pacient nou' }).click();
  const form = page.getByRole('form', { name: 'Formular pacient nou' });
  await form.getByRole('textbox', { name: 'Nume', exact: true }).fill('Grupescu');
  await form.getByRole('textbox', { name: 'Prenume', exact: true }).fill(word);
  await form.getByRole('textbox', { name: 'Telefon' }).fill(uniquePhone());
  // The message shows for 4 s, which a slow click can outlast: it is watched for from the click on.
  await Promise.all([
    expect(page.getByText(`Pacientul Grupescu ${word} a fost salvat.`)).toBeVisible(),
    form.getByRole('button', { name: 'Salvează' }).click(),
  ]);

  await page.getByRole('searchbox', { name: 'Caută pacient' }).fill(`grupescu ${word.toLowerCase()}`);
  await page.getByRole('row', { name: new RegExp(`Grupescu ${word}$`) }).click();
  await expect(page).toHaveURL(/\/pacienti\/history\//);
  await expect(page.getByTestId('patient-name')).toHaveText(`Grupescu ${word}`);
  return `Grupescu ${word}`;
}

/** The group's first doctor, added by its admin (the invitation is a file in the shared outbox). */
async function addDoctor(page: Page): Promise<void> {
  const answer = await page.request.post('/api/save-utilizator', {
    data: {
      nume: DOCTOR,
      email: `doctor.${uniqueWord().toLowerCase()}@grup-clinici.test`,
      telefon: '',
      functie: 'Medic stomatolog',
      roles: ['medic'],
      active: true,
    },
    headers: API_HEADERS,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  // Added behind the screens' back: they keep the doctors they already asked for (the landing list's
  // filter may have) a few minutes. A new load shows the doctor, as it would to anyone opening the app now.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Pacient nou' })).toBeVisible();
}

/** A crown on 1.6 through the treatment modal; answers the modal of the saved entry, open again. */
async function addCrown(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Adaugă tratament' }).click();
  const added = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await pickOption(page, 'Tratament', 'coroană metalo', 'coroană metalo-ceramică');
  await pickOption(page, 'Dinte', '1.6', /^1\.6 /);
  await pickOption(page, 'Medic', 'medicescu', DOCTOR);
  await added.getByRole('button', { name: 'Salvează' }).click();
  await expect(added).toBeHidden();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await page.getByTestId('history-entry').first().click();
  const entry = page.getByRole('dialog', { name: 'Modifică tratament' });
  await expect(entry).toBeVisible();
  return entry;
}

async function stopAll(group: ClinicGroup, page: Page) {
  const [a, b] = group.instances;
  // SIGTERM to A: it drains and exits 0, and nginx sends everything to B from then on.
  expect(await a.stop(), a.output()).toBe(0);
  expect(a.output()).toContain('"msg":"stopped"');
  for (let call = 0; call < 4; call += 1) {
    const ready = await page.request.get('/api/ready');
    expect(ready.status()).toBe(200);
    expect(answeredBy(ready)).toBe(b.address);
  }
  await page.reload();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await page.context().close();

  expect(await b.stop(), b.output()).toBe(0);
  expect(b.output()).toContain('"msg":"stopped"');
  expect(await group.nginx.stop(), group.nginx.output()).toBe(0);
  // They started together on a new database: one of them migrated it and created the admin.
  const logs = [a.output(), b.output()];
  expect(logs.filter((log) => log.includes('"msg":"database migrated"'))).toHaveLength(1);
  expect(logs.filter((log) => log.includes('first admin created from ODONTO_ADMIN_EMAIL'))).toHaveLength(1);
}

test('two instances on one PostgreSQL behind nginx: a day of work goes round robin, and the tablet on the other instance signs', async ({
  browser,
}) => {
  const group = await startClinicGroup();
  try {
    const [a, b] = group.instances;
    // Staff use the group's address, nginx; every answer there names the instance behind it.
    const staff = await browser.newContext({ ...BROWSER_OPTIONS, baseURL: group.nginx.url });
    const servedBy = new Set<string>();
    staff.on('response', (response) => {
      const instance = answeredBy(response);
      if (instance && new URL(response.url()).pathname.startsWith('/api/')) servedBy.add(instance);
    });
    const page = await staff.newPage();
    // The browser's print dialog cannot be driven headless.
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signInThroughForm(page, GROUP_ADMIN);
    await addDoctor(page);
    const patientName = await addPatient(page);
    const entry = await addCrown(page);

    // A tablet at each instance's own address: the request is sent through nginx to one of them, and
    // the patient signs on the tablet of the other.
    const stations = [await openStation(browser, a), await openStation(browser, b)];
    await entry.getByRole('button', { name: 'Semnătură pacient' }).click();
    const sending = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/signature-requests',
    );
    await entry.getByRole('button', { name: 'Trimite la tabletă' }).click();
    const sent = await sending;
    expect(sent.status()).toBe(201);
    const madeOn = answeredBy(sent);
    const local = stations.find((station) => station.instance.address === madeOn);
    const remote = stations.find((station) => station.instance.address !== madeOn);
    if (!local || !remote) throw new Error(`the request was made on ${madeOn}, not on A or B`);
    await expect(entry.getByTestId('station-waiting')).toBeVisible();

    for (const station of [remote, local]) {
      await expect(station.page.getByTestId('station-patient')).toHaveText(patientName);
      await expect(station.page.getByText('coroană metalo-ceramică')).toBeVisible();
    }
    await drawSignature(remote.page, remote.page.getByTestId('signature-canvas'));
    await remote.page.getByRole('button', { name: 'Semnez' }).click();
    await expect(remote.page.getByTestId('station-idle')).toHaveText(
      'Mulțumim! Semnătura a fost înregistrată.',
    );
    // Signed on the other instance: the tablet of the first one is told too, and so is the staff's modal.
    await expect(local.page.getByTestId('station-idle')).toHaveText('Așteptăm o cerere de semnătură…');
    await expect(entry.getByRole('button', { name: 'semnatura activa' })).toBeVisible();
    for (const station of stations) await station.context.close();
    await page.keyboard.press('Escape');
    await expect(entry).toBeHidden();
    await expect(page.getByTestId('history-entry').first().getByTestId('history-signed')).toHaveText(
      'Semnat',
    );

    // The signed document through nginx: the patient's file with the signature the other instance stored.
    await page.getByRole('button', { name: 'Tipărește fișa' }).click();
    await page
      .getByRole('dialog', { name: 'Fișa pacientului' })
      .getByRole('button', { name: 'Tipărește', exact: true })
      .click();
    await page.emulateMedia({ media: 'print' });
    const signatures = page
      .getByTestId('print-area')
      .getByRole('region', { name: 'Semnăturile pacientului' });
    const signed = signatures.getByRole('row').filter({ hasText: 'Tratament: coroană metalo-ceramică' });
    await expect(signed).toContainText('valabilă');
    const image = signed.getByRole('img');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const imageUrl = (await image.getAttribute('src')) ?? '';
    await page.emulateMedia({ media: 'screen' });

    // The image's bytes are in the data dir both instances share: each serves them, the same.
    const copies = new Map<string, string>();
    for (let call = 0; call < 10 && copies.size < 2; call += 1) {
      const answer = await page.request.get(imageUrl);
      expect(answer.status(), imageUrl).toBe(200);
      copies.set(answeredBy(answer) ?? '', (await answer.body()).toString('base64'));
    }
    expect([...copies.keys()].sort()).toEqual([a.address, b.address].sort());
    expect(new Set(copies.values()).size).toBe(1);
    // Signed in once, through nginx: both instances answered the journey's calls.
    expect([...servedBy].sort()).toEqual([a.address, b.address].sort());

    await stopAll(group, page);
  } finally {
    await group.dispose();
  }
});
