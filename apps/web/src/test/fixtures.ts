import type { SessionResponse } from '@odonto/domain/contracts/auth';
import type { MockAnswer } from './mock-api';

/** A check-login answer for a user holding `roles`. */
export function sessionFor(roles: string[], nume = 'Dr. Ana Popescu'): SessionResponse {
  return {
    userCtx: { name: nume, roles },
    user: { _id: 'u1', nume, functie: roles[0] ?? '', email: 'ana@clinica.ro', telefon: '0722123456' },
  };
}

/** GET /api/check-login with nobody signed in: 204, no body. */
export const SIGNED_OUT: MockAnswer = { status: 204 };

/** The same from a server older than issue 19, which answered 401. */
export const SIGNED_OUT_LEGACY: MockAnswer = {
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Trebuie să vă autentificați.' } },
};

export const NO_SETUP: MockAnswer = { body: { needsSetup: false } };
