import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  documentFilePath,
  documentThumbPath,
  type DocumentsByKind,
} from '@odonto/domain/contracts/documents';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { filesOnDisk, insertPatientRow, redBlue } from '../../../test/stored-files';
import {
  addDoc,
  docObj,
  documentAuditRows,
  EXE,
  PDF,
  signIn,
  staffWithPatient,
  updateDoc,
  xray,
} from './documents.test-support';

describeEachDialect('documents: update-doc adds documents', ({ useApp, build }) => {
  const t = useApp();

  it('adds a PDF, an X-ray, a note and an imported file, grouped by kind, with files, sha256 and audit', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const pdf = await addDoc(t(), cookie, patientId, docObj(), { fileName: 'scan.PDF', data: PDF });
    expect(pdf).toMatchObject({
      kind: 'document',
      label: 'Consimțământ',
      date: '2026-03-02',
      text: null,
      version: 1,
      file: {
        name: 'Consimțământ.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        sha256: createHash('sha256').update(PDF).digest('hex'),
        hasThumb: false,
      },
    });
    const xrayDoc = await addDoc(
      t(),
      cookie,
      patientId,
      docObj({ kind: 'radiografie', label: 'Panoramică', date: '2026-02-20' }),
      { fileName: 'opg.png', data: await xray() },
    );
    expect(xrayDoc.file).toMatchObject({ name: 'Panoramică.png', width: 300, height: 150, hasThumb: true });
    await addDoc(
      t(),
      cookie,
      patientId,
      docObj({ kind: 'nota', label: 'Observații', text: ' Preferă dimineața. ' }),
    );
    await addDoc(t(), cookie, patientId, docObj({ kind: 'import', label: 'Fișa veche' }), {
      fileName: 'fisa.jpeg',
      data: await redBlue('jpeg'),
    });

    const list = (
      await call(t().app, { url: `/api/documents/${patientId}`, cookie })
    ).json<DocumentsByKind>();
    expect(list.document.map((doc) => doc.label)).toEqual(['Consimțământ']);
    expect(list.radiografie.map((doc) => doc.label)).toEqual(['Panoramică']);
    expect(list.nota[0]).toMatchObject({ label: 'Observații', text: 'Preferă dimineața.', file: null });
    expect(list.import[0]?.file).toMatchObject({ name: 'Fișa veche.jpeg', contentType: 'image/jpeg' });

    // Random names on disk: nothing of the label or the sent name; 2 files per picture, 1 per PDF.
    const onDisk = await filesOnDisk(t().dataDir);
    expect(onDisk).toHaveLength(5);
    for (const path of onDisk) expect(path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    const rows = await t().db.selectFrom('files').selectAll().where('kind', 'like', 'document%').execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.sha256))).toBe(true);

    const fetched = await call(t().app, { url: documentFilePath(patientId, pdf.id), cookie });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    const thumb = await call(t().app, { url: documentThumbPath(patientId, xrayDoc.id), cookie });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');

    const audit = await documentAuditRows(t());
    expect(audit.map((row) => row.action)).toEqual([
      'document_create',
      'document_create',
      'document_create',
      'document_create',
      'document_view',
    ]);
    expect(audit[0]).toMatchObject({ entity: 'document', entity_id: pdf.id, patient_id: patientId });
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ kind: 'document', size: PDF.length });
  });

  it('refuses a wrong extension (415 "Format fisier nesuportat."), also one the kind does not take', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const exe = await updateDoc(t(), cookie, patientId, docObj(), { fileName: 'setup.exe', data: EXE });
    expect(exe.statusCode).toBe(415);
    expect(errorOf(exe).message).toBe('Format fisier nesuportat.');
    const pdfAsXray = await updateDoc(t(), cookie, patientId, docObj({ kind: 'radiografie' }), {
      fileName: 'raport.pdf',
      data: PDF,
    });
    expect(pdfAsXray.statusCode).toBe(415);
    expect(errorOf(pdfAsXray).message).toBe('Format fisier nesuportat.');
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('refuses content that is not what the extension says (415, a clear message)', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const renamed = await updateDoc(t(), cookie, patientId, docObj(), { fileName: 'factura.pdf', data: EXE });
    expect(renamed.statusCode).toBe(415);
    expect(errorOf(renamed).message).toBe(
      'Conținutul fișierului nu corespunde extensiei .pdf: fișierul nu este un document PDF.',
    );
    const pngAsJpg = await updateDoc(t(), cookie, patientId, docObj({ kind: 'radiografie' }), {
      fileName: 'opg.jpg',
      data: await xray(),
    });
    expect(pngAsJpg.statusCode).toBe(415);
    expect(errorOf(pngAsJpg).message).toBe(
      'Conținutul fișierului nu corespunde extensiei .jpg: fișierul nu este o imagine JPEG.',
    );
    const cut = await updateDoc(t(), cookie, patientId, docObj(), {
      fileName: 'a.pdf',
      data: PDF.subarray(0, 40),
    });
    expect(cut.statusCode).toBe(422);
    expect(await t().db.selectFrom('documents').selectAll().execute()).toEqual([]);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('refuses a file above UPLOAD_MAX_MB with 413 and a clear message', async () => {
    const small = await build({ env: { UPLOAD_MAX_MB: '0.01' } });
    try {
      const { cookie, patientId } = await staffWithPatient(small);
      const big = Buffer.concat([PDF, Buffer.alloc(20_000, 0x20)]);
      const response = await updateDoc(small, cookie, patientId, docObj(), {
        fileName: 'mare.pdf',
        data: big,
      });
      expect(response.statusCode).toBe(413);
      expect(errorOf(response).message).toBe('Fișierul este prea mare (maxim 0,01 MB).');
      expect(await filesOnDisk(small.dataDir)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it.each([
    ['no obj', null, 'Câmpul obj lipsește.'],
    ['obj not JSON', '{nu', 'Câmpul obj nu este un JSON valid.'],
    ['an empty label', JSON.stringify(docObj({ label: ' ' })), 'Denumirea este obligatorie.'],
    ['a note without text', JSON.stringify(docObj({ kind: 'nota' })), 'Textul notei este obligatoriu.'],
    ['an unknown key', JSON.stringify({ ...docObj(), extra: 1 }), undefined],
    ['a document without its file', JSON.stringify(docObj()), 'Alegeți fișierul.'],
  ])('answers 400 for %s', async (_name, obj, message) => {
    const { cookie, patientId } = await staffWithPatient(t());
    const response =
      obj === null
        ? await call(t().app, {
            method: 'POST',
            url: `/api/update-doc/${patientId}`,
            cookie,
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
            body: '--x\r\nContent-Disposition: form-data; name="alt"\r\n\r\n1\r\n--x--\r\n',
          })
        : await updateDoc(t(), cookie, patientId, obj);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(errorOf(response).message).toBe(message);
  });

  it('answers 400 for a note sent with a file', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const response = await updateDoc(t(), cookie, patientId, docObj({ kind: 'nota', text: 'x' }), {
      fileName: 'a.pdf',
      data: PDF,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('O notă nu are fișier.');
  });

  it('answers 401 signed out, 403 for sterilizare, 404 for an unknown or deleted patient', async () => {
    const patientId = await insertPatientRow(t().db);
    const file = { fileName: 'a.pdf', data: PDF };
    expect((await updateDoc(t(), null, patientId, docObj(), file)).statusCode).toBe(401);
    const sterilizare = await signIn(t(), 'sterilizare');
    expect((await updateDoc(t(), sterilizare, patientId, docObj(), file)).statusCode).toBe(403);
    const asistent = await signIn(t(), 'asistent');
    expect((await updateDoc(t(), asistent, patientId, docObj(), file)).statusCode).toBe(201);
    expect((await updateDoc(t(), asistent, 'nu-exista', docObj(), file)).statusCode).toBe(404);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    const gone = await updateDoc(t(), asistent, deleted, docObj(), file);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe('Pacientul nu a fost găsit.');
  });
});
