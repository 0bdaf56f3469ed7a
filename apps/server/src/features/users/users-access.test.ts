import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { call, errorOf, type CallOptions } from '../../../test/http';
import { deleteUserVia, signInWith, userFormBody, type SignedIn } from './users.test-support';

type Call = Omit<CallOptions, 'cookie'>;
const STAFF_ROLES = ['medic', 'asistent', 'sterilizare'] as const;

describeEachDialect('users API: who may call it', ({ build }) => {
  let t: TestApp;
  let admin: SignedIn;
  const staff = new Map<string, SignedIn>();
  beforeAll(async () => {
    t = await build();
    admin = await signInWith(t, ['admin']);
    for (const role of STAFF_ROLES) staff.set(role, await signInWith(t, [role]));
  });
  afterAll(async () => {
    await t.close();
  });

  const calls = (): Record<string, Call> => ({
    list: { method: 'POST', url: '/api/get-utilizatori', body: { page: 0 } },
    save: { method: 'POST', url: '/api/save-utilizator', body: userFormBody() },
    update: {
      method: 'POST',
      url: `/api/update-utilizator/${admin.user.id}`,
      body: { ...userFormBody(), version: 1 },
    },
    resend: { method: 'POST', url: `/api/resend-invitation/${admin.user.id}` },
    delete: { url: `/api/delete-user/${encodeURIComponent(admin.user.email)}/${admin.user.id}` },
  });
  const names = ['list', 'save', 'update', 'resend', 'delete'];

  it.each(names)('%s answers 401 when signed out', async (name) => {
    const response = await call(t.app, calls()[name] ?? { url: '' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });
  });

  it.each(STAFF_ROLES.flatMap((role) => names.map((name) => [role, name] as const)))(
    'a %s gets 403 on %s and nothing changes',
    async (role, name) => {
      const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
      const response = await call(t.app, {
        ...(calls()[name] ?? { url: '' }),
        cookie: staff.get(role)?.cookie,
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'forbidden', message: MESSAGES.forbidden });
      expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
    },
  );

  it('an admin holding another role too gets through', async () => {
    const both = await signInWith(t, ['medic', 'admin']);
    const response = await call(t.app, { ...calls()['list'], cookie: both.cookie } as CallOptions);
    expect(response.statusCode).toBe(200);
  });

  it('refuses the deleting GET without the CSRF header (403), and a write call too', async () => {
    const target = await signInWith(t, ['asistent']);
    const withoutHeader = await deleteUserVia(t.app, admin.cookie, target.user.email, target.user.id, {
      withoutCsrfHeader: true,
    });
    expect(withoutHeader.statusCode).toBe(403);
    expect(errorOf(withoutHeader)).toEqual({ code: 'csrf', message: MESSAGES.csrf });
    const crossSite = await call(t.app, {
      url: `/api/delete-user/${encodeURIComponent(target.user.email)}/${target.user.id}`,
      cookie: admin.cookie,
      headers: { origin: 'https://rau.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const save = await call(t.app, {
      method: 'POST',
      url: '/api/save-utilizator',
      cookie: admin.cookie,
      body: userFormBody(),
      withoutCsrfHeader: true,
    });
    expect(save.statusCode).toBe(403);
    const still = await t.db.selectFrom('users').select('id').where('id', '=', target.user.id).execute();
    expect(still).toHaveLength(1);
  });
});
