import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestApp } from '../../test/build-test-app';
import { filesOnDisk, insertPatientRow } from '../../test/stored-files';
import { listPatientFiles } from './files.queries';
import {
  changeFiles,
  deleteFiles,
  readStoredFile,
  storeFile,
  type FileStore,
  type NewStoredFile,
} from './store';

const BYTES = new TextEncoder().encode('conținutul unui document');

function storeOf(t: TestApp): FileStore {
  return { db: t.db, blobs: t.blobs, now: t.clock.now };
}

function newFile(patientId: string | null, name: string): NewStoredFile {
  return { patientId, kind: 'document', name, contentType: 'text/plain', data: BYTES, createdBy: null };
}

describeEachDialect('stored files', ({ useApp }) => {
  const t = useApp();

  it('stores the bytes under a random name with their size and sha256, and reads them back', async () => {
    const patientId = await insertPatientRow(t().db);
    const row = await storeFile(storeOf(t()), newFile(patientId, 'nota.txt'));

    expect(row).toMatchObject({
      patient_id: patientId,
      name: 'nota.txt',
      kind: 'document',
      size: BYTES.byteLength,
      sha256: createHash('sha256').update(BYTES).digest('hex'),
      created_at: '2026-03-02T09:00:00.000Z',
      deleted_at: null,
    });
    expect(row.disk_name).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(row.disk_name).not.toContain('nota');
    expect(await filesOnDisk(t().dataDir)).toEqual([row.disk_name]);
    expect(await readStoredFile(t(), row)).toEqual(Buffer.from(BYTES));
    expect(await listPatientFiles(t().db, patientId)).toEqual([row]);
  });

  it('leaves neither a row nor a file when the transaction fails', async () => {
    const patientId = await insertPatientRow(t().db);
    await expect(
      changeFiles(
        storeOf(t()),
        { add: [newFile(patientId, 'a.txt'), newFile(patientId, 'b.txt')] },
        async () => {
          throw new Error('the patient update failed');
        },
      ),
    ).rejects.toThrow('the patient update failed');

    expect(await t().db.selectFrom('files').selectAll().execute()).toEqual([]);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('removes the new bytes when the database refuses the row (a name taken for that patient)', async () => {
    const patientId = await insertPatientRow(t().db);
    const first = await storeFile(storeOf(t()), newFile(patientId, 'acelasi.txt'));
    await expect(storeFile(storeOf(t()), newFile(patientId, 'acelasi.txt'))).rejects.toThrow();
    await expect(storeFile(storeOf(t()), newFile('pacient-inexistent', 'x.txt'))).rejects.toThrow();

    expect(await filesOnDisk(t().dataDir)).toEqual([first.disk_name]);
    expect(await t().db.selectFrom('files').select('name').execute()).toEqual([{ name: 'acelasi.txt' }]);
  });

  it('marks deleted files and unlinks their bytes only after the transaction commits', async () => {
    const patientId = await insertPatientRow(t().db);
    const kept = await storeFile(storeOf(t()), newFile(patientId, 'ramane.txt'));
    const gone = await storeFile(storeOf(t()), newFile(patientId, 'pleaca.txt'));

    // A failed removal keeps both the row and the bytes.
    await expect(
      changeFiles(storeOf(t()), { remove: [gone] }, async () => {
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await filesOnDisk(t().dataDir)).length).toBe(2);

    t().clock.advanceMinutes(5);
    await deleteFiles(storeOf(t()), [gone]);
    expect(await filesOnDisk(t().dataDir)).toEqual([kept.disk_name]);
    expect(await listPatientFiles(t().db, patientId)).toEqual([kept]);
    const row = await t()
      .db.selectFrom('files')
      .select('deleted_at')
      .where('id', '=', gone.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBe('2026-03-02T09:05:00.000Z');
    expect(await readStoredFile(t(), gone)).toBeNull();
  });
});
