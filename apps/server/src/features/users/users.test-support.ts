import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { User, UserFormInput } from '@odonto/domain/contracts/users';
import type { App } from '../../app-types';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';

/** Test helpers of the users API suites (not a test file itself). */

export interface SignedIn {
  user: CreatedUser;
  cookie: string;
}

/** Creates an account with the roles (an admin unless told) and signs it in. */
export async function signInWith(t: TestApp, roles: string[] = ['admin'], nume?: string): Promise<SignedIn> {
  const user = await createUser(t.db, { roles, ...(nume ? { nume } : {}) });
  return { user, cookie: await loginAs(t.app, user.email, user.password) };
}

let sequence = 0;

export function userFormBody(overrides: Partial<UserFormInput> = {}): UserFormInput {
  sequence += 1;
  return {
    nume: `Maria Nouă ${sequence}`,
    email: `maria.noua.${sequence}.${Date.now()}@clinica.test`,
    telefon: '0744 555 666',
    functie: 'Asistentă',
    roles: ['asistent'],
    active: true,
    ...overrides,
  };
}

export function saveUser(app: App, cookie: string | null, body: unknown): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: '/api/save-utilizator', cookie, body });
}

/** Saves through the API and answers the created user (fails the test on anything but 201). */
export async function createUserVia(
  app: App,
  cookie: string,
  overrides: Partial<UserFormInput> = {},
): Promise<User> {
  const response = await saveUser(app, cookie, userFormBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<User>();
}

export function updateUserVia(
  app: App,
  cookie: string | null,
  id: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: `/api/update-utilizator/${encodeURIComponent(id)}`, cookie, body });
}

/** The user's form as it was loaded, with changes: what the edit modal sends. */
export function editOf(user: User, changes: Partial<UserFormInput> = {}): Record<string, unknown> {
  return {
    nume: user.nume,
    email: user.email,
    telefon: user.telefon,
    functie: user.functie,
    roles: user.roles,
    active: user.active,
    version: user.version,
    ...changes,
  };
}

export function listUsers(app: App, cookie: string | null, body: unknown): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: '/api/get-utilizatori', cookie, body });
}

export function deleteUserVia(
  app: App,
  cookie: string | null,
  email: string,
  id: string,
  options: { withoutCsrfHeader?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return call(app, {
    url: `/api/delete-user/${encodeURIComponent(email)}/${encodeURIComponent(id)}`,
    cookie,
    ...options,
  });
}

/** The user as the list shows it now (fails the test when the account is not listed). */
export async function findListed(app: App, cookie: string, id: string): Promise<User> {
  for (let page = 0; page < 100; page++) {
    const response = await listUsers(app, cookie, { page });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ utilizatori: User[]; isNextPage: boolean }>();
    const found = body.utilizatori.find((item) => item._id === id);
    if (found) return found;
    if (!body.isNextPage) break;
  }
  throw new Error(`user ${id} is not listed`);
}

export async function userAuditRows(t: TestApp) {
  return t.db.selectFrom('audit_log').selectAll().where('action', 'like', 'user_%').orderBy('id').execute();
}
