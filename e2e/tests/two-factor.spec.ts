import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_USERS, expect, test } from '../fixtures';

/** The code an authenticator app would show for the key, `offsetSteps` 30-second steps from now. */
function codeFor(key: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(key.replace(/\s/g, '')),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

async function typePassword(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Parolă', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Intră în cont' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('two-factor sign-in (TOTP)', () => {
  test('a user turns TOTP on from the profile, signs in with a code, then with a recovery code once', async ({
    page,
    signIn,
    startOwnApp,
  }, testInfo) => {
    const app = await startOwnApp({ seed: 'demo' });
    const user = DEMO_USERS.asistent;
    await signIn(page, user, app.url);

    await page.getByRole('link', { name: 'Profilul meu' }).click();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(page.getByRole('heading', { name: 'Profilul meu' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Autentificare în doi pași' });
    await expect(section.getByTestId('two-factor-status')).toHaveText('Inactivă');
    await section.getByRole('button', { name: 'Activează autentificarea în doi pași' }).click();
    await expect(
      section.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' }),
    ).toBeVisible();
    const key = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: testInfo.outputPath('profil-activare.png'), fullPage: true });

    await section
      .getByRole('textbox', { name: 'Cod din aplicație' })
      .fill('000000' === codeFor(key) ? '111111' : '000000');
    await section.getByRole('button', { name: 'Confirmă' }).click();
    await expect(section.getByText('Codul introdus nu este corect.')).toBeVisible();
    await section.getByRole('textbox', { name: 'Cod din aplicație' }).fill(codeFor(key));
    await section.getByRole('button', { name: 'Confirmă' }).click();
    const codes = section.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allInnerTexts();
    await page.screenshot({ path: testInfo.outputPath('profil-coduri-recuperare.png'), fullPage: true });
    await section.getByRole('button', { name: 'Am salvat codurile' }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText('Activă');
    await expect(section.getByText('Coduri de recuperare nefolosite: 10 din 10.')).toBeVisible();

    // The password alone no longer signs in: the code of the next step does (the current one is used).
    await signOut(page);
    await typePassword(page, app.url, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Verificare în doi pași' })).toBeVisible();
    // The code is typed straight away: its field has the focus when the step appears.
    await expect(
      page.getByRole('textbox', { name: /Cod din aplicație sau cod de recuperare/ }),
    ).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('login-cod.png'), fullPage: true });
    await page
      .getByRole('textbox', { name: /Cod din aplicație sau cod de recuperare/ })
      .fill(codeFor(key, 1));
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expect(page).toHaveURL(new RegExp(`${user.landing}$`));

    // A recovery code works once.
    const [recovery] = recoveryCodes;
    await signOut(page);
    await typePassword(page, app.url, user.email, user.password);
    await page.getByRole('textbox', { name: /Cod din aplicație sau cod de recuperare/ }).fill(recovery ?? '');
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expect(page).toHaveURL(new RegExp(`${user.landing}$`));
    await page.goto(`${app.url}/profil`);
    await expect(page.getByText('Coduri de recuperare nefolosite: 9 din 10.')).toBeVisible();

    await signOut(page);
    await typePassword(page, app.url, user.email, user.password);
    await page.getByRole('textbox', { name: /Cod din aplicație sau cod de recuperare/ }).fill(recovery ?? '');
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expect(page.getByText('Acest cod de recuperare a fost deja folosit.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Phone and codes lost: an admin resets TOTP from the user screen; the password alone signs in again.
    await signIn(page, DEMO_USERS.admin, app.url);
    await page.goto(`${app.url}/utilizatori`);
    await page.getByRole('row', { name: `Utilizator ${user.nume}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Editează utilizator' });
    await expect(dialog.getByText('Autentificarea în doi pași este activă.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('utilizator-resetare.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Resetează autentificarea în doi pași' }).click();
    await page.getByRole('button', { name: 'DA', exact: true }).click();
    await expect(
      page.getByText(`Autentificarea în doi pași a fost resetată pentru ${user.nume}.`),
    ).toBeVisible();
    await expect(dialog.getByText('Autentificarea în doi pași este activă.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Renunță' }).click();
    await signOut(page);
    await signIn(page, user, app.url);
  });

  test('an admin requires TOTP for a role; a user of that role sets it up at the next sign-in', async ({
    page,
    signIn,
    startOwnApp,
  }, testInfo) => {
    const app = await startOwnApp({ seed: 'demo' });
    await signIn(page, DEMO_USERS.admin, app.url);
    await page.goto(`${app.url}/setari?tab=securitate`);
    const policy = page.getByRole('region', { name: 'Autentificare în doi pași' });
    await policy.getByRole('checkbox', { name: 'Medic' }).check();
    await page.screenshot({ path: testInfo.outputPath('setari-securitate.png'), fullPage: true });
    await policy.getByRole('button', { name: 'Salvează' }).click();
    await expect(page.getByText('Setările de securitate au fost salvate.')).toBeVisible();
    await signOut(page);

    const medic = DEMO_USERS.medic;
    await typePassword(page, app.url, medic.email, medic.password);
    await expect(
      page.getByText('Clinica cere autentificarea în doi pași pentru contul dumneavoastră.'),
    ).toBeVisible();
    // Not signed in yet: the app stays closed.
    await expect(page).toHaveURL(/\/login$/);
    const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await page.screenshot({ path: testInfo.outputPath('login-configurare.png'), fullPage: true });
    await page.getByRole('textbox', { name: 'Cod din aplicație' }).fill(codeFor(key));
    await page.getByRole('button', { name: 'Activează' }).click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await page.screenshot({ path: testInfo.outputPath('login-coduri-recuperare.png'), fullPage: true });
    await page.getByRole('button', { name: 'Am salvat codurile, continuă' }).click();
    await expect(page).toHaveURL(new RegExp(`${medic.landing}$`));

    await page.goto(`${app.url}/profil`);
    const section = page.getByRole('region', { name: 'Autentificare în doi pași' });
    await expect(section.getByTestId('two-factor-status')).toHaveText('Activă');
    await expect(section.getByText(/nu poate fi dezactivată/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Dezactivează' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('profil-obligatoriu.png'), fullPage: true });

    // The next sign-in asks for a code.
    await signOut(page);
    await typePassword(page, app.url, medic.email, medic.password);
    await expect(page.getByRole('heading', { name: 'Verificare în doi pași' })).toBeVisible();
  });
});
