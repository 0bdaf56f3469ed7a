import { beforeEach, expect, it } from 'vitest';
import { USER_MESSAGES, userUpdate, type User, type UserFormInput } from '@odonto/domain/contracts/users';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import type { AppError } from '../../plugins/errors';
import { deleteUser, updateUser } from './users.service';
import {
  deleteUserVia,
  editOf,
  findListed,
  signInWith,
  updateUserVia,
  type SignedIn,
} from './users.test-support';

describeEachDialect('users API: nobody locks the clinic out', ({ useApp }) => {
  const t = useApp();
  let admin: SignedIn;
  let self: User;
  beforeEach(async () => {
    admin = await signInWith(t(), ['admin', 'medic'], 'Andreea Admin');
    self = await findListed(t().app, admin.cookie, admin.user.id);
  });

  const depsOf = () => ({
    db: t().db,
    dialect: t().dialect,
    now: t().clock.now,
    publicUrl: t().config.publicUrl,
    clinicName: t().config.clinicName,
    mailer: t().app.mailer,
    log: t().app.log,
  });

  it('refuses to let an admin take away their own admin role (409, field roles)', async () => {
    const response = await updateUserVia(t().app, admin.cookie, self._id, editOf(self, { roles: ['medic'] }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'conflict',
      message: USER_MESSAGES.selfDemote,
      fields: { roles: USER_MESSAGES.selfDemote },
    });
    expect((await findListed(t().app, admin.cookie, self._id)).roles).toEqual(['admin', 'medic']);
  });

  it('refuses to let an admin deactivate themselves (409, field active)', async () => {
    const response = await updateUserVia(t().app, admin.cookie, self._id, editOf(self, { active: false }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).fields).toEqual({ active: USER_MESSAGES.selfDeactivate });
  });

  it('lets an admin edit the rest of their own account', async () => {
    const response = await updateUserVia(
      t().app,
      admin.cookie,
      self._id,
      editOf(self, { nume: 'Andreea Popescu', roles: ['medic', 'admin'] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>()).toMatchObject({ nume: 'Andreea Popescu', rol: 'medic' });
  });

  it('refuses to let an admin delete their own account (409)', async () => {
    const response = await deleteUserVia(t().app, admin.cookie, admin.user.email, admin.user.id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(USER_MESSAGES.selfDelete);
    expect(await t().db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('lets one admin demote, deactivate or delete another while one active admin remains', async () => {
    const other = await createUser(t().db, { roles: ['admin'] });
    const listed = await findListed(t().app, admin.cookie, other.id);
    const demoted = await updateUserVia(
      t().app,
      admin.cookie,
      other.id,
      editOf(listed, { roles: ['medic'] }),
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    const deleted = await deleteUserVia(t().app, admin.cookie, other.email, other.id);
    expect(deleted.statusCode).toBe(200);
  });

  it('keeps the installer’s dinstitute_admin role, which the form cannot show', async () => {
    const owner = await createUser(t().db, { roles: ['dinstitute_admin', 'medic'] });
    const listed = await findListed(t().app, admin.cookie, owner.id);
    const response = await updateUserVia(
      t().app,
      admin.cookie,
      owner.id,
      editOf(listed, { roles: ['medic'] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>().roles).toEqual(['medic', 'dinstitute_admin']);
  });

  // Through HTTP the acting admin is always an active admin too, so the last-admin rule only bites when two
  // admins remove each other at once; the service is called as the second of them, already demoted.
  it('refuses to demote, deactivate or delete the last active admin', async () => {
    const other = await createUser(t().db, { roles: ['medic'] });
    const actor = { userId: other.id, userEmail: other.email, ip: '127.0.0.1' };
    const form = (changes: Partial<UserFormInput>) => userUpdate.parse(editOf(self, changes));
    const refusals: [() => Promise<unknown>, string][] = [
      [() => updateUser(depsOf(), actor, self._id, form({ roles: ['medic'] })), 'roles'],
      [() => updateUser(depsOf(), actor, self._id, form({ active: false })), 'active'],
      [() => deleteUser(depsOf(), actor, self.email, self._id), '_'],
    ];
    for (const [attempt, field] of refusals) {
      const error = (await attempt().catch((caught: unknown) => caught)) as AppError;
      expect(error.statusCode).toBe(409);
      expect(error.message).toBe(USER_MESSAGES.lastAdmin);
      expect(error.extra.fields).toEqual({ [field]: USER_MESSAGES.lastAdmin });
    }
    expect(await findListed(t().app, admin.cookie, self._id)).toEqual(self);
  });

  it('counts a deactivated admin out: the only active admin stays', async () => {
    await createUser(t().db, { roles: ['admin'], active: false });
    const other = await createUser(t().db, { roles: ['medic'] });
    const actor = { userId: other.id, userEmail: other.email, ip: '127.0.0.1' };
    const attempt = deleteUser(depsOf(), actor, self.email, self._id);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: USER_MESSAGES.lastAdmin });
  });
});
