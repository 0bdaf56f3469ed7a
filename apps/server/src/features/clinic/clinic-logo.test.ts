import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { filesOnDisk, phoneJpeg, redBlue, transparentPng } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';

describeEachDialect('the clinic logo', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  const upload = (cookie: string | null, fileName: string, data: Uint8Array) =>
    postForm(t().app, '/api/clinic/logo', { file: { fileName, data } }, cookie);

  it('stores the logo re-encoded, serves it to every signed-in role and replaces it on the next upload', async () => {
    const admin = await signIn(['admin']);
    const first = await upload(admin, 'Sigla.JPG', await phoneJpeg());
    expect(first.statusCode, first.body).toBe(200);
    const { logo, version } = first.json<{ logo: string; version: number }>();
    expect(logo).toMatch(/^logo-[0-9a-f]{16}\.jpg$/);
    expect(version).toBe(1);

    const asistent = await signIn(['asistent']);
    const served = await call(t().app, { url: `/api/clinic/logo/${logo}`, cookie: asistent });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();

    const second = await upload(admin, 'sigla.png', await transparentPng());
    expect(second.statusCode, second.body).toBe(200);
    const next = second.json<{ logo: string; version: number }>();
    expect(next.logo).toMatch(/^logo-[0-9a-f]{16}\.png$/);
    expect(next.version).toBe(2);
    expect((await call(t().app, { url: `/api/clinic/logo/${logo}`, cookie: admin })).statusCode).toBe(404);
    expect(await filesOnDisk(t().dataDir)).toHaveLength(1);

    const actions = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'clinic_%')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['clinic_logo_save', 'clinic_logo_save']);
  });

  it('keeps the saved details when the logo changes, and the form version moves on', async () => {
    const admin = await signIn(['admin']);
    const saved = await call(t().app, {
      method: 'PUT',
      url: '/api/clinic',
      cookie: admin,
      body: { nume: 'Clinica Nouă', version: 0 },
    });
    expect(saved.statusCode).toBe(200);
    const response = await upload(admin, 'logo.gif', await redBlue('gif'));
    expect(response.json()).toMatchObject({ nume: 'Clinica Nouă', version: 2 });
    const stale = await call(t().app, {
      method: 'PUT',
      url: '/api/clinic',
      cookie: admin,
      body: { nume: 'Alta', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes the logo (its file too), then answers 404 for a second delete', async () => {
    const admin = await signIn(['admin']);
    const { logo } = (await upload(admin, 'logo.png', await redBlue('png'))).json<{ logo: string }>();
    const removed = await call(t().app, { method: 'DELETE', url: '/api/clinic/logo', cookie: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ logo: null, version: 2 });
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect((await call(t().app, { url: `/api/clinic/logo/${logo}`, cookie: admin })).statusCode).toBe(404);

    const again = await call(t().app, { method: 'DELETE', url: '/api/clinic/logo', cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe('Clinica nu are siglă.');
  });

  it('answers 415 for another extension or content that is not an image, 400 without a file', async () => {
    const admin = await signIn(['admin']);
    const pdf = await upload(admin, 'logo.pdf', Buffer.from('%PDF-1.4 not an image'));
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf).message).toBe('Format fisier nesuportat.');
    const fake = await upload(admin, 'logo.png', Buffer.from('definitely not a PNG file at all'));
    expect(fake.statusCode).toBe(415);
    const empty = await postForm(t().app, '/api/clinic/logo', { note: 'x' }, admin);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Alegeți o imagine pentru siglă.');
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
  });

  it('answers 401 signed out and 403 to the other roles; the image only to signed-in users', async () => {
    const png = await redBlue('png');
    expect((await upload(null, 'logo.png', png)).statusCode).toBe(401);
    expect((await call(t().app, { method: 'DELETE', url: '/api/clinic/logo' })).statusCode).toBe(401);
    for (const roles of [['medic'], ['asistent'], ['sterilizare']]) {
      const cookie = await signIn(roles);
      expect((await upload(cookie, 'logo.png', png)).statusCode).toBe(403);
      expect((await call(t().app, { method: 'DELETE', url: '/api/clinic/logo', cookie })).statusCode).toBe(
        403,
      );
    }
    const { logo } = (await upload(await signIn(['admin']), 'logo.png', png)).json<{ logo: string }>();
    expect((await call(t().app, { url: `/api/clinic/logo/${logo}` })).statusCode).toBe(401);
    const sterilizare = await signIn(['sterilizare']);
    expect((await call(t().app, { url: `/api/clinic/logo/${logo}`, cookie: sterilizare })).statusCode).toBe(
      200,
    );
    expect((await call(t().app, { url: '/api/clinic/logo/alt.png', cookie: sterilizare })).statusCode).toBe(
      404,
    );
  });
});
