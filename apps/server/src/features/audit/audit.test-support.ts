import { expect } from 'vitest';
import type { AuditListResponse } from '@odonto/domain/contracts/audit';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { NewAuditLogRow } from '../../db/database';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';

/** Test helpers of the audit API suites (not a test file itself). */

export interface SignedIn {
  user: CreatedUser;
  cookie: string;
}

/** Creates an account with the roles and signs it in (which itself writes a 'login' row). */
export async function signInWith(t: TestApp, roles: string[], nume?: string): Promise<SignedIn> {
  const user = await createUser(t.db, { roles, ...(nume ? { nume } : {}) });
  return { user, cookie: await loginAs(t.app, user.email, user.password) };
}

export type SeedRow = Pick<NewAuditLogRow, 'action' | 'at'> & Partial<NewAuditLogRow>;

/** Inserts audit rows as they are, in one statement. */
export async function seedAudit(t: TestApp, rows: SeedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await t.db
    .insertInto('audit_log')
    .values(
      rows.map((row) => ({
        user_id: null,
        user_email: null,
        ip: '192.0.2.1',
        entity: null,
        entity_id: null,
        patient_id: null,
        details: null,
        ...row,
      })),
    )
    .execute();
}

export function auditUrl(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** GET /api/audit with the query; fails the test on anything but 200. */
export async function listAuditVia(
  t: TestApp,
  cookie: string,
  query: Record<string, string> = {},
): Promise<AuditListResponse> {
  const response = await call(t.app, { url: auditUrl('/api/audit', query), cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditListResponse>();
}

/** Saves a patient through the API (the caller needs write:patient). */
export async function createPatientVia(
  t: TestApp,
  cookie: string,
  names: { nume: string; prenume: string },
): Promise<Patient> {
  const response = await call(t.app, { method: 'POST', url: '/api/save-pacient', cookie, body: names });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Patient>();
}
