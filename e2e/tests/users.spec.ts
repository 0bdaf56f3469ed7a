import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { DemoUser } from '../../apps/server/src/scripts/demo-users';
import { DEMO_USERS, expect, test } from '../fixtures';

const CSRF = { 'X-Requested-With': 'odonto' };
const PASSWORD = 'Parola-Invitat-2026';

function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@clinica-e2e.ro`;
}

/** The set-password link of the invitation mail (the reset flow's screen). */
function linkIn(mail: string): string {
  const link = /https?:\/\/\S+reset_pass=[^\s"<]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no set-password link in: ${mail}`);
  return link.replace(/&amp;/g, '&');
}

function staffUser(nume: string, email: string, password = PASSWORD): DemoUser {
  return { nume, email, password, roles: ['asistent'], functie: '', telefon: '', landing: '/pacienti' };
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ro-RO', timezoneId: 'Europe/Bucharest' });
  return context.newPage();
}

/** Creates a user through the API with the signed-in admin's request context (as the screen would). */
async function createUser(request: APIRequestContext, url: string, nume: string, email: string) {
  const response = await request.post(url, {
    data: { nume, email, telefon: '', functie: 'Asistent', roles: ['asistent'], active: true },
    headers: CSRF,
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openUsers(page: Page) {
  await page
    .getByRole('navigation', { name: 'Meniu principal' })
    .getByRole('link', { name: 'UTILIZATORI' })
    .click();
  await expect(page.getByRole('heading', { name: 'Listă utilizatori' })).toBeVisible();
}

function userRow(page: Page, nume: string): Locator {
  return page.getByRole('row', { name: `Utilizator ${nume}`, exact: true });
}

async function fillUserForm(dialog: Locator, nume: string, email: string) {
  await dialog.getByRole('textbox', { name: 'Nume', exact: true }).fill(nume);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('0744 111 222');
  await dialog.getByRole('textbox', { name: 'Funcție', exact: true }).fill('Asistentă medicală');
  await dialog.getByRole('checkbox', { name: 'Asistent', exact: true }).check();
}

test('an admin invites a user: the mail’s link sets the password, the user signs in; the same email again is marked existing', async ({
  page,
  browser,
  demoApp,
  signIn,
}) => {
  const email = uniqueEmail('ana.invitata');
  await signIn(page, DEMO_USERS.admin);
  await openUsers(page);
  await page.getByRole('button', { name: 'Adaugă utilizator', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă utilizator' });
  await fillUserForm(dialog, 'Ana Invitată', email);
  await dialog.getByRole('button', { name: 'Salvează', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitația a fost trimisă pe ${email}.`, { exact: false })).toBeVisible();
  await expect(userRow(page, 'Ana Invitată')).toContainText('invitație în așteptare');

  const mail = await demoApp.mailbox.waitFor(email);
  // Signed by the clinic, whose name another test in the same demo app may have changed.
  expect(mail).toContain(' v-a invitat în Odonto, aplicația clinicii');
  expect(mail).toContain('valabil 72 de ore');

  const invited = await newPage(browser, demoApp.url);
  await invited.goto(linkIn(mail));
  await invited.getByRole('textbox', { name: 'Parolă nouă', exact: true }).fill(PASSWORD);
  await invited.getByRole('textbox', { name: 'Repetă parola', exact: true }).fill(PASSWORD);
  await invited.getByRole('button', { name: 'Salvează' }).click();
  await expect(invited).toHaveURL(/\/login$/);
  await signIn(invited, staffUser('Ana Invitată', email));
  await expect(invited.getByRole('navigation', { name: 'Meniu principal' })).toBeVisible();
  await invited.context().close();

  await page.reload();
  await expect(userRow(page, 'Ana Invitată')).toContainText('activ');
  await expect(userRow(page, 'Ana Invitată')).not.toContainText('invitație în așteptare');

  await page.getByRole('button', { name: 'Adaugă utilizator', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Adaugă utilizator' });
  await fillUserForm(again, 'Ana Invitată Bis', email.toUpperCase());
  await again.getByRole('button', { name: 'Salvează', exact: true }).click();
  // Under the email, and in the list of errors above the form with its label.
  await expect(again.getByText('Utilizatorul există deja.', { exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Email: Utilizatorul există deja.' })).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(again).toBeVisible();
  await page.screenshot({ path: '/tmp/users-exists.png', animations: 'disabled' });
});

test('an admin pages through 25 users and edits one', async ({ page, signIn, startOwnApp }) => {
  test.setTimeout(120_000);
  const app = await startOwnApp({ seed: 'demo' });
  await signIn(page, DEMO_USERS.admin, app.url);
  // The demo clinic has 5 accounts; 20 more make 25.
  for (let i = 1; i <= 20; i++) {
    const n = String(i).padStart(2, '0');
    await createUser(
      page.request,
      `${app.url}/api/save-utilizator`,
      `Utilizator E2E ${n}`,
      uniqueEmail(`u${n}`),
    );
  }
  await openUsers(page);
  const next = page.getByRole('button', { name: 'Pagina următoare', exact: true });
  const previous = page.getByRole('button', { name: 'Pagina anterioară', exact: true });
  const rows = page.getByRole('row', { name: /^Utilizator / });

  await expect(page.getByText('Pagina 1', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(previous).toBeDisabled();
  await expect(userRow(page, DEMO_USERS.admin.nume)).toContainText('Admin');
  await page.screenshot({ path: '/tmp/users-list.png', fullPage: true });

  await next.click();
  await expect(page.getByText('Pagina 2', { exact: true })).toBeVisible();
  await expect(userRow(page, 'Utilizator E2E 07')).toBeVisible();
  await expect(rows).toHaveCount(10);

  await next.click();
  await expect(page.getByText('Pagina 3', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(next).toBeDisabled();
  await expect(userRow(page, DEMO_USERS.sterilizare.nume)).toBeVisible();

  await previous.click();
  await expect(page.getByText('Pagina 2', { exact: true })).toBeVisible();
  await userRow(page, 'Utilizator E2E 12').click();
  const dialog = page.getByRole('dialog', { name: 'Editează utilizator' });
  await expect(dialog.getByRole('textbox', { name: 'Nume', exact: true })).toHaveValue('Utilizator E2E 12');
  await dialog.getByRole('textbox', { name: 'Funcție', exact: true }).fill('Tehnician dentar');
  await dialog.getByRole('checkbox', { name: 'Medic', exact: true }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Medic', exact: true })).toBeChecked();
  await page.screenshot({ path: '/tmp/users-modal.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Salvează', exact: true }).click();
  await expect(dialog).toBeHidden();
  const edited = userRow(page, 'Utilizator E2E 12');
  await expect(edited).toContainText('Tehnician dentar');
  await expect(edited.getByRole('cell').nth(1)).toHaveText('AsistentMedic');
});

test('deactivating a signed-in user ends their session: their next navigation lands on /login', async ({
  page,
  browser,
  demoApp,
  signIn,
}) => {
  const email = uniqueEmail('aurel.plecat');
  await signIn(page, DEMO_USERS.admin);
  await createUser(page.request, '/api/save-utilizator', 'Aurel Plecat', email);
  const token = new URL(linkIn(await demoApp.mailbox.waitFor(email))).searchParams.get('reset_pass');
  const saved = await page.request.post('/api/save-new-pass', {
    data: { email, token, password: PASSWORD, confirm: PASSWORD },
    headers: CSRF,
  });
  expect(saved.status()).toBe(200);

  const other = await newPage(browser, demoApp.url);
  await signIn(other, staffUser('Aurel Plecat', email));

  await openUsers(page);
  await userRow(page, 'Aurel Plecat').click();
  const dialog = page.getByRole('dialog', { name: 'Editează utilizator' });
  await dialog.getByRole('switch', { name: 'Activ' }).uncheck();
  await dialog.getByRole('button', { name: 'Salvează', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(userRow(page, 'Aurel Plecat')).toContainText('inactiv');

  await other.goto('/pacienti');
  await expect(other).toHaveURL(/\/login$/);
  await other.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await other.getByRole('textbox', { name: 'Parolă', exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Intră în cont' }).click();
  await expect(other.getByText('Contul este dezactivat.')).toBeVisible();
  await other.context().close();
});

test('a medic never sees the users screen nor its add button', async ({ page, signIn }) => {
  await signIn(page, DEMO_USERS.medic);
  await page.goto('/utilizatori');
  await expect(page.getByRole('heading', { name: 'Acces interzis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Listă utilizatori' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adaugă utilizator' })).toHaveCount(0);
  const list = await page.request.post('/api/get-utilizatori', { data: { page: 0 }, headers: CSRF });
  expect(list.status()).toBe(403);
});
