import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';

const REQUIRED = 'Câmpul este obligatoriu.';
const SUMMARY_TITLE = 'Verificați câmpurile marcate';

// A window shorter than the treatment modal: the tooth is out of view when Salvează is pressed.
test.use({ viewport: { width: 1280, height: 600 } });

test('a treatment on a tooth saved without one: the tooth is marked, focused, in view and says why', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Filip',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Istoric tratamente' })).toBeVisible();
  await page.getByRole('button', { name: 'Adaugă tratament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă tratament' });
  await expect(dialog).toBeVisible();

  const tooth = dialog.getByRole('combobox', { name: 'Dinte', exact: true });
  const toothLabel = dialog.locator('label', { hasText: /^Dinte/ }).first();
  await expect(toothLabel).toHaveText('Dinte');
  await dialog.getByRole('combobox', { name: 'Tratament', exact: true }).fill('extracție');
  await page.getByRole('option', { name: 'extracție dentară', exact: true }).click();
  // The extraction is done on a tooth: its label now carries the required mark.
  await expect(toothLabel).toHaveText('Dinte *');

  const save = dialog.getByRole('button', { name: 'Salvează' });
  await save.scrollIntoViewIfNeeded();
  await expect(tooth).not.toBeInViewport();
  await save.click();

  await expect(tooth).toBeFocused();
  await expect(tooth).toBeInViewport();
  await expect(tooth).toHaveAttribute('aria-invalid', 'true');
  const errorId = ((await tooth.getAttribute('aria-describedby')) ?? '')
    .split(' ')
    .find((id) => id.endsWith('-error'));
  expect(errorId).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(REQUIRED);
  await expect(page.locator(`[id="${errorId}"]`)).toBeInViewport();
  // The tooth list stays closed on that focus: it would cover the message.
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('tratament-fara-dinte.png') });

  const summary = dialog.getByRole('alert').filter({ hasText: SUMMARY_TITLE });
  await expect(summary.getByRole('button')).toHaveText([`Dinte: ${REQUIRED}`]);
  // Nothing was saved: the modal stays open.
  await expect(dialog).toBeVisible();

  await tooth.fill('3.8');
  await page.getByRole('option', { name: /^3\.8 / }).click();
  await expect(summary).toHaveCount(0);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
});

test('the patient form saved empty: focus on Nume, the errors listed above the form', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  await page.goto('/pacienti/add');
  await expect(page.getByRole('heading', { name: 'Pacient nou' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Formular pacient nou' });
  const name = form.getByRole('textbox', { name: 'Nume', exact: true });
  await expect(form.locator('label', { hasText: /^Nume/ }).first()).toHaveText('Nume *');

  const save = form.getByRole('button', { name: 'Salvează' });
  await save.scrollIntoViewIfNeeded();
  await expect(name).not.toBeInViewport();
  await save.click();

  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  const summary = form.getByRole('alert').filter({ hasText: SUMMARY_TITLE });
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole('button')).toHaveText([`Nume: ${REQUIRED}`, `Prenume: ${REQUIRED}`]);
  await page.screenshot({ path: test.info().outputPath('pacient-gol.png') });

  await summary.getByRole('button', { name: `Prenume: ${REQUIRED}` }).click();
  await expect(form.getByRole('textbox', { name: 'Prenume', exact: true })).toBeFocused();
});

test('a user saved without a role: focus and scroll go to the roles, a group of checkboxes', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.admin);
  await page.goto('/utilizatori');
  await page.getByRole('button', { name: 'Adaugă utilizator', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă utilizator' });
  const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
  await dialog.getByRole('textbox', { name: 'Nume', exact: true }).fill(`Fără Rol ${uniqueWord()}`);
  await email.fill(`${uniqueWord().toLowerCase()}@clinica.test`);
  const roles = dialog.getByRole('group', { name: /^Roluri/ });
  const firstRole = roles.getByRole('checkbox').first();
  // A window so short that the modal scrolls and the roles stand below the view.
  await page.setViewportSize({ width: 1280, height: 260 });
  await expect(email).toBeInViewport();
  await expect(firstRole).not.toBeInViewport();

  // Enter in a field submits the form where the view is: only the failed submit can move it.
  await email.press('Enter');
  // The group's element takes no focus itself: its first checkbox does, and the group comes into view.
  await expect(firstRole).toBeFocused();
  await expect(roles).toBeInViewport();
  await expect(dialog.getByText('Alegeți cel puțin un rol.', { exact: true })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('utilizator-fara-rol.png') });
  const summary = dialog.getByRole('alert').filter({ hasText: SUMMARY_TITLE });
  await expect(summary.getByRole('button')).toHaveText(['Roluri: Alegeți cel puțin un rol.']);

  // The list's entry leads there too, after the focus went elsewhere.
  await email.focus();
  await summary.getByRole('button', { name: 'Roluri: Alegeți cel puțin un rol.' }).click();
  await expect(firstRole).toBeFocused();
  // Nothing was saved: the modal stays open.
  await expect(dialog).toBeVisible();
});
