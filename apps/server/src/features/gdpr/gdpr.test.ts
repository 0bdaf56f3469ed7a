import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { gdprExport, type GdprExport } from '@odonto/domain/contracts/gdpr';
import { pdfText } from '../../../../../e2e/support/pdf-text';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow, redBlue } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import { storeFile } from '../../files/store';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function signIn(t: TestApp, roles: string[], nume?: string): Promise<{ id: string; cookie: string }> {
  const user = await createUser(t.db, { roles, ...(nume ? { nume } : {}) });
  return { id: user.id, cookie: await loginAs(t.app, user.email, user.password) };
}

/** A patient with a treatment (and a cancelled one) with a picture, an appointment, a document, a signature and a payment. */
async function patientWithRecord(t: TestApp, doctorId: string, adminCookie: string) {
  const patientId = await insertPatientRow(t.db);
  const at = '2026-03-01T10:00:00.000Z';
  const entry = {
    patient_id: patientId,
    type: 'tratament',
    map_id: null,
    dinte_start: null,
    dinte_destinatie: null,
    side: 'top',
    start_index: null,
    end_index: null,
    direction: null,
    fill: null,
    medic: 'Dr. Ana Ionescu',
    signature: null,
    sterilizari: '[]',
    created_at: at,
    updated_at: null,
    version: 1,
  };
  await t.db
    .insertInto('history_entries')
    .values([
      { ...entry, id: 1, denumire: 'Obturație compozit', dinte: '1.6', detalii: 'fața ocluzală' },
      {
        ...entry,
        id: 2,
        denumire: 'Detartraj',
        dinte: null,
        detalii: '',
        deleted_at: '2026-03-01T11:00:00.000Z',
        cancel_reason: 'Greșeală de introducere',
      },
    ])
    .execute();
  const store = { db: t.db, dataDir: t.dataDir, now: () => new Date(at) };
  const picture = await redBlue('jpeg');
  const pictureFile = await storeFile(store, {
    patientId,
    kind: 'picture',
    name: 'inainte-1.jpg',
    contentType: 'image/jpeg',
    data: picture,
    createdBy: doctorId,
  });
  const thumbFile = await storeFile(store, {
    patientId,
    kind: 'picture-thumb',
    name: 'inainte-1-thumb.jpg',
    contentType: 'image/jpeg',
    data: picture,
    createdBy: doctorId,
  });
  await t.db
    .insertInto('history_pictures')
    .values({
      id: 'pic-1',
      patient_id: patientId,
      entry_id: 1,
      name: 'inainte-1.jpg',
      kind: 'inainte',
      width: 120,
      height: 80,
      position: 0,
      file_id: pictureFile.id,
      thumb_file_id: thumbFile.id,
      created_at: at,
      deleted_at: null,
    })
    .execute();
  await t.db
    .insertInto('appointments')
    .values({
      id: 'appt-1',
      patient_id: patientId,
      doctor_id: doctorId,
      starts_at: '2026-03-05T08:00:00.000Z',
      ends_at: '2026-03-05T08:30:00.000Z',
      note: 'control periodic',
      trimite_sms: 1,
      created_at: at,
      created_by: doctorId,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    })
    .execute();
  const document = await postForm(
    t.app,
    `/api/update-doc/${patientId}`,
    {
      obj: JSON.stringify({ kind: 'document', label: 'Consimțământ', date: '2026-03-02' }),
      file: { fileName: 'consimtamant.pdf', data: PDF, type: 'application/pdf' },
    },
    adminCookie,
  );
  expect(document.statusCode, document.body).toBe(201);
  const png = await redBlue('png', 40, 20);
  const signatureFile = await storeFile(store, {
    patientId,
    kind: 'signature',
    name: 'semnatura-1.png',
    contentType: 'image/png',
    data: png,
    createdBy: doctorId,
  });
  const snapshot = '{"kind":"consent","text":"Sunt de acord"}';
  const hash = createHash('sha256').update(snapshot).digest('hex');
  await t.db
    .insertInto('signatures')
    .values({
      id: 'sig-1',
      patient_id: patientId,
      entry_id: null,
      kind: 'consent',
      file_id: signatureFile.id,
      image_name: 'semnatura-1.png',
      snapshot,
      sha256: hash,
      via: 'direct',
      request_id: null,
      signed_at: at,
      signed_by: doctorId,
      signed_by_name: 'Dr. Ana Ionescu',
    })
    .execute();
  const payment = await call(t.app, {
    method: 'POST',
    url: `/api/cont/${patientId}/plati`,
    cookie: adminCookie,
    body: { method: 'card', amountBani: 35_000 },
  });
  expect(payment.statusCode, payment.body).toBe(201);
  return { patientId, picture, png, hash };
}

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
      { db: t().db, dataDir: t().dataDir, now: t().clock.now },
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
