import { startFakeAnaf } from '../../apps/server/test/fake-anaf';
import { formatCalendarDay } from '../../packages/domain/src/dates';
import { formatLei } from '../../packages/domain/src/money';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, demoDoctors, uniquePhone, uniqueWord } from '../support/patients';
import { acceptedCrownPlan } from '../support/plans';
import { countPrints, printsSoFar, printToPdf } from '../support/print';

/**
 * Issue 13 end to end, the way a clinic's day runs: the admin connects e-Factura (a local server answers as
 * ANAF does), the doctor does a planned treatment, reception takes part of it by card and issues the invoice,
 * ANAF validates it, and the invoice and the day's cash report are printed (their PDF text checked).
 */

/** A first look at a screen on a machine shared with other test runs may take longer. */
const SLOW = 30_000;
const CROWN = { catalogueId: 1.2, name: 'coroană zirconiu monolitic' };
const CARD_BANI = 50_000;

test('a planned treatment is paid in part by card and invoiced; ANAF (local) validates the invoice; the invoice and the daily cash report are printed', async ({
  browser,
  startOwnApp,
  signIn,
}, testInfo) => {
  // Its own clinic (e-Factura gets connected) and three people's screens: several minutes on a busy machine.
  test.setTimeout(420_000);
  const anaf = await startFakeAnaf();
  try {
    const app = await startOwnApp({ seed: 'demo' });

    // The admin connects e-Factura: the OAuth application's data, then the authorisation in SPV.
    const adminContext = await browser.newContext({ baseURL: app.url });
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO_USERS.admin);
    await admin.goto('/setari?tab=efactura');
    const connection = admin.getByRole('form', { name: 'Conexiunea ANAF' });
    await connection.getByRole('textbox', { name: 'ID client OAuth' }).fill(anaf.clientId, { timeout: SLOW });
    await connection.getByLabel('Secret client OAuth').fill(anaf.clientSecret);
    await connection.getByRole('textbox', { name: 'Codul fiscal al clinicii (CIF)' }).fill('RO31415920');
    await connection.getByRole('textbox', { name: 'Adresa API e-Factura' }).fill(anaf.apiUrl);
    await connection.getByRole('textbox', { name: 'Adresa serverului OAuth' }).fill(anaf.oauthUrl);
    // A location that is a firm of its own: the same authorisation uploads for its CIF too.
    const otherCifs = connection.getByRole('combobox', { name: /Alte CIF-uri pentru care trimite/ });
    await otherCifs.fill('RO18547290');
    await otherCifs.press('Enter');
    await connection.getByRole('button', { name: 'Salvează conexiunea' }).click();
    const authorise = admin.getByRole('link', { name: 'Autorizează în SPV' });
    await expect(authorise).toBeVisible({ timeout: SLOW });
    await authorise.click();
    // ANAF's consent page answers at once with its redirect to our callback, which lands back on the tab.
    await expect(
      admin.getByText('Aplicația a fost autorizată la ANAF (SPV). e-Factura este conectată.'),
    ).toBeVisible({ timeout: SLOW });
    await expect(admin.getByText('Conectat', { exact: true })).toBeVisible();
    expect(anaf.grants).toContain('authorization_code');
    // Back from ANAF, the form shows what was saved: the other firm's CIF, digits only.
    await expect(connection.getByText('18547290', { exact: true })).toBeVisible();
    const connectionSettings = await admin.request.get('/api/efactura/settings');
    expect(await connectionSettings.json()).toMatchObject({ cif: '31415920', otherCifs: ['18547290'] });
    await adminContext.close();

    // The doctor: the accepted plan's crown on 3.6 is done through the treatment modal.
    const doctorContext = await browser.newContext({ baseURL: app.url });
    const page = await doctorContext.newPage();
    await signIn(page, DEMO_USERS.medic);
    const patient = await createPatient(page.request, {
      nume: 'Facturat',
      prenume: uniqueWord(),
      telefon: uniquePhone(),
    });
    const name = `${patient.nume} ${patient.prenume}`;
    const crownBani = await acceptedCrownPlan(
      page,
      app.url,
      patient._id,
      (await demoDoctors(page.request)).medic._id,
    );
    await page.goto(`/pacienti/history/${patient._id}`);
    await page.getByRole('button', { name: 'Adaugă tratament' }).click({ timeout: SLOW });
    const modal = page.getByRole('dialog', { name: 'Adaugă tratament' });
    await modal.getByRole('combobox', { name: 'Dinte', exact: true }).fill('3.6');
    await page.getByRole('option', { name: /^3\.6 / }).click();
    await modal.getByRole('combobox', { name: 'Din plan', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`Varianta A · ${CROWN.name} \\(3\\.6\\)`) }).click();
    const saved = page.waitForResponse((answer) => answer.url().includes('/api/save-history/'), {
      timeout: SLOW,
    });
    await modal.getByRole('button', { name: 'Salvează' }).click();
    expect((await saved).status()).toBeLessThan(300);
    await expect(modal).toBeHidden();
    await doctorContext.close();

    // Reception: the treatment is a charge on the account; a partial card payment.
    const deskContext = await browser.newContext({ baseURL: app.url });
    const desk = await deskContext.newPage();
    await countPrints(desk);
    await signIn(desk, DEMO_USERS.asistent);
    await desk.goto(`/pacienti/cont/${patient._id}`);
    const account = desk.getByRole('table', { name: 'Contul pacientului' });
    await expect(account.getByRole('row').filter({ hasText: CROWN.name })).toContainText(
      formatLei(crownBani),
      { timeout: SLOW },
    );
    await expect(desk.getByTestId('account-balance')).toHaveText(`Sold: ${formatLei(crownBani)} de plată`);
    await desk.getByRole('button', { name: 'Încasare' }).click();
    const payment = desk.getByRole('dialog', { name: 'Încasare' });
    await payment.getByText('Card', { exact: true }).click();
    await payment.getByRole('textbox', { name: /Suma/ }).fill(formatLei(CARD_BANI).replace(' lei', ''));
    await payment.getByRole('button', { name: 'Încasează' }).click();
    await expect(payment).toBeHidden({ timeout: SLOW });
    const rest = formatLei(crownBani - CARD_BANI);
    await expect(desk.getByTestId('account-balance')).toHaveText(`Sold: ${rest} de plată`, { timeout: SLOW });

    // The invoice: the charge, a person with the county of the clinic's city.
    await desk.getByRole('button', { name: 'Emite factură' }).click();
    const issue = desk.getByRole('form', { name: 'Emite factura' });
    await expect(issue.getByRole('checkbox', { name: `Facturează ${CROWN.name}` })).toBeChecked({
      timeout: SLOW,
    });
    await expect(issue).toContainText(`Total: ${formatLei(crownBani)}`);
    await issue.getByRole('textbox', { name: 'Strada și numărul' }).fill('Str. Lungă nr. 3');
    await issue.getByRole('textbox', { name: 'Localitatea (București: sectorul)' }).fill('Brașov');
    await issue.getByRole('combobox', { name: 'Județul' }).fill('Brașov');
    await desk.getByRole('option', { name: 'Brașov', exact: true }).click();
    await issue.getByRole('button', { name: 'Emite factura' }).click();
    const invoice = desk.getByRole('dialog', { name: /^Factură \S+/ });
    await expect(invoice).toBeVisible({ timeout: SLOW });
    const title = (await invoice.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title).toMatch(/^Factură [A-Z]+ ?\d+$/);

    // The e-Factura worker uploads it to the local ANAF, which validates it; the view follows the state.
    const state = invoice.getByLabel('Starea RO e-Factura');
    await expect(state).toContainText('Validată de ANAF', { timeout: 90_000 });
    await expect(state).toContainText(/Index de încărcare: \d+/);
    await expect(invoice.getByRole('link', { name: 'Răspuns ANAF' })).toBeVisible();
    const sent = anaf.uploads.filter((upload) => upload.xml.includes(name));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('uploadb2c');
    expect(sent[0]?.xml).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>',
    );

    // Printed on the letterhead (A4).
    await invoice.getByRole('button', { name: 'Tipărește' }).click();
    await expect.poll(() => printsSoFar(desk)).toBe(1);
    await desk.emulateMedia({ media: 'print' });
    await expect(desk.getByTestId('print-area').getByTestId('letterhead')).toBeVisible();
    const printed = await printToPdf(desk, testInfo, 'factura.pdf');
    // The title is set in capitals on paper.
    expect(printed).toContain(title.toLocaleUpperCase('ro-RO'));
    const today = formatCalendarDay(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' }));
    expect(printed).toContain(`Data emiterii: ${today}`);
    expect(printed).toContain(name);
    expect(printed).toContain('Str. Lungă nr. 3');
    expect(printed).toContain('CUI RO31415920');
    expect(printed).toContain(CROWN.name);
    expect(printed).toContain(`Total de plată ${formatLei(crownBani)}`);
    expect(printed).toContain('Factură transmisă în sistemul național RO e-Factura.');
    await desk.emulateMedia({ media: 'screen' });
    await desk.keyboard.press('Escape');
    await expect(invoice).toBeHidden();
    await expect(desk.getByTestId('account-balance')).toHaveText(`Sold: ${rest} de plată`);

    // The day's cash report, printed: the card payment by reception.
    await desk
      .getByRole('navigation', { name: 'Meniu principal' })
      .getByRole('link', { name: 'RAPOARTE' })
      .click();
    const day = desk.getByRole('table', { name: 'Plățile zilei' });
    await expect(day.getByRole('row').filter({ hasText: name })).toContainText(formatLei(CARD_BANI), {
      timeout: SLOW,
    });
    await desk.getByRole('button', { name: 'Tipărește registrul' }).click();
    await expect.poll(() => printsSoFar(desk)).toBe(2);
    await desk.emulateMedia({ media: 'print' });
    await expect(desk.getByTestId('print-area')).toBeVisible();
    const cash = await printToPdf(desk, testInfo, 'registru-casa.pdf');
    expect(cash).toContain(`Registru de casă — ${today}`);
    expect(cash).toContain(name);
    expect(cash).toContain('Card');
    expect(cash).toContain(formatLei(CARD_BANI));
    expect(cash).toContain(DEMO_USERS.asistent.nume);
    await deskContext.close();
  } finally {
    await anaf.close();
  }
});

