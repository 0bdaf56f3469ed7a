import { expect, test } from '../fixtures';

test('the first visit to an empty clinic creates its administrator', async ({ page, startOwnApp }) => {
  const app = await startOwnApp({ seed: 'none' });
  await page.goto(`${app.url}/`);
  await expect(page.getByRole('heading', { name: 'Configurare inițială' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nume', exact: true }).fill('Maria Constantinescu');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('maria@clinica.ro');
  await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill('o-parola-lunga-2026');
  await page.getByRole('textbox', { name: 'Repetă parola', exact: true }).fill('o-parola-lunga-2026');
  await page.getByRole('button', { name: 'Creează administratorul' }).click();

  await expect(page).toHaveURL(/\/pacienti/);
  await expect(page.getByRole('navigation', { name: 'Meniu principal' }).getByRole('link')).toHaveText([
    'PACIENȚI',
    'CALENDAR',
    'RECENZII',
    'FACTURI',
    'RAPOARTE',
    'UTILIZATORI',
  ]);

  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Setup happens once: now the ordinary login screen shows, and the new admin can sign in.
  await expect(page.getByRole('button', { name: 'Intră în cont' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('maria@clinica.ro');
  await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill('o-parola-lunga-2026');
  await page.getByRole('button', { name: 'Intră în cont' }).click();
  await expect(page).toHaveURL(/\/pacienti/);
});
