import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { gdprExport, type GdprExport } from '@odonto/domain/contracts/gdpr';
import { pdfText } from '../../../../../e2e/support/pdf-text';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import { storeFile } from '../../files/store';
import { PDF, patientWithRecord, signIn } from './gdpr.test-support';

/** The image XObjects of a PDF (pdfkit writes one per drawn picture). */
const imageCount = (pdf: Buffer | undefined) =>
  (pdf ?? Buffer.alloc(0)).toString('latin1').split('/Subtype /Image').length - 1;

describeEachDialect('GET /api/pacienti/{id}/export-gdpr', ({ useApp }) => {
  const t = useApp();
  const url = (id: string) => `/api/pacienti/${id}/export-gdpr`;

  it("answers a ZIP with the patient's data as JSON, as a PDF and the stored files, and audits it", async () => {
    const medic = await signIn(t(), ['medic'], 'Dr. Ana Ionescu');
    const admin = await signIn(t(), ['admin']);
    const { patientId, picture, png, hash } = await patientWithRecord(t(), medic.id, admin.cookie);

    const response = await call(t().app, { url: url(patientId), cookie: medic.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="date-pacient-\d+-popescu-ana\.zip"$/,
    );

    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'CITESTE-MA.txt',
        'date-pacient.json',
        'documente/2026-03-02-consimtamant.pdf',
        'fisa-pacient.pdf',
        'imagini-tratamente/inainte-1.jpg',
        'semnaturi/semnatura-1.png',
      ]),
    );
    const readme = await zip.file('CITESTE-MA.txt')?.async('string');
    expect(readme).toContain('Datele pacientului Popescu Ana');

    const data: GdprExport = gdprExport.parse(
      JSON.parse((await zip.file('date-pacient.json')?.async('string')) ?? ''),
    );
    expect(data.pacient).toMatchObject({ _id: patientId, nume: 'Popescu', prenume: 'Ana' });
    expect(data.generatDe).toBe('Dr. Ana Ionescu');
    expect(data.tratamente.map((entry) => [entry.denumire, entry.anulare])).toEqual([
      ['Obturație compozit', null],
      ['Detartraj', { la: '2026-03-01T11:00:00.000Z', motiv: 'Greșeală de introducere' }],
    ]);
    expect(data.tratamente[0]?.imagini[0]?.fisier?.cale).toBe('imagini-tratamente/inainte-1.jpg');
    expect(data.schita.dinti).toEqual([{ dinte: '1.6', tratamente: ['Obturație compozit'] }]);
    expect(data.programari).toEqual([
      expect.objectContaining({ id: 'appt-1', nota: 'control periodic', medic: 'Dr. Ana Ionescu' }),
    ]);
    expect(data.semnaturi).toEqual([
      expect.objectContaining({
        id: 'sig-1',
        sha256: hash,
        continutSemnat: { kind: 'consent', text: 'Sunt de acord' },
      }),
    ]);
    expect(data.financiar.plati).toEqual([expect.objectContaining({ sumaBani: 35_000, metoda: 'card' })]);
    // The document's file: listed in the JSON and its bytes in the ZIP, as uploaded.
    const [document] = data.documente;
    expect(document).toMatchObject({ eticheta: 'Consimțământ', zi: '2026-03-02' });
    const documentPath = document?.fisier?.cale ?? '';
    expect(documentPath).toBe('documente/2026-03-02-consimtamant.pdf');
    expect(await zip.file(documentPath)?.async('nodebuffer')).toEqual(PDF);
    expect(await zip.file('imagini-tratamente/inainte-1.jpg')?.async('nodebuffer')).toEqual(picture);
    expect(await zip.file('semnaturi/semnatura-1.png')?.async('nodebuffer')).toEqual(png);
    // The audit rows of the record, this export among them.
    expect(data.jurnal.map((row) => row.actiune)).toContain('patient_gdpr_export');
    expect(data.jurnal.find((row) => row.actiune === 'patient_gdpr_export')?.descriere).toBe(
      'Export date pacient (GDPR)',
    );

    const pdf = await zip.file('fisa-pacient.pdf')?.async('nodebuffer');
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain('Datele pacientului Popescu Ana');
    expect(text).toContain('Obturație compozit');
    expect(text).toContain(hash);
    // The treatment picture and the signature are drawn in, each captioned with its place in the ZIP.
    expect(imageCount(pdf)).toBe(2);
    expect(text).toContain('imagine înainte · imagini-tratamente/inainte-1.jpg');
    expect(text).toContain('semnătura · semnaturi/semnatura-1.png');

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'patient_id', 'user_id'])
      .where('action', '=', 'patient_gdpr_export')
      .execute();
    expect(audit).toEqual([
      { action: 'patient_gdpr_export', entity: 'patient', patient_id: patientId, user_id: medic.id },
    ]);
  });

  it('keeps a deleted document with its file, and the letters', async () => {
    const medic = await signIn(t(), ['medic'], 'Dr. Ana Ionescu');
    const patientId = await insertPatientRow(t().db);
    const added = await postForm(
      t().app,
      `/api/update-doc/${patientId}`,
      {
        obj: JSON.stringify({ kind: 'document', label: 'Panoramică', date: '2026-02-27' }),
        file: { fileName: 'panoramica.pdf', data: PDF, type: 'application/pdf' },
      },
      medic.cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    await t()
      .db.updateTable('documents')
      .set({ deleted_at: '2026-03-01T12:00:00.000Z' })
      .where('patient_id', '=', patientId)
      .execute();
    const letter = await call(t().app, {
      method: 'POST',
      url: '/api/save-scrisoare',
      cookie: medic.cookie,
      body: { id: patientId, text: 'Stimate coleg, vă trimit pacienta.' },
    });
    expect(letter.statusCode, letter.body).toBe(201);

    const response = await call(t().app, { url: url(patientId), cookie: medic.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const data = gdprExport.parse(JSON.parse((await zip.file('date-pacient.json')?.async('string')) ?? ''));
    expect(data.documente).toEqual([
      expect.objectContaining({
        tip: 'document',
        eticheta: 'Panoramică',
        stersLa: '2026-03-01T12:00:00.000Z',
        fisier: expect.objectContaining({ cale: 'documente/2026-02-27-panoramica.pdf' }) as unknown,
      }),
    ]);
    const bytes = await zip.file('documente/2026-02-27-panoramica.pdf')?.async('nodebuffer');
    expect(bytes?.equals(PDF)).toBe(true);
    expect(data.scrisori).toEqual([
      expect.objectContaining({ text: 'Stimate coleg, vă trimit pacienta.', autor: 'Dr. Ana Ionescu' }),
    ]);
    const pdf = await zip.file('fisa-pacient.pdf')?.async('nodebuffer');
    const text = pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain('Stimate coleg, vă trimit pacienta.');
    expect(text).toContain('Panoramică');
  });

  it('lists a file whose bytes are missing on disk without failing the export', async () => {
    const admin = await signIn(t(), ['admin']);
    const patientId = await insertPatientRow(t().db);
    const stored = await storeFile(
      { db: t().db, blobs: t().blobs, now: t().clock.now },
      {
        patientId,
        kind: 'picture',
        name: 'lipsa.jpg',
        contentType: 'image/jpeg',
        data: PDF,
        createdBy: null,
      },
    );
    await t()
      .db.updateTable('files')
      .set({ disk_name: 'xx/nu-exista' })
      .where('id', '=', stored.id)
      .execute();
    const response = await call(t().app, { url: url(patientId), cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const data = gdprExport.parse(JSON.parse((await zip.file('date-pacient.json')?.async('string')) ?? ''));
    expect(data.fisiere).toEqual([expect.objectContaining({ nume: 'lipsa.jpg', cale: null })]);
    expect(Object.keys(zip.files).some((name) => name.endsWith('lipsa.jpg'))).toBe(false);
  });

  it('names a picture missing on disk and a signature that cannot be decoded in the PDF, and still exports', async () => {
    const medic = await signIn(t(), ['medic'], 'Dr. Ana Ionescu');
    const admin = await signIn(t(), ['admin']);
    const { patientId } = await patientWithRecord(t(), medic.id, admin.cookie);
    const rowOf = (name: string) =>
      t()
        .db.selectFrom('files')
        .select(['id', 'disk_name'])
        .where('patient_id', '=', patientId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
    const picture = await rowOf('inainte-1.jpg');
    await rm(join(t().dataDir, 'files', picture.disk_name));
    // The signature's bytes replaced by something that is no image: in the ZIP as they are, not drawn.
    const signature = await rowOf('semnatura-1.png');
    await writeFile(join(t().dataDir, 'files', signature.disk_name), PDF);

    const response = await call(t().app, { url: url(patientId), cookie: medic.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(zip.file('imagini-tratamente/inainte-1.jpg')).toBeNull();
    expect(await zip.file('semnaturi/semnatura-1.png')?.async('nodebuffer')).toEqual(PDF);
    const pdf = await zip.file('fisa-pacient.pdf')?.async('nodebuffer');
    expect(imageCount(pdf)).toBe(0);
    const text = pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain('imagine înainte: fișierul inainte-1.jpg lipsește din arhivă');
    expect(text).toContain('imaginea semnăturii nu a putut fi desenată');
  });

  it('answers 404 for an unknown or deleted patient', async () => {
    const { cookie } = await signIn(t(), ['admin']);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    for (const id of ['nu-exista', deleted]) {
      const response = await call(t().app, { url: url(id), cookie });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('Pacientul nu a fost găsit.');
    }
    expect(
      await t().db.selectFrom('audit_log').select('id').where('action', '=', 'patient_gdpr_export').execute(),
    ).toEqual([]);
  });

  it('answers 401 signed out and 403 to asistent and sterilizare', async () => {
    const patientId = await insertPatientRow(t().db);
    expect((await call(t().app, { url: url(patientId) })).statusCode).toBe(401);
    for (const roles of [['asistent'], ['sterilizare']]) {
      const { cookie } = await signIn(t(), roles);
      const response = await call(t().app, { url: url(patientId), cookie });
      expect(response.statusCode).toBe(403);
    }
  });
});
