import { DEMO_USERS, expect, test } from '../fixtures';

test('a user sees where they are signed in on Profilul meu and ends the other sessions', async ({
  browser,
  startOwnApp,
  signIn,
}) => {
  // A clinic of the test's own: ending sessions must not touch other tests' demo users.
  const app = await startOwnApp({ seed: 'demo' });
  const newPage = async (userAgent: string) =>
    (await browser.newContext({ baseURL: app.url, locale: 'ro-RO', userAgent })).newPage();
  const desk = await newPage(
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  );
  const tablet = await newPage(
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  );
  const phone = await newPage(
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  );
  for (const page of [tablet, phone, desk]) await signIn(page, DEMO_USERS.asistent, app.url);

  await desk.getByRole('link', { name: 'Profilul meu' }).click();
  await expect(desk).toHaveURL(/\/profil$/);
  const section = desk.getByRole('region', { name: 'Sesiuni deschise' });
  const rows = section.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Chrome pe Windows');
  await expect(rows.nth(1)).toContainText('Sesiunea curentă');
  await expect(section).toContainText('Safari pe iPad');
  await expect(section).toContainText('Chrome pe telefon Android');

  await section.getByRole('button', { name: /^Închide sesiunea Safari pe iPad/ }).click();
  await expect(rows).toHaveCount(3);
  await tablet.reload();
  await expect(tablet).toHaveURL(/\/login/);

  await section.getByRole('button', { name: 'Închide celelalte sesiuni' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'DA' }).click();
  await expect(desk.getByText('O sesiune a fost închisă.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(section.getByRole('button', { name: 'Închide celelalte sesiuni' })).toBeDisabled();
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  // This session still works.
  await desk.reload();
  await expect(section).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('sesiuni.png'), fullPage: true });
});

test('an admin signs a staff member out on every device from the user modal', async ({
  browser,
  startOwnApp,
  signIn,
}) => {
  const app = await startOwnApp({ seed: 'demo' });
  const newPage = async () => (await browser.newContext({ baseURL: app.url, locale: 'ro-RO' })).newPage();
  const [admin, reception, receptionTablet] = [await newPage(), await newPage(), await newPage()];
  await signIn(reception, DEMO_USERS.asistent, app.url);
  await signIn(receptionTablet, DEMO_USERS.asistent, app.url);
  await signIn(admin, DEMO_USERS.admin, app.url);

  await admin
    .getByRole('navigation', { name: 'Meniu principal' })
    .getByRole('link', { name: 'UTILIZATORI' })
    .click();
  await admin.getByRole('row', { name: `Utilizator ${DEMO_USERS.asistent.nume}`, exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Editează utilizator' });
  await dialog.getByRole('button', { name: 'Închide toate sesiunile' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'DA' }).click();
  await expect(
    admin.getByText(`2 sesiuni au fost închise pentru ${DEMO_USERS.asistent.nume}.`),
  ).toBeVisible();
  for (const page of [reception, receptionTablet]) {
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
  }
});
