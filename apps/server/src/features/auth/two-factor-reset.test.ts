import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { enableTotp } from '../../../test/two-factor';

describeEachDialect("an admin resets a user's TOTP: /api/users/{id}/two-factor", ({ useApp }) => {
  const t = useApp();

  it('shows whether TOTP is on and removes it; the user signs in with the password again', async () => {
    const admin = await createUser(t().db, { roles: ['admin'] });
    const adminCookie = await loginAs(t().app, admin.email, admin.password);
    const medic = await createUser(t().db, { roles: ['medic'] });
    await enableTotp(t(), await loginAs(t().app, medic.email, medic.password));

    const before = await call(t().app, { url: `/api/users/${medic.id}/two-factor`, cookie: adminCookie });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ enabled: true });

    const reset = await call(t().app, {
      method: 'DELETE',
      url: `/api/users/${medic.id}/two-factor`,
      cookie: adminCookie,
    });
    expect(reset.statusCode).toBe(204);
    const after = await call(t().app, { url: `/api/users/${medic.id}/two-factor`, cookie: adminCookie });
    expect(after.json()).toEqual({ enabled: false });
    expect(await t().db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    const rows = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'two_factor_reset')
      .execute();
    expect(rows).toMatchObject([{ user_id: admin.id, entity_id: medic.id }]);

    await loginAs(t().app, medic.email, medic.password);
    const again = await call(t().app, {
      method: 'DELETE',
      url: `/api/users/${medic.id}/two-factor`,
      cookie: adminCookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for an unknown user, 401 without a session, 403 to a role that does not manage users', async () => {
    const admin = await createUser(t().db, { roles: ['admin'] });
    const adminCookie = await loginAs(t().app, admin.email, admin.password);
    const unknown = await call(t().app, {
      method: 'DELETE',
      url: '/api/users/nimeni/two-factor',
      cookie: adminCookie,
    });
    expect(unknown.statusCode).toBe(404);

    const medic = await createUser(t().db, { roles: ['medic'] });
    expect((await call(t().app, { url: `/api/users/${medic.id}/two-factor` })).statusCode).toBe(401);
    expect(
      (await call(t().app, { method: 'DELETE', url: `/api/users/${medic.id}/two-factor` })).statusCode,
    ).toBe(401);
    const medicCookie = await loginAs(t().app, medic.email, medic.password);
    const read = await call(t().app, { url: `/api/users/${admin.id}/two-factor`, cookie: medicCookie });
    expect(read.statusCode).toBe(403);
    const forbidden = await call(t().app, {
      method: 'DELETE',
      url: `/api/users/${admin.id}/two-factor`,
      cookie: medicCookie,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('forbidden');
  });
});
