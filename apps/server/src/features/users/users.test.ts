import { beforeEach, expect, it } from 'vitest';
import { USER_MESSAGES, type User } from '@odonto/domain/contracts/users';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import {
  createUserVia,
  deleteUserVia,
  editOf,
  findListed,
  saveUser,
  signInWith,
  updateUserVia,
  userAuditRows,
  userFormBody,
  type SignedIn,
} from './users.test-support';

describeEachDialect('users API: create, update, delete', ({ useApp }) => {
  const t = useApp();
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await signInWith(t(), ['admin'], 'Andreea Admin');
  });

  it('creates an account without a password (201) and answers it as the list shows it', async () => {
    const response = await saveUser(t().app, admin.cookie, {
      nume: '  Ioana Vlad ',
      email: 'Ioana.Vlad@Clinica.TEST',
      telefon: '0744 123 456',
      functie: 'Asistentă șefă',
      roles: ['asistent', 'sterilizare'],
      active: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<User>();
    expect(created).toEqual({
      _id: expect.any(String),
      nume: 'Ioana Vlad',
      email: 'ioana.vlad@clinica.test',
      telefon: '0744123456',
      functie: 'Asistentă șefă',
      roles: ['asistent', 'sterilizare'],
      rol: 'asistent',
      active: true,
      createdAt: '2026-03-02T09:00:00.000Z',
      version: 1,
      hasPassword: false,
    });
    // The list adds where each user works (issue 14; none: every location).
    expect(await findListed(t().app, admin.cookie, created._id)).toEqual({ ...created, locationIds: [] });
    const stored = await t()
      .db.selectFrom('users')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirst();
    expect(stored?.password_hash).toBeNull();
    const audit = await userAuditRows(t());
    expect(audit.map((row) => [row.action, row.user_id, row.entity_id])).toEqual([
      ['user_create', admin.user.id, created._id],
      ['user_invite', admin.user.id, created._id],
    ]);
  });

  it.each([
    ['a body that is no form', [1, 2], '_'],
    ['an unknown field (a password)', { ...userFormBody(), password: 'Parola-123456' }, 'password'],
    ['no role', userFormBody({ roles: [] }), 'roles'],
    ['a role an admin cannot give', userFormBody({ roles: ['dinstitute_admin' as 'admin'] }), 'roles.0'],
    ['a bad email', userFormBody({ email: 'nu-e-email' }), 'email'],
    ['a missing name', userFormBody({ nume: ' ' }), 'nume'],
    ['letters in the phone', userFormBody({ telefon: '07ab' }), 'telefon'],
  ])('answers 400 for %s, with the field and a Romanian message', async (_name, body, field) => {
    const response = await saveUser(t().app, admin.cookie, body);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Datele trimise nu sunt valide.');
    if (field !== '_') expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await t().db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const response = await call(t().app, {
      method: 'POST',
      url: '/api/save-utilizator',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/json' },
      body: '{"nume": "Ana",',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_input');
  });

  it('names the missing role in Romanian', async () => {
    const response = await saveUser(t().app, admin.cookie, userFormBody({ roles: [] }));
    expect(errorOf(response).fields).toEqual({ roles: USER_MESSAGES.noRole });
  });

  it('answers 409 for an email that already has an account, whatever its case', async () => {
    const first = await createUserVia(t().app, admin.cookie, { email: 'dan@clinica.test' });
    const again = await saveUser(t().app, admin.cookie, userFormBody({ email: ' DAN@Clinica.test' }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'conflict',
      message: USER_MESSAGES.emailTaken,
      fields: { email: USER_MESSAGES.emailTaken },
    });
    const rows = await t()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', 'dan@clinica.test')
      .execute();
    expect(rows).toEqual([{ id: first._id }]);
  });

  it('updates the form, bumps the version and audits the changed fields', async () => {
    const created = await createUserVia(t().app, admin.cookie, { roles: ['asistent'] });
    t().clock.advanceMinutes(5);
    const response = await updateUserVia(
      t().app,
      admin.cookie,
      created._id,
      editOf(created, { functie: 'Medic rezident', roles: ['medic', 'asistent'], telefon: '0755 000 111' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>()).toEqual({
      ...created,
      functie: 'Medic rezident',
      roles: ['medic', 'asistent'],
      rol: 'medic',
      telefon: '0755000111',
      version: 2,
    });
    const update = (await userAuditRows(t())).find((row) => row.action === 'user_update');
    expect(update?.entity_id).toBe(created._id);
    expect(JSON.parse(update?.details ?? '{}')).toEqual({
      fields: ['telefon', 'functie', 'roles'],
      version: 2,
    });
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const created = await createUserVia(t().app, admin.cookie);
    const first = await updateUserVia(t().app, admin.cookie, created._id, editOf(created, { functie: 'A' }));
    expect(first.statusCode).toBe(200);
    const second = await updateUserVia(t().app, admin.cookie, created._id, editOf(created, { functie: 'B' }));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({ code: 'conflict', message: USER_MESSAGES.stale });
    expect((await findListed(t().app, admin.cookie, created._id)).functie).toBe('A');
  });

  it('answers 409 when the new email belongs to another account, and keeps an unchanged one', async () => {
    const ana = await createUserVia(t().app, admin.cookie, { email: 'ana@clinica.test' });
    const dan = await createUserVia(t().app, admin.cookie, { email: 'dan@clinica.test' });
    const taken = await updateUserVia(
      t().app,
      admin.cookie,
      dan._id,
      editOf(dan, { email: 'ANA@clinica.test' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ email: USER_MESSAGES.emailTaken });
    const same = await updateUserVia(t().app, admin.cookie, ana._id, editOf(ana, { nume: 'Ana Maria' }));
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a form without its version', async () => {
    const missing = await updateUserVia(t().app, admin.cookie, 'nu-exista', {
      ...userFormBody(),
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: USER_MESSAGES.notFound });
    const created = await createUserVia(t().app, admin.cookie);
    const noVersion = await updateUserVia(t().app, admin.cookie, created._id, userFormBody());
    expect(noVersion.statusCode).toBe(400);
    expect(errorOf(noVersion).fields).toHaveProperty('version');
  });

  it('deletes an account named by its email and id, and audits it', async () => {
    const created = await createUserVia(t().app, admin.cookie, { email: 'plecat@clinica.test' });
    const response = await deleteUserVia(t().app, admin.cookie, 'Plecat@Clinica.test', created._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: created._id });
    expect(await t().db.selectFrom('users').select('id').where('id', '=', created._id).execute()).toEqual([]);
    expect(await t().db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    const deleted = (await userAuditRows(t())).find((row) => row.action === 'user_delete');
    expect(deleted).toMatchObject({ entity_id: created._id, user_email: admin.user.email });
    expect(JSON.parse(deleted?.details ?? '{}')).toMatchObject({ email: 'plecat@clinica.test' });

    const again = await deleteUserVia(t().app, admin.cookie, 'plecat@clinica.test', created._id);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a delete whose email does not name the user (400), or is no email', async () => {
    const created = await createUserVia(t().app, admin.cookie);
    const other = await createUser(t().db, { roles: ['asistent'] });
    const mismatch = await deleteUserVia(t().app, admin.cookie, other.email, created._id);
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).message).toBe(USER_MESSAGES.emailMismatch);
    const invalid = await deleteUserVia(t().app, admin.cookie, 'nu-e-email', created._id);
    expect(invalid.statusCode).toBe(400);
    expect(await t().db.selectFrom('users').selectAll().execute()).toHaveLength(3);
  });
});
