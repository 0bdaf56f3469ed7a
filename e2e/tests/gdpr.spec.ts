import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { GdprExport } from '../../packages/domain/src/contracts/gdpr';
import { demoPdf } from '../../apps/server/src/scripts/demo/demo-files';
import { DEMO_USERS, expect, test } from '../fixtures';
import { pdfText } from '../support/pdf-text';
import { API_HEADERS, createPatient, uniquePhone, uniqueWord } from '../support/patients';

test('a medic downloads the GDPR export of a patient from the header and it holds the record', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_USERS.medic);
  const prenume = uniqueWord();
  const patient = await createPatient(page.request, { nume: 'Exportescu', prenume, telefon: uniquePhone() });
  const scan = demoPdf('Consimțământ informat', ['Pacientul a fost informat.']);
  const uploaded = await page.request.post(`/api/update-doc/${patient._id}`, {
    headers: API_HEADERS,
    multipart: {
      obj: JSON.stringify({ kind: 'document', label: 'Consimțământ', date: '2026-03-02' }),
      file: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toHaveText(`Exportescu ${prenume}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export date (GDPR)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `date-pacient-${patient.id}-exportescu-${prenume.toLowerCase()}.zip`,
  );
  await expect(page.getByTestId('gdpr-export-progress')).toHaveText(/^Descărcat: \d+,\d MB$/);

  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  expect(await zip.file('CITESTE-MA.txt')?.async('string')).toContain(`Exportescu ${prenume}`);
  const data = JSON.parse((await zip.file('date-pacient.json')?.async('string')) ?? '{}') as GdprExport;
  expect(data.pacient).toMatchObject({
    _id: patient._id,
    nume: 'Exportescu',
    prenume,
    telefon: patient.telefon,
  });
  expect(data.generatDe).toBe(DEMO_USERS.medic.nume);
  const [document] = data.documente;
  expect(document).toMatchObject({ eticheta: 'Consimțământ', zi: '2026-03-02' });
  expect(document?.fisier?.cale).toBe('documente/2026-03-02-consimtamant.pdf');
  const bytes = await zip.file('documente/2026-03-02-consimtamant.pdf')?.async('nodebuffer');
  expect(bytes?.equals(scan)).toBe(true);
  expect(data.jurnal.map((row) => row.descriere)).toContain('Export date pacient (GDPR)');

  const pdf = (await zip.file('fisa-pacient.pdf')?.async('nodebuffer')) ?? Buffer.alloc(0);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain(`Datele pacientului Exportescu ${prenume}`);
  expect(text).toContain('documente/2026-03-02-consimtamant.pdf');
});

test('an assistant is not offered the GDPR export', async ({ page, signIn }) => {
  await signIn(page, DEMO_USERS.asistent);
  const patient = await createPatient(page.request, {
    nume: 'Exportescu',
    prenume: uniqueWord(),
    telefon: uniquePhone(),
  });
  await page.goto(`/pacienti/history/${patient._id}`);
  await expect(page.getByTestId('patient-name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export date (GDPR)' })).toHaveCount(0);
});
