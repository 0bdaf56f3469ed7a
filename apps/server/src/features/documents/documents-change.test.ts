import { expect, it } from 'vitest';
import {
  documentFilePath,
  documentThumbPath,
  type DocumentsByKind,
} from '@odonto/domain/contracts/documents';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { filesOnDisk, insertPatientRow } from '../../../test/stored-files';
import {
  addDoc,
  docObj,
  documentAuditRows,
  listDocs,
  PDF,
  signIn,
  staffWithPatient,
  updateDoc,
  xray,
} from './documents.test-support';

describeEachDialect('documents: edit, delete, list and files', ({ useApp }) => {
  const t = useApp();

  async function withPdf() {
    const { cookie, patientId } = await staffWithPatient(t());
    const doc = await addDoc(t(), cookie, patientId, docObj(), { fileName: 'scan.pdf', data: PDF });
    return { cookie, patientId, doc };
  }

  const deleteDoc = (cookie: string | null, patientId: string, body: unknown) =>
    call(t().app, { method: 'POST', url: `/api/delete-doc/${patientId}`, cookie, body });

  it('changes the label and the date; the saved name follows the label; a stale version is 409', async () => {
    const { cookie, patientId, doc } = await withPdf();
    const obj = docObj({ id: doc.id, version: 1, label: 'Acord tratament', date: '2026-01-15' });
    const response = await updateDoc(t(), cookie, patientId, obj);
    expect(response.statusCode, response.body).toBe(200);
    const [changed] = response.json<DocumentsByKind>().document;
    expect(changed).toMatchObject({ label: 'Acord tratament', date: '2026-01-15', version: 2 });
    expect(changed?.file?.name).toBe('Acord tratament.pdf');
    expect(changed?.updatedAt).toBe(t().clock.now().toISOString());

    const stale = await updateDoc(t(), cookie, patientId, obj);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('Datele au fost modificate între timp de altcineva.');
    const [row] = (await documentAuditRows(t())).slice(-1);
    expect(row?.action).toBe('document_update');
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({ fields: ['label', 'day'], version: 2 });
  });

  it('changes a note’s text', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const note = await addDoc(t(), cookie, patientId, docObj({ kind: 'nota', label: 'Notă', text: 'Prima' }));
    const response = await updateDoc(
      t(),
      cookie,
      patientId,
      docObj({ id: note.id, version: 1, kind: 'nota', label: 'Notă', text: 'A doua' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<DocumentsByKind>().nota[0]?.text).toBe('A doua');
  });

  it('answers 400 for a changed kind or a new file, 404 for an unknown document', async () => {
    const { cookie, patientId, doc } = await withPdf();
    const kind = await updateDoc(t(), cookie, patientId, docObj({ id: doc.id, version: 1, kind: 'import' }));
    expect(kind.statusCode).toBe(400);
    expect(errorOf(kind).message).toBe('Tipul documentului nu se poate schimba.');
    const withFile = await updateDoc(t(), cookie, patientId, docObj({ id: doc.id, version: 1 }), {
      fileName: 'alt.pdf',
      data: PDF,
    });
    expect(withFile.statusCode).toBe(400);
    const unknown = await updateDoc(
      t(),
      cookie,
      patientId,
      docObj({ id: '6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f', version: 1 }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Documentul nu a fost găsit.');
  });

  it('deletes softly: gone from the list and its file, kept in the database and on disk, audited', async () => {
    const { cookie, patientId, doc } = await withPdf();
    expect((await deleteDoc(cookie, patientId, { id: doc.id, version: 2 })).statusCode).toBe(409);
    const response = await deleteDoc(cookie, patientId, { id: doc.id, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DocumentsByKind>().document).toEqual([]);
    expect((await call(t().app, { url: documentFilePath(patientId, doc.id), cookie })).statusCode).toBe(404);
    const row = await t().db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirst();
    expect(row?.deleted_at).toBe(t().clock.now().toISOString());
    expect(await filesOnDisk(t().dataDir)).toHaveLength(1);
    expect((await documentAuditRows(t())).map((audit) => audit.action)).toEqual([
      'document_create',
      'document_delete',
    ]);
    const again = await deleteDoc(cookie, patientId, { id: doc.id });
    expect(again.statusCode).toBe(404);
    expect((await deleteDoc(cookie, patientId, { id: 'x' })).statusCode).toBe(400);
  });

  it('guards every call: 401 signed out, 403 sterilizare; the asistent may read, write and delete', async () => {
    const { patientId, doc } = await withPdf();
    const sterilizare = await signIn(t(), 'sterilizare');
    const asistent = await signIn(t(), 'asistent');
    for (const cookie of [null, sterilizare]) {
      const status = cookie ? 403 : 401;
      expect((await listDocs(t(), cookie, patientId)).statusCode).toBe(status);
      expect((await call(t().app, { url: documentFilePath(patientId, doc.id), cookie })).statusCode).toBe(
        status,
      );
      expect((await call(t().app, { url: documentThumbPath(patientId, doc.id), cookie })).statusCode).toBe(
        status,
      );
      expect((await deleteDoc(cookie, patientId, { id: doc.id })).statusCode).toBe(status);
      const update = await updateDoc(t(), cookie, patientId, docObj({ id: doc.id, version: 1 }));
      expect(update.statusCode).toBe(status);
    }
    expect((await listDocs(t(), asistent, patientId)).statusCode).toBe(200);
    expect((await deleteDoc(asistent, patientId, { id: doc.id })).statusCode).toBe(200);
  });

  it('lists nothing for an unknown or deleted patient (404)', async () => {
    const cookie = await signIn(t());
    expect((await listDocs(t(), cookie, 'nu-exista')).statusCode).toBe(404);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    expect((await listDocs(t(), cookie, deleted)).statusCode).toBe(404);
    const views = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'patient_documents_view')
      .execute();
    expect(views).toEqual([]);
  });

  it("records each reading of the patient's documents as a view of the record (who, which patient)", async () => {
    const { cookie, patientId } = await withPdf();
    expect((await listDocs(t(), cookie, patientId)).statusCode).toBe(200);
    const views = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'patient_id', 'user_email', 'ip'])
      .where('action', '=', 'patient_documents_view')
      .execute();
    expect(views).toEqual([
      {
        action: 'patient_documents_view',
        entity: 'patient',
        entity_id: patientId,
        patient_id: patientId,
        user_email: expect.any(String) as string,
        ip: '127.0.0.1',
      },
    ]);
  });

  it('serves the file inline for the page’s frame, or as a download under the saved name; each view audited', async () => {
    const { cookie, patientId, doc } = await withPdf();
    const inline = await call(t().app, { url: documentFilePath(patientId, doc.id), cookie });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="Consimtamant.pdf"; filename*=UTF-8''Consim%C8%9B%C4%83m%C3%A2nt.pdf`,
    );
    expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['cache-control']).toBe('private, no-store');
    const download = await call(t().app, { url: documentFilePath(patientId, doc.id, true), cookie });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Consimtamant.pdf"/);
    const views = (await documentAuditRows(t())).filter((row) => row.action === 'document_view');
    expect(views.map((row) => JSON.parse(row.details ?? '{}').download)).toEqual([false, true]);
    // A PDF has no thumbnail; an unknown document nothing.
    expect((await call(t().app, { url: documentThumbPath(patientId, doc.id), cookie })).statusCode).toBe(404);
    const unknown = documentFilePath(patientId, '6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f');
    expect((await call(t().app, { url: unknown, cookie })).statusCode).toBe(404);
    // Another patient's id in the address finds nothing.
    const other = await insertPatientRow(t().db);
    expect((await call(t().app, { url: documentFilePath(other, doc.id), cookie })).statusCode).toBe(404);
  });

  it('serves a picture re-encoded without metadata, and its thumbnail', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const picture = await addDoc(t(), cookie, patientId, docObj({ kind: 'radiografie', label: 'OPG' }), {
      fileName: 'opg.png',
      data: await xray(),
    });
    const file = await call(t().app, { url: documentFilePath(patientId, picture.id), cookie });
    expect(file.headers['content-type']).toBe('image/png');
    const thumb = await call(t().app, { url: documentThumbPath(patientId, picture.id), cookie });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
    // The generic picture route does not serve documents: only their own, checked and audited, routes do.
    const row = await t()
      .db.selectFrom('files')
      .select('name')
      .where('kind', '=', 'document')
      .executeTakeFirst();
    const generic = await call(t().app, { url: `/history-imgs/${patientId}/${row?.name ?? ''}`, cookie });
    expect(generic.statusCode).toBe(404);
  });
});
