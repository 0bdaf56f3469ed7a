import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { pictureName, pictureThumbnailPath, picturePath } from '@odonto/domain/contracts/history-pictures';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { filesOnDisk, redBlue } from '../../../test/stored-files';
import { HISTORY_SERVER_MESSAGES as TEXT } from './history-messages';
import {
  asObj,
  getPatient,
  historyAuditRows,
  medicWithPatient,
  saveHistory,
  saveVia,
  treatment,
  updateHistory,
} from './history.test-support';

describeEachDialect('history: treatment pictures', ({ useApp, dialect }) => {
  const t = useApp();

  async function withEntry() {
    const { cookie, patientId } = await medicWithPatient(t());
    const [entry] = (await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6')))
      .history;
    if (!entry) throw new Error('not saved');
    const before = pictureName(entry.id, 4821, 'inainte.jpg');
    const after = pictureName(entry.id, 77, 'după.png');
    return { cookie, patientId, entry, before, after };
  }

  async function withPictures() {
    const setup = await withEntry();
    const { cookie, patientId, entry, before, after } = setup;
    const response = await updateHistory(
      t(),
      cookie,
      patientId,
      {
        ...asObj(entry),
        pics: [
          { name: before, w: 0, h: 0, index: 0 },
          { name: after, w: 0, h: 0, index: 1 },
        ],
      },
      {
        [before]: { fileName: 'IMG_0001.JPG', data: await redBlue('jpeg'), type: 'image/jpeg' },
        [after]: { fileName: 'poza.png', data: await redBlue('png'), type: 'image/png' },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { ...setup, updated: response.json<PatientHistoryEntry>() };
  }

  const fetchPicture = (path: string, cookie: string | null) => call(t().app, { url: path, cookie });

  it('stores a before and an after picture with the entry, served with thumbnails to signed-in staff', async () => {
    const { cookie, patientId, before, after, updated } = await withPictures();
    expect(updated.pics).toEqual([
      { name: before, w: 120, h: 80, index: 0 },
      { name: after, w: 120, h: 80, index: 1 },
    ]);
    expect(updated.version).toBe(2);
    expect((await getPatient(t(), cookie, patientId)).history[0]?.pics).toEqual(updated.pics);

    const original = await fetchPicture(picturePath(patientId, before), cookie);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const thumbnail = await fetchPicture(pictureThumbnailPath(patientId, after), cookie);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(pictureThumbnailPath(patientId, after)).toBe(`/history-imgs/${patientId}/thumb-${after}.png`);
    expect((await fetchPicture(picturePath(patientId, before), null)).statusCode).toBe(401);
    expect(await filesOnDisk(t().dataDir)).toHaveLength(4);
    const [row] = (await historyAuditRows(t())).slice(-1);
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      picturesAdded: [before, after],
      picturesRemoved: [],
    });
  });

  it('takes pictures with a new entry too', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const name = pictureName(1_772_438_400_000, 5, 'inainte.jpg');
    const response = await saveHistory(
      t(),
      cookie,
      patientId,
      treatment('extracție dentară', '3.8', { pics: [{ name, w: 1, h: 1, index: 0 }] }),
      { [name]: { fileName: 'rx.jpg', data: await redBlue('jpeg') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ history: PatientHistoryEntry[] }>().history[0]?.pics).toEqual([
      { name, w: 120, h: 80, index: 0 },
    ]);
    expect((await fetchPicture(picturePath(patientId, name), cookie)).statusCode).toBe(200);
  });

  it('deletes a removed picture’s files only once the save commits', async () => {
    const { cookie, patientId, before, after, updated } = await withPictures();
    const keepBefore = { ...asObj(updated), pics: updated.pics.filter((pic) => pic.name === before) };
    // A save that fails inside its transaction (an unknown treatment) removes nothing.
    const failed = await updateHistory(t(), cookie, patientId, {
      ...keepBefore,
      denumire: 'tratament inventat',
      deleted: [after],
    });
    expect(failed.statusCode).toBe(400);
    expect((await fetchPicture(picturePath(patientId, after), cookie)).statusCode).toBe(200);
    expect(await filesOnDisk(t().dataDir)).toHaveLength(4);

    const saved = await updateHistory(
      t(),
      cookie,
      patientId,
      { ...keepBefore, pics: [], deleted: [after] },
      {
        deleted: JSON.stringify([before]),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PatientHistoryEntry>()).toMatchObject({ pics: [], deleted: [], version: 3 });
    for (const name of [before, after]) {
      expect((await fetchPicture(picturePath(patientId, name), cookie)).statusCode).toBe(404);
      expect((await fetchPicture(pictureThumbnailPath(patientId, name), cookie)).statusCode).toBe(404);
    }
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    const rows = await t().db.selectFrom('history_pictures').select(['name', 'deleted_at']).execute();
    expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
    // A name once used is never reused, even for a deleted picture.
    const reused = await updateHistory(
      t(),
      cookie,
      patientId,
      { ...asObj(saved.json()), pics: [{ name: after, w: 0, h: 0, index: 0 }] },
      { [after]: { fileName: 'poza.png', data: await redBlue('png') } },
    );
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).message).toBe(TEXT.pictureNameTaken(after));
  });

  it('leaves no file and no row when the save fails', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    if (dialect === 'sqlite') {
      await sql`create trigger fail_picture before insert on history_pictures
              begin select raise(abort, 'disc plin'); end`.execute(t().db);
    } else {
      await sql`create function fail_picture() returns trigger language plpgsql as
              $$ begin raise exception 'disc plin'; end $$`.execute(t().db);
      await sql`create trigger fail_picture before insert on history_pictures
              for each row execute function fail_picture()`.execute(t().db);
    }
    const name = pictureName(1_772_438_400_000, 5, 'inainte.jpg');
    const response = await saveHistory(
      t(),
      cookie,
      patientId,
      treatment('implant dentar', '3.6', { pics: [{ name, w: 0, h: 0, index: 0 }] }),
      { [name]: { fileName: 'rx.jpg', data: await redBlue('jpeg') } },
    );
    expect(response.statusCode).toBe(500);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect(await t().db.selectFrom('files').select('id').execute()).toEqual([]);
    expect(await t().db.selectFrom('history_entries').select('id').execute()).toEqual([]);
    expect(await historyAuditRows(t())).toEqual([]);
  });

  it('answers 415 for what is no picture, 400 for files and names that do not match obj.pics', async () => {
    const { cookie, patientId, entry, before } = await withEntry();
    const pics = (...names: string[]) => ({
      ...asObj(entry),
      pics: names.map((name, index) => ({ name, w: 0, h: 0, index })),
    });
    const jpeg = { fileName: 'poza.jpg', data: await redBlue('jpeg') };
    const update = (obj: unknown, parts: Parameters<typeof updateHistory>[4] = {}) =>
      updateHistory(t(), cookie, patientId, obj, parts);

    const notImage = await update(pics(before), {
      [before]: { fileName: 'poza.jpg', data: randomBytes(64) },
    });
    expect(notImage.statusCode).toBe(415);
    expect(errorOf(notImage).message).toBe(TEXT.fileFormat);
    const pdf = await update(pics(before), {
      [before]: { fileName: 'scrisoare.pdf', data: randomBytes(64) },
    });
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf).message).toBe(TEXT.fileFormat);

    const other = pictureName(entry.id, 1, 'radiografie.jpg');
    const cases: [unknown, Parameters<typeof updateHistory>[4], string][] = [
      [pics(before), {}, TEXT.pictureFileMissing(before)],
      [pics(), { [before]: jpeg }, TEXT.pictureNotListed(before)],
      [pics(other), { [other]: jpeg }, TEXT.pictureKind],
      [{ ...pics(before), deleted: [before] }, { [before]: jpeg }, TEXT.pictureKeptAndDeleted],
      [pics(before, before), { [before]: jpeg }, TEXT.pictureTwice],
      [
        { ...pics(), pics: [{ name: before, w: 0, h: 0, index: 2 ** 31 }] },
        { [before]: jpeg },
        TEXT.pictureIndex,
      ],
    ];
    for (const [obj, parts, message] of cases) {
      const response = await update(obj, parts);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response)).toMatchObject({ message, fields: { pics: message } });
    }
    const badName = await update({ ...pics(), pics: [{ name: '../etc/passwd', w: 0, h: 0, index: 0 }] });
    expect(badName.statusCode).toBe(400);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect((await getPatient(t(), cookie, patientId)).history[0]).toMatchObject({ pics: [], version: 1 });
  });
});

describeEachDialect('history: a picture above UPLOAD_MAX_MB', ({ useApp }) => {
  const t = useApp({ env: { UPLOAD_MAX_MB: '0.01' } });

  it('answers 413 in Romanian and stores nothing', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const name = pictureName(1_772_438_400_000, 5, 'dupa.jpg');
    const response = await saveHistory(
      t(),
      cookie,
      patientId,
      treatment('implant dentar', '3.6', { pics: [{ name, w: 0, h: 0, index: 0 }] }),
      { [name]: { fileName: 'mare.jpg', data: randomBytes(20_000) } },
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe('Fișierul este prea mare (maxim 0,01 MB).');
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect((await getPatient(t(), cookie, patientId)).history).toEqual([]);
  });
});
