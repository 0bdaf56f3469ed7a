import { beforeEach, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { issuePasswordToken } from '../auth/password.service';
import {
  deleteUserVia,
  editOf,
  findListed,
  signInWith,
  updateUserVia,
  type SignedIn,
} from './users.test-support';

describeEachDialect('users API: deactivation and deletion end access at once', ({ useApp }) => {
  const t = useApp();
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await signInWith(t(), ['admin']);
  });

  // Any call that needs a session (GET /api/check-login answers 204, not 401, without one).
  const nextCall = (cookie: string) => call(t().app, { url: '/api/places', cookie });
  const sessionsOf = (userId: string) =>
    t().db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

  it('deactivating ends every open session of the user (their next call is 401)', async () => {
    const doctor = await createUser(t().db, { roles: ['medic'] });
    const laptop = await loginAs(t().app, doctor.email, doctor.password);
    const tablet = await loginAs(t().app, doctor.email, doctor.password);
    expect((await nextCall(laptop)).statusCode).toBe(200);
    await issuePasswordToken({ db: t().db, now: t().clock.now }, doctor.id, 'reset');

    const listed = await findListed(t().app, admin.cookie, doctor.id);
    const response = await updateUserVia(t().app, admin.cookie, doctor.id, editOf(listed, { active: false }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ active: false, version: 2 });

    expect(await sessionsOf(doctor.id)).toEqual([]);
    expect(await t().db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    for (const cookie of [laptop, tablet]) {
      const answer = await nextCall(cookie);
      expect(answer.statusCode).toBe(401);
      expect(errorOf(answer).message).toBe(MESSAGES.unauthenticated);
    }
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user_update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toEqual({ fields: ['active'], version: 2, endedSessions: 2 });
    expect((await nextCall(admin.cookie)).statusCode).toBe(200);
  });

  it('a deactivated user cannot sign in; reactivated, they can again', async () => {
    const doctor = await createUser(t().db, { roles: ['medic'] });
    const listed = await findListed(t().app, admin.cookie, doctor.id);
    await updateUserVia(t().app, admin.cookie, doctor.id, editOf(listed, { active: false }));
    const refused = await call(t().app, {
      method: 'POST',
      url: '/api/login',
      body: { email: doctor.email, password: doctor.password },
    });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(MESSAGES.inactiveAccount);

    const inactive = await findListed(t().app, admin.cookie, doctor.id);
    const back = await updateUserVia(t().app, admin.cookie, doctor.id, editOf(inactive, { active: true }));
    expect(back.statusCode).toBe(200);
    await loginAs(t().app, doctor.email, doctor.password);
  });

  it('get-medici no longer lists a deactivated doctor', async () => {
    const doctor = await createUser(t().db, { nume: 'Dr. Vlad Pop', roles: ['medic'] });
    const medici = async () =>
      (await call(t().app, { url: '/api/get-medici', cookie: admin.cookie })).json<{ _id: string }[]>();
    expect((await medici()).map((item) => item._id)).toEqual([doctor.id]);
    const listed = await findListed(t().app, admin.cookie, doctor.id);
    await updateUserVia(t().app, admin.cookie, doctor.id, editOf(listed, { active: false }));
    expect(await medici()).toEqual([]);
  });

  it('deleting ends the user’s sessions too', async () => {
    const assistant = await createUser(t().db, { roles: ['asistent'] });
    const cookie = await loginAs(t().app, assistant.email, assistant.password);
    const response = await deleteUserVia(t().app, admin.cookie, assistant.email, assistant.id);
    expect(response.statusCode).toBe(200);
    expect(await sessionsOf(assistant.id)).toEqual([]);
    expect((await nextCall(cookie)).statusCode).toBe(401);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user_delete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ endedSessions: 1 });
  });
});
