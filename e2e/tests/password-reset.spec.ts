import { DEMO_USERS, expect, test } from '../fixtures';

test('the whole password reset flow, from the request to signing in with the new password', async ({
  browser,
  page,
  startOwnApp,
  signIn,
}) => {
  const app = await startOwnApp({ seed: 'demo' });
  const user = DEMO_USERS.medic2;
  // A session left open on another device: the new password ends it.
  const elsewhere = await (await browser.newContext({ baseURL: app.url })).newPage();
  await signIn(elsewhere, user, app.url);
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Ați uitat parola?' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Trimite linkul de resetare' }).click();
  await expect(page.getByText('Link-ul de resetare al parolei a fost trimis pe email.')).toBeVisible();

  const mail = await app.mailbox.waitFor(user.email);
  const link = mail.match(/https?:\/\/\S+reset_pass=[^\s"<]+/)?.[0];
  expect(link, 'the mail carries the reset link').toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));

  await expect(page.getByRole('button', { name: 'Salvează' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Parolă nouă', exact: true }).fill('Noua-Parola-2026');
  await page.getByRole('textbox', { name: 'Repetă parola', exact: true }).fill('Alta-Parola-2026');
  await expect(page.getByText('Parolele nu coincid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvează' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Repetă parola', exact: true }).fill('Noua-Parola-2026');
  await page.getByRole('button', { name: 'Salvează' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Parola a fost schimbată, iar sesiunile deschise pe orice dispozitiv au fost închise.', {
      exact: false,
    }),
  ).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);

  await signIn(page, { ...user, password: 'Noua-Parola-2026' }, app.url);
  await expect(page.getByRole('navigation', { name: 'Meniu principal' })).toBeVisible();

  // The link is single-use.
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await page.getByRole('textbox', { name: 'Parolă nouă', exact: true }).fill('Inca-O-Parola-2026');
  await page.getByRole('textbox', { name: 'Repetă parola', exact: true }).fill('Inca-O-Parola-2026');
  await page.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText(/nu este valid sau a expirat/)).toBeVisible();
});
