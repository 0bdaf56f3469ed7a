import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { filesOnDisk, insertPatientRow, redBlue } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';

describeEachDialect(
  'GET /history-imgs/{patientId}/{name}, POST /api/delete-avatar-img',
  ({ useApp, dialect }) => {
    const t = useApp();

    async function signIn(roles: string[]): Promise<string> {
      const user = await createUser(t().db, { roles });
      return loginAs(t().app, user.email, user.password);
    }

    async function withAvatar(cookie: string): Promise<{ patientId: string; name: string }> {
      const patientId = await insertPatientRow(t().db);
      const response = await postForm(
        t().app,
        '/api/save-avatar-img',
        { id: patientId, file: { fileName: 'poza.png', data: await redBlue('png') } },
        cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      return { patientId, name: response.json<{ name: string }>().name };
    }

    it('serves the picture to staff who may read patients: type, nosniff, private cache', async () => {
      const { patientId, name } = await withAvatar(await signIn(['medic']));
      const response = await call(t().app, {
        url: `/history-imgs/${patientId}/${name}`,
        cookie: await signIn(['asistent']),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=86400',
      });
      expect(response.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    });

    it('answers 401 signed out, 403 to sterilisation staff and 404 for an unknown name or patient', async () => {
      const { patientId, name } = await withAvatar(await signIn(['medic']));
      const signedOut = await call(t().app, { url: `/history-imgs/${patientId}/${name}` });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.headers['content-type']).toContain('application/json');
      const sterilizare = await call(t().app, {
        url: `/history-imgs/${patientId}/${name}`,
        cookie: await signIn(['sterilizare']),
      });
      expect(sterilizare.statusCode).toBe(403);

      const cookie = await signIn(['medic']);
      for (const url of [`/history-imgs/${patientId}/avatar-0000.jpg`, `/history-imgs/alt-pacient/${name}`]) {
        const response = await call(t().app, { url, cookie, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).message).toBe('Fișierul nu a fost găsit.');
      }
    });

    it("hides a deleted patient's pictures from everyone but admins", async () => {
      const { patientId, name } = await withAvatar(await signIn(['medic']));
      await t().db.updateTable('patients').set({ deleted_at: '2026-03-02T10:00:00.000Z' }).execute();
      const url = `/history-imgs/${patientId}/${name}`;
      expect((await call(t().app, { url, cookie: await signIn(['medic']) })).statusCode).toBe(404);
      expect((await call(t().app, { url, cookie: await signIn(['admin']) })).statusCode).toBe(200);
    });

    it('deletes the current avatar: clears it, bumps the version, removes both files', async () => {
      const cookie = await signIn(['asistent']);
      const { patientId, name } = await withAvatar(cookie);
      t().clock.advanceMinutes(1);
      const response = await call(t().app, {
        method: 'POST',
        url: '/api/delete-avatar-img',
        cookie,
        body: { id: patientId, name },
      });

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true, version: 3 });
      const patient = await t()
        .db.selectFrom('patients')
        .select(['avatar', 'version', 'updated_at'])
        .executeTakeFirst();
      expect(patient).toEqual({ avatar: null, version: 3, updated_at: '2026-03-02T09:01:00.000Z' });
      expect(await filesOnDisk(t().dataDir)).toEqual([]);
      for (const file of [name, `thumb-${name}.png`]) {
        expect((await call(t().app, { url: `/history-imgs/${patientId}/${file}`, cookie })).statusCode).toBe(
          404,
        );
      }
      const audit = await t()
        .db.selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'avatar_delete')
        .execute();
      expect(audit).toHaveLength(1);

      const again = await call(t().app, {
        method: 'POST',
        url: '/api/delete-avatar-img',
        cookie,
        body: { id: patientId, name },
      });
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).message).toBe('Imaginea nu a fost găsită.');
    });

    it('refuses a thumbnail name, an unknown patient, a bad body, and callers without write:patient', async () => {
      const cookie = await signIn(['medic']);
      const { patientId, name } = await withAvatar(cookie);
      const remove = (body: unknown, as: string | null = cookie) =>
        call(t().app, { method: 'POST', url: '/api/delete-avatar-img', cookie: as, body });

      expect((await remove({ id: patientId, name: `thumb-${name}.png` })).statusCode).toBe(404);
      const unknown = await remove({ id: 'nu-exista', name });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe('Pacientul nu a fost găsit.');
      expect((await remove({ id: patientId })).statusCode).toBe(400);
      expect((await remove({ id: patientId, name, extra: 1 })).statusCode).toBe(400);
      expect((await remove({ id: patientId, name }, null)).statusCode).toBe(401);
      expect((await remove({ id: patientId, name }, await signIn(['sterilizare']))).statusCode).toBe(403);
      expect(await filesOnDisk(t().dataDir)).toHaveLength(2);
    });

    it('leaves no file behind when the database write fails', async () => {
      const cookie = await signIn(['medic']);
      const patientId = await insertPatientRow(t().db);
      if (dialect === 'sqlite') {
        await sql`create trigger fail_avatar before update of avatar on patients
                begin select raise(abort, 'disc plin'); end`.execute(t().db);
      } else {
        await sql`create function fail_avatar() returns trigger language plpgsql as
                $$ begin raise exception 'disc plin'; end $$`.execute(t().db);
        await sql`create trigger fail_avatar before update of avatar on patients
                for each row execute function fail_avatar()`.execute(t().db);
      }
      const response = await postForm(
        t().app,
        '/api/save-avatar-img',
        { id: patientId, file: { fileName: 'poza.jpg', data: await redBlue('jpeg') } },
        cookie,
      );
      expect(response.statusCode).toBe(500);
      expect(errorOf(response).message).toBe('Eroare server.');
      expect(await filesOnDisk(t().dataDir)).toEqual([]);
      expect(await t().db.selectFrom('files').select('id').execute()).toEqual([]);
      expect(
        await t().db.selectFrom('audit_log').select('id').where('action', '=', 'avatar_save').execute(),
      ).toEqual([]);
    });
  },
);
