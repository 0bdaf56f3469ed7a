import type { User, UserListResponse } from '@odonto/domain/contracts/users';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';

/** Test data and mocks of the users screen's tests (not a test file itself). */

export type Handler = MockAnswer | ((request: { url: string; method: string; body: unknown }) => MockAnswer);

export function makeUser(overrides: Partial<User> = {}): User {
  const roles = overrides.roles ?? ['medic'];
  return {
    _id: 'u9',
    nume: 'Dr. Radu Pop',
    email: 'radu.pop@clinica.ro',
    telefon: '0744000111',
    functie: 'Medic stomatolog',
    roles,
    rol: roles[0] ?? '',
    active: true,
    createdAt: '2026-03-01T09:00:00.000Z',
    version: 3,
    hasPassword: true,
    ...overrides,
  };
}

/** Page `page` (from 0) of `total` users named 'Utilizator 01', 'Utilizator 02', … */
export function userPage(page: number, total: number): UserListResponse {
  const first = page * 10;
  const count = Math.max(0, Math.min(10, total - first));
  return {
    utilizatori: Array.from({ length: count }, (_, i) => {
      const n = String(first + i + 1).padStart(2, '0');
      return makeUser({ _id: `u${n}`, nume: `Utilizator ${n}`, email: `u${n}@clinica.ro` });
    }),
    isNextPage: first + 10 < total,
  };
}

/** Answers the page the request asks for, out of `total` users. */
export function pagedUsers(total: number): Handler {
  return ({ body }) => ({ body: userPage((body as { page: number }).page, total) });
}

/** The API of a signed-in user with `roles` (the session user's id is 'u1'). */
export function usersApi(roles: string[], list: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles, 'Andreea Popescu') },
    'POST /api/get-utilizatori': list,
    ...extra,
  });
}

export function bodiesOf(calls: { method: string; url: string; body: unknown }[], url: string): unknown[] {
  return calls.filter((call) => call.url === url).map((call) => call.body);
}
