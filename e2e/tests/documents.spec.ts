import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { demoPdf, demoXray } from '../../apps/server/src/scripts/demo/demo-files';
import { DEMO_USERS, expect, test } from '../fixtures';
import { createPatient, uniquePhone, uniqueWord } from '../support/patients';

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const PDF_FILE: UploadFile = {
  name: 'scan.pdf',
  mimeType: 'application/pdf',
  buffer: demoPdf('Consimțământ informat', ['Pacientul a fost informat.']),
};
/** A Windows program renamed to .pdf: 'MZ' and the DOS stub. */
const RENAMED_EXE: UploadFile = {
  name: 'factura.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400, 0x41)]),
};

/** Opens a kind's add modal, fills the label (and the note), picks the file; answers the dialog. */
async function openAdd(page: Page, button: string, label: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Denumire' }).fill(label);
  return dialog;
}

async function save(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toBeHidden();
}

async function closeViewer(page: Page) {
  await page.getByTestId('document-viewer').press('Escape');
  await expect(page.getByTestId('document-viewer')).toBeHidden();
}

test('a medic adds a PDF, an X-ray, a note and an imported file, previews each, and sees the upload errors', async ({
  page,
  signIn,
}, testInfo) => {
  // One whole flow: four uploads, four previews and three refusals.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.medic);
  const patient = await createPatient(page.request, {
    nume: 'Documentescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/docs/${patient._id}`);
  await expect(page.getByRole('heading', { name: 'Documente', level: 1 })).toBeVisible();
  await expect(page.getByText('Niciun document.')).toBeVisible();

  // A PDF document: the widget shows the saved name, label + extension.
  let dialog = await openAdd(page, 'Adaugă document', 'Consimțământ');
  await dialog.locator('input[type="file"]').setInputFiles(PDF_FILE);
  await expect(dialog.getByText('Consimțământ.pdf')).toBeVisible();
  await save(dialog);
  const documents = page.getByTestId('documents-document');
  await expect(documents.getByTestId('document-label')).toHaveText(['Consimțământ']);

  dialog = await openAdd(page, 'Adaugă radiografie', 'Panoramică');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'opg.png',
    mimeType: 'image/png',
    buffer: await demoXray(3),
  });
  await save(dialog);
  const xrays = page.getByTestId('documents-radiografie');
  await expect(xrays.getByAltText('Miniatură Panoramică')).toHaveJSProperty('complete', true);
  expect(
    await xrays.getByAltText('Miniatură Panoramică').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(256);

  dialog = await openAdd(page, 'Adaugă notă', 'Observații');
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Preferă programările dimineața.');
  await save(dialog);
  await expect(page.getByTestId('documents-nota').getByTestId('document-text')).toHaveText(
    'Preferă programările dimineața.',
  );

  dialog = await openAdd(page, 'Importă fișier pacient', 'Fișa clinicii anterioare');
  await dialog.locator('input[type="file"]').setInputFiles({ ...PDF_FILE, name: 'fisa.pdf' });
  await save(dialog);
  await expect(page.getByTestId('documents-import').getByText('Fișa clinicii anterioare.pdf')).toBeVisible();

  // The PDF in the page: a frame of the served file, which the server lets the app frame.
  await page.getByRole('button', { name: 'Vezi Consimțământ', exact: true }).click();
  const frame = page.getByTitle('Consimțământ', { exact: true });
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  const served = await page.request.get(src ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await expect(page.getByRole('link', { name: 'Descarcă Consimțământ.pdf' })).toHaveAttribute(
    'href',
    `${src ?? ''}?download=1`,
  );
  await closeViewer(page);

  // The X-ray: the wheel zooms, dragging pans.
  await page.getByRole('button', { name: 'Vezi Panoramică', exact: true }).click();
  const picture = page.getByRole('img', { name: /^Panoramică \(/ });
  await expect(picture).toHaveAttribute('data-zoom', '1');
  await expect(picture.getByRole('img', { name: 'Panoramică', exact: true })).toHaveJSProperty(
    'complete',
    true,
  );
  const box = await picture.boundingBox();
  if (!box) throw new Error('the picture has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(picture).not.toHaveAttribute('data-zoom', '1');
  const image = picture.getByRole('img', { name: 'Panoramică', exact: true });
  const before = await image.evaluate((img: HTMLImageElement) => img.style.transform);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.style.transform)).not.toBe(before);
  await page.getByRole('button', { name: 'Dimensiune inițială' }).click();
  await expect(picture).toHaveAttribute('data-zoom', '1');
  await closeViewer(page);

  await page.getByRole('button', { name: 'Vezi Observații', exact: true }).click();
  await expect(page.getByTestId('note-text')).toHaveText('Preferă programările dimineața.');
  await closeViewer(page);

  await page.getByRole('button', { name: 'Vezi Fișa clinicii anterioare', exact: true }).click();
  await expect(page.getByTitle('Fișa clinicii anterioare', { exact: true })).toBeVisible();
  await closeViewer(page);

  // A wrong extension: the widget's alert, and the file is not taken.
  dialog = await openAdd(page, 'Adaugă radiografie', 'Raport');
  const alert = page.waitForEvent('dialog');
  void dialog.locator('input[type="file"]').setInputFiles({ ...PDF_FILE, name: 'raport.pdf' });
  const shown = await alert;
  expect(shown.message()).toBe('Format fisier nesuportat.');
  await shown.accept();
  await expect(dialog.locator('[data-state="none"]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Renunță' }).click();

  // A program renamed .pdf, and a file above UPLOAD_MAX_MB (25 MB by default): the server's messages.
  dialog = await openAdd(page, 'Adaugă document', 'Factură');
  await dialog.locator('input[type="file"]').setInputFiles(RENAMED_EXE);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Conținutul fișierului nu corespunde extensiei .pdf: fișierul nu este un document PDF.',
  );
  await dialog.getByRole('button', { name: 'Elimină fișierul' }).click();
  // From a file on disk: a 26 MB buffer would travel through the browser protocol (and the trace).
  const big = join(testInfo.outputPath(), 'mare.pdf');
  await mkdir(dirname(big), { recursive: true });
  await writeFile(big, Buffer.concat([PDF_FILE.buffer, Buffer.alloc(26 * 1024 * 1024, 0x20)]));
  await dialog.locator('input[type="file"]').setInputFiles(big);
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Fișierul este prea mare (maxim 25 MB).');
  await dialog.getByRole('button', { name: 'Renunță' }).click();
  await expect(documents.getByTestId('document')).toHaveCount(1);

  // Delete: NU keeps it, DA removes it.
  await page.getByRole('button', { name: 'Șterge Consimțământ', exact: true }).click();
  await page.getByRole('button', { name: 'NU', exact: true }).click();
  await expect(page.getByRole('button', { name: 'NU', exact: true })).toBeHidden();
  // Read again from the server: still there.
  await page.reload();
  await expect(documents.getByTestId('document-label')).toHaveText(['Consimțământ']);
  await page.getByRole('button', { name: 'Șterge Consimțământ', exact: true }).click();
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  await expect(page.getByText('Niciun document.')).toBeVisible();
});
