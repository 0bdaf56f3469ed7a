import { describe, expect, it } from 'vitest';
import { deleteUserParams, USER_MESSAGES, userForm, userListRequest, userUpdate } from './users';

describe('userForm', () => {
  const valid = { nume: 'Ana Pop', email: 'ana@clinica.ro', roles: ['asistent'] };

  it('fills the defaults of a minimal form: active, no phone, no function', () => {
    expect(userForm.parse(valid)).toEqual({ ...valid, telefon: '', functie: '', active: true });
  });

  it.each([
    ['spaces are removed from the phone', { telefon: '0722 123 456' }, { telefon: '0722123456' }],
    ['an international phone keeps its plus', { telefon: '+40 722 123 456' }, { telefon: '+40722123456' }],
    ['the email is trimmed and lower-cased', { email: ' Ana@Clinica.RO ' }, { email: 'ana@clinica.ro' }],
    [
      'a role ticked twice counts once',
      { roles: ['medic', 'admin', 'medic'] },
      { roles: ['medic', 'admin'] },
    ],
    ['the name is trimmed', { nume: '  Dr. Ana Pop  ' }, { nume: 'Dr. Ana Pop' }],
  ])('%s', (_name, change, expected) => {
    expect(userForm.parse({ ...valid, ...change })).toMatchObject(expected);
  });

  it.each([
    ['no role', { roles: [] }, 'roles', USER_MESSAGES.noRole],
    ['a role an admin cannot give', { roles: ['dinstitute_admin'] }, 'roles', USER_MESSAGES.unknownRole],
    ['an unknown role', { roles: ['director'] }, 'roles', USER_MESSAGES.unknownRole],
    ['an empty name', { nume: '  ' }, 'nume', 'Câmpul este obligatoriu.'],
    ['an empty email', { email: '' }, 'email', 'Câmpul este obligatoriu.'],
    ['a bad email', { email: 'ana@' }, 'email', 'Adresa de email nu este validă.'],
    ['letters in the phone', { telefon: '0722abc' }, 'telefon', USER_MESSAGES.phoneInvalid],
    ['a password', { password: 'secret-123' }, '', undefined],
  ])('rejects %s', (_name, change, path, message) => {
    const result = userForm.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (result.success || !path) return;
    expect(result.error.issues[0]?.path[0]).toBe(path);
    expect(result.error.issues[0]?.message).toBe(message);
  });
});

describe('userUpdate', () => {
  it('needs the version the form was loaded with', () => {
    const form = { nume: 'Ana', email: 'ana@clinica.ro', roles: ['medic'] };
    expect(userUpdate.safeParse(form).success).toBe(false);
    expect(userUpdate.parse({ ...form, version: 3 }).version).toBe(3);
  });
});

describe('userListRequest', () => {
  it.each([
    [{}, 0],
    [{ page: 2 }, 2],
  ])('%j is page %i', (body, page) => {
    expect(userListRequest.parse(body).page).toBe(page);
  });

  it.each([{ page: -1 }, { page: 1.5 }, { page: '1' }, { page: 0, size: 50 }])('rejects %j', (body) => {
    expect(userListRequest.safeParse(body).success).toBe(false);
  });
});

describe('deleteUserParams', () => {
  it('compares the email in lower case', () => {
    expect(deleteUserParams.parse({ email: 'Ana@Clinica.ro', userId: 'u1' })).toEqual({
      email: 'ana@clinica.ro',
      userId: 'u1',
    });
  });
});
