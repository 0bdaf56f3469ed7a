import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Patient, PatientInput } from '@odonto/domain/contracts/patients';
import type { App } from '../../app-types';
import type { Database } from '../../db/database';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';

/** Test helpers of the patient API suites (not a test file itself). */

export type StaffRole = 'admin' | 'medic' | 'asistent' | 'sterilizare';

/** Creates an account with the role and answers its session cookie. */
export async function signIn(t: TestApp, role: StaffRole, nume?: string): Promise<string> {
  const user = await createUser(t.db, { roles: [role], ...(nume ? { nume } : {}) });
  return loginAs(t.app, user.email, user.password);
}

export function patientForm(overrides: Partial<PatientInput> = {}): PatientInput {
  return { nume: 'Popescu', prenume: 'Ion', telefon: '0722123456', ...overrides };
}

export function savePatient(app: App, cookie: string, body: unknown): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: '/api/save-pacient', cookie, body });
}

/** Saves through the API and answers the patient (fails the test on any other answer than 201). */
export async function createPatientVia(
  app: App,
  cookie: string,
  overrides: Partial<PatientInput> = {},
): Promise<Patient> {
  const response = await savePatient(app, cookie, patientForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Patient>();
}

export interface ListAnswer {
  pacienti: { _id: string; id: number; nume: string; prenume: string; createdAt: string }[];
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
}

export async function listVia(
  app: App,
  cookie: string,
  query: Record<string, string> = {},
): Promise<ListAnswer> {
  const response = await call(app, { url: `/api/pacienti?${new URLSearchParams(query).toString()}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}

export async function auditRows(t: TestApp) {
  return t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'patient').orderBy('id').execute();
}

/** The distinct runs of `from` to `to` digits inside the digits a key ends with (its phone's). */
function digitRuns(key: string, from = 4, to = 6): Set<string> {
  const phone = /[0-9]*$/.exec(key)?.[0] ?? '';
  const runs = new Set<string>();
  for (let size = from; size <= to; size++)
    for (let start = 0; start + size <= phone.length; start++) runs.add(phone.slice(start, start + size));
  return runs;
}

/**
 * PostgreSQL's runs of six digits per key (migration 0036), as `run:file number`, sorted: as the table
 * keeps them, and as they are, worked out here from the search keys of the patients not deleted.
 */
export async function digitRunsBothWays(
  db: Kysely<Database>,
): Promise<{ kept: string[]; recounted: string[] }> {
  const keys = await sql<{ key: string; n: number }>`
    select search_key as key, rowid as n from patients_search`.execute(db);
  const recounted = keys.rows.flatMap(({ key, n }) =>
    [...digitRuns(key, 6, 6)].map((run) => `${run}:${Number(n)}`),
  );
  const kept = await sql<{
    run: string;
    n: number;
  }>`select run, rowid as n from patients_search_runs`.execute(db);
  return { kept: kept.rows.map((row) => `${row.run}:${Number(row.n)}`).sort(), recounted: recounted.sort() };
}

/**
 * The counts per run of digits (migration 0035) as the table keeps them (the runs held by some key), and
 * as they are: recounted here from the search keys of the patients not deleted.
 */
export async function digitCountsBothWays(
  db: Kysely<Database>,
): Promise<{ kept: Map<string, number>; recounted: Map<string, number> }> {
  const keys = await sql<{ key: string }>`select search_key as key from patients_search`.execute(db);
  const recounted = new Map<string, number>();
  for (const run of keys.rows.flatMap(({ key }) => [...digitRuns(key)]))
    recounted.set(run, (recounted.get(run) ?? 0) + 1);
  const kept = await sql<{ digits: string; total: number }>`
    select digits, total from patients_search_digits where total <> 0`.execute(db);
  return { kept: new Map(kept.rows.map((row) => [row.digits, Number(row.total)])), recounted };
}
