import { DEMO_USERS, expect, test } from '../fixtures';

const menus = {
  admin: ['PACIENȚI', 'CALENDAR', 'RECENZII', 'FACTURI', 'RAPOARTE', 'UTILIZATORI'],
  medic: ['PACIENȚI', 'CALENDAR', 'RECENZII', 'FACTURI', 'RAPOARTE', 'UTILIZATORI'],
  asistent: ['PACIENȚI', 'CALENDAR', 'RECENZII', 'FACTURI', 'RAPOARTE', 'UTILIZATORI'],
  sterilizare: ['STERILIZARE'],
} as const;

test.describe('sign-in', () => {
  test('a wrong password and an unknown email each show their message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.medic.email);
    await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Intră în cont' }).click();
    await expect(page.getByText('emailul sau parola este incorectă.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nimeni@clinica-demo.ro');
    await page.getByRole('button', { name: 'Intră în cont' }).click();
    await expect(page.getByText('email inexistent.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password can be shown, and login stays disabled until the form is valid', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Intră în cont' });
    await expect(login).toBeDisabled();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nu-e-email');
    await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill('ceva');
    await expect(login).toBeDisabled();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.admin.email);
    await expect(login).toBeEnabled();

    const password = page.getByRole('textbox', { name: 'Parolă', exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Arată parola' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  for (const role of ['admin', 'medic', 'asistent', 'sterilizare'] as const) {
    test(`${role} lands where the spec says and sees its menu`, async ({ page, signIn }) => {
      const user = DEMO_USERS[role];
      await signIn(page, user);
      const menu = page.getByRole('navigation', { name: 'Meniu principal' });
      await expect(menu.getByRole('link')).toHaveText([...menus[role]]);

      await page.goto('/login');
      await expect(page).toHaveURL(new RegExp(`${user.landing}$`));

      await page.getByRole('button', { name: 'Deconectare' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/pacienti/list');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a signed-out visit to the patient list ends on the login screen', async ({ page }) => {
    await page.goto('/pacienti/list');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an asistent opening /utilizatori gets the no-access page', async ({ page, signIn }) => {
    await signIn(page, DEMO_USERS.asistent);
    await page.goto('/utilizatori');
    await expect(page.getByRole('heading', { name: 'Acces interzis' })).toBeVisible();
    await page.goto('/sterilizare');
    await expect(page.getByRole('heading', { name: 'Acces interzis' })).toBeVisible();
  });

  test('an unknown address shows the 404 page', async ({ page, signIn }) => {
    await signIn(page, DEMO_USERS.medic);
    await page.goto('/nu-exista');
    await expect(page.getByRole('heading', { name: /nu a fost găsită/i })).toBeVisible();
  });
});
