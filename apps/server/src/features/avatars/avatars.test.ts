import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import {
  bmp,
  filesOnDisk,
  hasGpsTag,
  insertPatientRow,
  phoneJpeg,
  redBlue,
  transparentPng,
} from '../../../test/stored-files';
import { postForm } from '../../../test/upload';

const HEIC = readFileSync(join(import.meta.dirname, '../../files/__fixtures__/red-blue-gps.heic'));
const FORMAT_ERROR = 'Format document nesuportat.';

const upload = (id: string, fileName: string, data: Uint8Array) => ({ id, file: { fileName, data } });

describeEachDialect('POST /api/save-avatar-img', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[] = ['asistent']): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  async function fetchImage(cookie: string, patientId: string, name: string): Promise<Buffer> {
    const response = await call(t().app, { url: `/history-imgs/${patientId}/${name}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  }

  it('stores a PNG as the avatar with its thumbnail, answers the name and bumps the patient', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'Poza.PNG', await redBlue('png')),
      cookie,
    );

    expect(response.statusCode, response.body).toBe(200);
    const { name, thumb, version } = response.json<{ name: string; thumb: string; version: number }>();
    expect(name).toMatch(/^avatar-[0-9a-f]{16}\.jpg$/);
    expect(thumb).toBe(`thumb-${name}.png`);
    expect(version).toBe(2);
    const patient = await t()
      .db.selectFrom('patients')
      .select(['avatar', 'version', 'updated_at'])
      .executeTakeFirst();
    expect(patient).toEqual({ avatar: name, version: 2, updated_at: '2026-03-02T09:00:00.000Z' });

    const main = await sharp(await fetchImage(cookie, patientId, name)).metadata();
    expect(main).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    const small = await sharp(await fetchImage(cookie, patientId, thumb)).metadata();
    expect(small).toMatchObject({ format: 'png', width: 256, height: 256 });

    const rows = await t()
      .db.selectFrom('files')
      .select(['kind', 'name', 'content_type'])
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { kind: 'avatar', name, content_type: 'image/jpeg' },
      { kind: 'avatar-thumb', name: thumb, content_type: 'image/png' },
    ]);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'patient_id'])
      .where('action', '=', 'avatar_save')
      .execute();
    expect(audit).toEqual([{ action: 'avatar_save', patient_id: patientId }]);
  });

  it('keeps a transparent PNG as PNG', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'logo.png', await transparentPng()),
      cookie,
    );
    expect(response.json<{ name: string }>().name).toMatch(/^avatar-[0-9a-f]{16}\.png$/);
  });

  it('stores a phone JPEG upright, without its EXIF and GPS', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const input = await phoneJpeg();
    expect(hasGpsTag((await sharp(input).metadata()).exif)).toBe(true);

    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'IMG_0001.jpeg', input),
      cookie,
    );
    const { name } = response.json<{ name: string }>();
    const stored = await sharp(await fetchImage(cookie, patientId, name)).metadata();
    expect(stored).toMatchObject({ width: 80, height: 120 });
    expect(stored.exif).toBeUndefined();
  });

  it('converts a HEIC photo (HEVC) to JPEG, and takes AVIF-in-HEIF named .heic too', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const heic = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'IMG_1234.HEIC', HEIC),
      cookie,
    );
    expect(heic.statusCode, heic.body).toBe(200);
    const fromHeic = await sharp(
      await fetchImage(cookie, patientId, heic.json<{ name: string }>().name),
    ).metadata();
    expect(fromHeic).toMatchObject({ format: 'jpeg', width: 96, height: 64 });
    expect(fromHeic.exif).toBeUndefined();

    const avif = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'poza.heic', await redBlue('avif')),
      cookie,
    );
    expect(avif.statusCode, avif.body).toBe(200);
    expect(avif.json<{ name: string }>().name).toMatch(/\.jpg$/);
  });

  it('replaces the previous avatar: its files are deleted and its address answers 404', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const first = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'a.gif', await redBlue('gif')),
      cookie,
    );
    const second = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'b.jpg', await redBlue('jpeg')),
      cookie,
    );
    const { name: old } = first.json<{ name: string }>();
    const { name, version } = second.json<{ name: string; version: number }>();

    expect(version).toBe(3);
    expect((await call(t().app, { url: `/history-imgs/${patientId}/${old}`, cookie })).statusCode).toBe(404);
    const live = await t()
      .db.selectFrom('files')
      .select('name')
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
    expect(live.map((row) => row.name)).toEqual([name, `thumb-${name}.png`]);
    expect(await filesOnDisk(t().dataDir)).toHaveLength(2);
  });

  it.each([
    ['another extension', 'scan.pdf', () => redBlue('png')],
    ['no extension', 'poza', () => redBlue('png')],
    ['a renamed text file', 'poza.jpg', async () => Buffer.from('acesta este un text, nu o fotografie')],
  ])(
    'answers 415 "Format document nesuportat." for %s, and stores nothing',
    async (_label, fileName, make) => {
      const cookie = await signIn();
      const patientId = await insertPatientRow(t().db);
      const response = await postForm(
        t().app,
        '/api/save-avatar-img',
        upload(patientId, fileName, await make()),
        cookie,
      );
      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toEqual({ code: 'unsupported_media', message: FORMAT_ERROR });
      expect(await filesOnDisk(t().dataDir)).toEqual([]);
      expect(await t().db.selectFrom('patients').select('avatar').executeTakeFirst()).toEqual({
        avatar: null,
      });
    },
  );

  it('stores a BMP (decoded by the server) as a JPEG avatar, and refuses a compressed BMP with a clear 415', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'desen.BMP', bmp()),
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { name } = response.json<{ name: string }>();
    const stored = sharp(await fetchImage(cookie, patientId, name));
    expect(await stored.metadata()).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
    const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs((data[0] ?? 0) - 0x80)).toBeLessThan(8);

    const rle = bmp();
    rle.writeUInt32LE(1, 30);
    const refused = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'scan.bmp', rle),
      cookie,
    );
    expect(refused.statusCode).toBe(415);
    expect(errorOf(refused).message).toMatch(/BMP/);
  });

  it('answers 422 for a damaged image', async () => {
    const cookie = await signIn();
    const patientId = await insertPatientRow(t().db);
    const cut = (await redBlue('jpeg', 400, 300)).subarray(0, 400);
    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'taiat.jpg', cut),
      cookie,
    );
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe('Imaginea nu poate fi citită; fișierul pare deteriorat.');
  });

  it('answers 404 for an unknown or deleted patient, 400 without id or file', async () => {
    const cookie = await signIn();
    const png = await redBlue('png');
    const unknown = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload('nu-exista', 'a.png', png),
      cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Pacientul nu a fost găsit.');
    const deletedId = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    expect(
      (await postForm(t().app, '/api/save-avatar-img', upload(deletedId, 'a.png', png), cookie)).statusCode,
    ).toBe(404);

    const noId = await postForm(
      t().app,
      '/api/save-avatar-img',
      { file: { fileName: 'a.png', data: png } },
      cookie,
    );
    expect(noId.statusCode).toBe(400);
    expect(errorOf(noId).fields).toEqual({ id: 'Pacientul lipsește.' });
    const patientId = await insertPatientRow(t().db);
    const noFile = await postForm(t().app, '/api/save-avatar-img', { id: patientId }, cookie);
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).message).toBe('Alegeți o imagine.');
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('answers 401 signed out and 403 to sterilisation staff', async () => {
    const patientId = await insertPatientRow(t().db);
    const png = await redBlue('png');
    expect(
      (await postForm(t().app, '/api/save-avatar-img', upload(patientId, 'a.png', png), null)).statusCode,
    ).toBe(401);
    const sterilizare = await signIn(['sterilizare']);
    const forbidden = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'a.png', png),
      sterilizare,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describeEachDialect('POST /api/save-avatar-img above UPLOAD_MAX_MB', ({ useApp }) => {
  const t = useApp({ env: { UPLOAD_MAX_MB: '0.01' } });

  it('answers 413 in Romanian and stores nothing', async () => {
    const user = await createUser(t().db, { roles: ['medic'] });
    const cookie = await loginAs(t().app, user.email, user.password);
    const patientId = await insertPatientRow(t().db);
    const big = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await postForm(
      t().app,
      '/api/save-avatar-img',
      upload(patientId, 'mare.png', big),
      cookie,
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({
      code: 'too_large',
      message: 'Fișierul este prea mare (maxim 0,01 MB).',
    });
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });
});