test('the admin finds the invoice left to check in SPV and binds it to the upload index SPV shows', async ({
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.admin);
  await page
    .getByRole('navigation', { name: 'Meniu principal' })
    .getByRole('link', { name: 'FACTURI' })
    .click();
  await expect(page).toHaveURL(/\/facturi/);
  const invoices = page.getByRole('table', { name: 'Facturi' });
  // The demo shows every state: validated and refused among them.
  await expect(invoices.getByText('Validată de ANAF').first()).toBeVisible({ timeout: SLOW });
  await expect(invoices.getByText('Respinsă de ANAF').first()).toBeVisible();
  // The list's pager, as on the other lists: the page, the pages and the documents counted.
  await expect(page.getByTestId('page-summary')).toHaveText(/^Pagina 1 din \d+ · \d+ (de )?factur(ă|i)$/);

  await page.getByRole('combobox', { name: 'Stare e-Factura' }).click();
  await page.getByRole('option', { name: 'De verificat în SPV' }).click();
  await expect(invoices.getByRole('row')).toHaveCount(2, { timeout: SLOW });
  await invoices.getByRole('row').nth(1).getByRole('button').first().click();
  const invoice = page.getByRole('dialog', { name: /^Factură/ });
  const panel = invoice.getByRole('alert').filter({ hasText: 'Rezolvați trimiterea în e-Factura' });
  await expect(panel).toBeVisible({ timeout: SLOW });
  const index = panel.getByRole('textbox', { name: 'Indexul de încărcare din SPV' });
  await index.fill('12ab');
  await panel.getByRole('button', { name: 'Salvează indexul' }).click();
  await expect(panel).toContainText('Indexul de încărcare are doar cifre.');
  const upload = String(5_000_000_000 + Math.floor(Math.random() * 1_000_000));
  await index.fill(upload);
  await panel.getByRole('button', { name: 'Salvează indexul' }).click();
  const state = invoice.getByLabel('Starea RO e-Factura');
  await expect(state).toContainText('Trimisă, în verificare la ANAF', { timeout: SLOW });
  await expect(state).toContainText(`Index de încărcare: ${upload}`);
  await expect(panel).toBeHidden();
});
