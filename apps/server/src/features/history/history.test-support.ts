import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bridgeGeometry } from '@odonto/domain/bridges';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import type { HistoryObj, SavePunteRequest } from '@odonto/domain/contracts/history';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm, type FormValue } from '../../../test/upload';

/** Test helpers of the history API suites (not a test file itself). */

export const TODAY = '2026-03-02';
export const DOCTOR = 'Dr. Ana Pop';

export type StaffRole = 'admin' | 'medic' | 'asistent' | 'sterilizare';

/** Creates an account with the role and answers its session cookie. */
export async function signIn(t: TestApp, role: StaffRole = 'medic'): Promise<string> {
  const user = await createUser(t.db, { roles: [role] });
  return loginAs(t.app, user.email, user.password);
}

/** A signed-in medic and a new patient's `_id`. */
export async function medicWithPatient(t: TestApp): Promise<{ cookie: string; patientId: string }> {
  return { cookie: await signIn(t), patientId: await insertPatientRow(t.db) };
}

/** The `obj` of a treatment on a tooth (null: whole mouth), as the modal sends it. */
export function treatment(
  denumire: string,
  dinte: string | null,
  extra: Partial<HistoryObj> = {},
): HistoryObj {
  return {
    id: Date.parse(`${TODAY}T08:00:00Z`),
    type: 'tratament',
    denumire,
    createdAt: TODAY,
    dinte: dinte as HistoryObj['dinte'],
    mapID: catalogueEntryByName(denumire)?.id ?? null,
    medic: DOCTOR,
    ...extra,
  };
}

/** The save-punte body for a bridge from `start` to `destination`, geometry as the modal computes it. */
export function punte(
  start: string,
  destination: string,
  extra: Partial<SavePunteRequest> = {},
): SavePunteRequest {
  const geometry = bridgeGeometry(start, destination);
  if (!geometry) throw new Error(`no bridge ${start}→${destination}`);
  return {
    type: 'punte',
    denumire: 'punte zirconiu',
    createdAt: TODAY,
    id: Date.parse(`${TODAY}T08:00:00Z`),
    fill: '#2F80C8',
    medic: DOCTOR,
    ...geometry,
    ...extra,
  };
}

export function saveHistory(
  t: TestApp,
  cookie: string | null,
  patientId: string,
  obj: unknown,
  files: Record<string, FormValue> = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const parts = { obj: JSON.stringify(obj), ...files };
  return postForm(t.app, `/api/save-history/${patientId}`, parts, cookie, headers);
}

export function updateHistory(
  t: TestApp,
  cookie: string | null,
  patientId: string,
  obj: unknown,
  parts: Record<string, FormValue> = {},
): Promise<LightMyRequestResponse> {
  return postForm(t.app, `/api/update-history/${patientId}`, { obj: JSON.stringify(obj), ...parts }, cookie);
}

/** Saves through the API and answers the patient (fails the test on any answer but 201). */
export async function saveVia(t: TestApp, cookie: string, patientId: string, obj: unknown): Promise<Patient> {
  const response = await saveHistory(t, cookie, patientId, obj);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Patient>();
}

export function savePunte(t: TestApp, cookie: string | null, patientId: string, body: unknown) {
  return call(t.app, { method: 'POST', url: `/api/save-punte/${patientId}`, cookie, body });
}

export async function getPatient(t: TestApp, cookie: string, patientId: string): Promise<Patient> {
  const response = await call(t.app, { url: `/api/get-pacient/${patientId}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Patient>();
}

/** The entry as an update sends it back: SPEC's fields, its version, nothing the server adds. */
export function asObj(entry: PatientHistoryEntry): HistoryObj & { version: number } {
  const { updated_at: _updatedAt, ...obj } = entry;
  return obj;
}

/** `[denumire, dinte]` of each entry, in the order given. */
export function summary(history: readonly PatientHistoryEntry[]): [string, string | null][] {
  return history.map((entry) => [entry.denumire, entry.dinte]);
}

export async function historyAuditRows(t: TestApp) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'in', [
      'history_create',
      'history_update',
      'history_delete',
      'history_cancel',
      'bridge_create',
      'bridge_delete',
      'tooth_toggle',
    ])
    .orderBy('id')
    .execute();
}
