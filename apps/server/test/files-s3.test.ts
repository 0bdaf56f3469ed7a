import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { beforeEach, expect, it } from 'vitest';
import { documentFilePath } from '@odonto/domain/contracts/documents';
import { pictureName, picturePath } from '@odonto/domain/contracts/history-pictures';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { addDoc, docObj, PDF, staffWithPatient } from '../src/features/documents/documents.test-support';
import { patientWithRecord, signIn } from '../src/features/gdpr/gdpr.test-support';
import {
  asObj,
  medicWithPatient,
  saveVia,
  treatment,
  updateHistory,
} from '../src/features/history/history.test-support';
import { loadConfig } from '../src/config';
import { listPatientFiles } from '../src/files/files.queries';
import { createS3BlobStore } from '../src/files/s3-blob-store';
import { changeFiles, readStoredFile, storeFile } from '../src/files/store';
import { describeEachDialect } from './build-test-app';
import { call } from './http';
import { filesOnDisk, insertPatientRow, redBlue } from './stored-files';
import { postForm } from './upload';
import { useS3Server } from './s3-server';

const PREFIX = 'clinica/';
const KEY = /^clinica\/[0-9a-f]{2}\/[0-9a-f]{32}$/;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describeEachDialect('stored files on S3-compatible storage', ({ useApp }) => {
  const s3 = useS3Server();
  let bucket = '';
  let env = {};
  beforeEach(async () => {
    ({ bucket, env } = await s3().newBucket(PREFIX));
  });
  const t = useApp(() => ({ env }));

  it('stores an avatar as objects in the bucket, serves the same bytes, and deletes the objects with it', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const saved = await postForm(
      t().app,
      '/api/save-avatar-img',
      { id: patientId, file: { fileName: 'poza.png', data: await redBlue('png') } },
      cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { name } = saved.json<{ name: string }>();

    const rows = await listPatientFiles(t().db, patientId);
    expect(rows.map((row) => row.kind).sort()).toEqual(['avatar', 'avatar-thumb']);
    const keys = await s3().keys(bucket);
    expect(keys).toEqual(rows.map((row) => `${PREFIX}${row.disk_name}`).sort());
    for (const key of keys) expect(key).toMatch(KEY);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);

    const avatar = rows.find((row) => row.name === name);
    if (!avatar) throw new Error('avatar row missing');
    const served = await call(t().app, { url: `/history-imgs/${patientId}/${name}`, cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(avatar.size));
    expect(sha256(served.rawPayload)).toBe(avatar.sha256);
    expect(served.rawPayload.equals(await s3().bytes(bucket, `${PREFIX}${avatar.disk_name}`))).toBe(true);

    const deleted = await call(t().app, {
      method: 'POST',
      url: '/api/delete-avatar-img',
      cookie,
      body: { id: patientId, name },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3().keys(bucket)).toEqual([]);
    expect((await call(t().app, { url: `/history-imgs/${patientId}/${name}`, cookie })).statusCode).toBe(404);
  });

  it('stores a document and treatment pictures in the bucket and serves them back byte for byte', async () => {
    const { cookie, patientId } = await staffWithPatient(t());
    const doc = await addDoc(t(), cookie, patientId, docObj(), { fileName: 'scan.pdf', data: PDF });
    const fetched = await call(t().app, { url: documentFilePath(patientId, doc.id), cookie });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);

    const [entry] = (await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6')))
      .history;
    if (!entry) throw new Error('not saved');
    const picture = pictureName(entry.id, 1, 'inainte.jpg');
    const jpeg = await redBlue('jpeg');
    const updated = await updateHistory(
      t(),
      cookie,
      patientId,
      { ...asObj(entry), pics: [{ name: picture, w: 0, h: 0, index: 0 }] },
      { [picture]: { fileName: 'IMG_0001.JPG', data: jpeg, type: 'image/jpeg' } },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<PatientHistoryEntry>().pics).toHaveLength(1);

    const rows = await t().db.selectFrom('files').selectAll().execute();
    // The PDF, the picture and its thumbnail.
    expect(rows).toHaveLength(3);
    expect(await s3().keys(bucket)).toEqual(rows.map((row) => `${PREFIX}${row.disk_name}`).sort());
    for (const row of rows) {
      expect(sha256(await s3().bytes(bucket, `${PREFIX}${row.disk_name}`))).toBe(row.sha256);
    }
    const served = await call(t().app, { url: picturePath(patientId, picture), cookie });
    expect(served.statusCode).toBe(200);
    const stored = rows.find((row) => row.name === picture);
    expect(stored && sha256(served.rawPayload)).toBe(stored?.sha256);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('keeps no object when the transaction fails, and answers 404 for an object gone from the bucket', async () => {
    const patientId = await insertPatientRow(t().db);
    const store = { db: t().db, blobs: t().blobs, now: t().clock.now };
    const file = {
      patientId,
      kind: 'document',
      name: 'nota.txt',
      contentType: 'text/plain',
      data: new TextEncoder().encode('notă'),
      createdBy: null,
    };
    await expect(
      changeFiles(store, { add: [file] }, async () => {
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await s3().keys(bucket)).toEqual([]);
    expect(await t().db.selectFrom('files').selectAll().execute()).toEqual([]);

    const row = await storeFile(store, { ...file, kind: 'avatar', name: 'avatar.jpg' });
    expect(await readStoredFile(t(), row)).toEqual(Buffer.from(file.data));
    await t().blobs.remove(row.disk_name);
    expect(await readStoredFile(t(), row)).toBeNull();
    const { cookie } = await medicWithPatient(t());
    const missing = await call(t().app, { url: `/history-imgs/${patientId}/avatar.jpg`, cookie });
    expect(missing.statusCode).toBe(404);
  });

  it("streams a patient's files from the bucket into the GDPR export", async () => {
    const medic = await signIn(t(), ['medic'], 'Dr. Ana Ionescu');
    const admin = await signIn(t(), ['admin']);
    const { patientId, picture, png } = await patientWithRecord(t(), medic.id, admin.cookie);
    expect((await s3().keys(bucket)).length).toBeGreaterThanOrEqual(3);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);

    const response = await call(t().app, {
      url: `/api/pacienti/${patientId}/export-gdpr`,
      cookie: medic.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(await zip.file('imagini-tratamente/inainte-1.jpg')?.async('nodebuffer')).toEqual(picture);
    expect(await zip.file('semnaturi/semnatura-1.png')?.async('nodebuffer')).toEqual(png);
  });

  it('tells a missing object from a missing bucket: only the first is "no bytes"', async () => {
    const config = loadConfig({ ...env, ODONTO_S3_BUCKET: 'odonto-nu-exista' }).s3;
    if (!config) throw new Error('no S3 configuration');
    const wrong = createS3BlobStore(config);
    try {
      await expect(wrong.open('ab/ab01')).rejects.toThrow();
      await expect(wrong.put('ab/ab01', new Uint8Array([1]), 1)).rejects.toThrow();
    } finally {
      wrong.close();
    }
    expect(await t().blobs.open('ab/ab01')).toBeNull();
    expect(await t().blobs.has('ab/ab01')).toBe(false);
    await t().blobs.remove('ab/ab01');
  });
});
