import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Appointment, AppointmentInput } from '@odonto/domain/contracts/appointments';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';

/** Test helpers of the appointments suites (not a test file itself). The test clock starts 2026-03-02 09:00Z. */

/** A clinic day after the test clock's "now", and one before it. */
export const DAY = '2026-03-05';
export const PAST_DAY = '2026-02-20';

export interface Clinic {
  cookie: string;
  doctor: CreatedUser;
  patientId: string;
}

/** A signed-in medic who is also the doctor, and a patient with a mobile number. */
export async function clinic(t: TestApp, telefon = '0722 123 456'): Promise<Clinic> {
  const doctor = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Ana Pop' });
  const patientId = await insertPatientRow(t.db);
  await t.db.updateTable('patients').set({ telefon }).where('id', '=', patientId).execute();
  return { cookie: await loginAs(t.app, doctor.email, doctor.password), doctor, patientId };
}

export async function signInAs(t: TestApp, role: string): Promise<string> {
  const user = await createUser(t.db, { roles: [role] });
  return loginAs(t.app, user.email, user.password);
}

/** The form as the modal sends it: `DAY` from h1:m1 to h2:m2 with the doctor. */
export function form(
  medicId: string,
  from: [number, number] = [10, 0],
  to: [number, number] = [10, 30],
  extra: Partial<AppointmentInput> = {},
): AppointmentInput {
  return {
    createdAt: DAY,
    trimite_sms: true,
    deLa: { ora: from[0], minute: from[1] },
    panaLa: { ora: to[0], minute: to[1] },
    medicId,
    nota: 'control',
    ...extra,
  };
}

export function save(t: TestApp, c: Pick<Clinic, 'cookie' | 'patientId'>, body: unknown) {
  return call(t.app, { method: 'POST', url: `/api/save-programare/${c.patientId}`, cookie: c.cookie, body });
}

export function update(t: TestApp, c: Pick<Clinic, 'cookie' | 'patientId'>, body: unknown) {
  return call(t.app, { method: 'PUT', url: `/api/update-programare/${c.patientId}`, cookie: c.cookie, body });
}

export function remove(t: TestApp, c: Pick<Clinic, 'cookie' | 'patientId'>, body: unknown) {
  return call(t.app, {
    method: 'POST',
    url: `/api/sterge-programare/${c.patientId}`,
    cookie: c.cookie,
    body,
  });
}

/** Books and answers the new appointment (the only one of `DAY` at that hour). */
export async function book(
  t: TestApp,
  c: Clinic,
  body: AppointmentInput = form(c.doctor.id),
): Promise<Appointment> {
  const response = await save(t, c, body);
  expect(response.statusCode, response.body).toBe(201);
  const list = response.json<Appointment[]>();
  const found = list.find(
    (item) =>
      item.createdAt === body.createdAt &&
      item.deLa.ora === body.deLa.ora &&
      item.deLa.minute === body.deLa.minute,
  );
  if (!found) throw new Error('booked appointment not in the answer');
  return found;
}

/** The SMS outbox rows about an appointment, oldest first. */
export async function reminderRows(t: TestApp, appointmentId: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('ref_id', '=', appointmentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function json(response: LightMyRequestResponse): Appointment[] {
  return response.json<Appointment[]>();
}

/** Signs the doctor in again: moving the test clock by hours ends the old session. */
export async function signInAgain(t: TestApp, c: Clinic): Promise<Clinic> {
  return { ...c, cookie: await loginAs(t.app, c.doctor.email, c.doctor.password) };
}

/** The location every database starts with (migration 0028). */
export async function firstLocationId(t: TestApp): Promise<string> {
  const row = await t.db.selectFrom('locations').select('id').orderBy('position').executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a location straight in the database (the admin routes are another feature's). */
export async function addLocation(t: TestApp, name: string, isClosed = false): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const last = await t.db
    .selectFrom('locations')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  await t.db
    .insertInto('locations')
    .values({
      id,
      name,
      address: '',
      phone: '',
      opens_at: null,
      closes_at: null,
      position: Number(last?.position ?? 0) + 1,
      archived_at: isClosed ? at : null,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  return id;
}

/** Adds a chair of a location straight in the database. */
export async function addChair(
  t: TestApp,
  locationId: string,
  name: string,
  isClosed = false,
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await t.db
    .insertInto('chairs')
    .values({
      id,
      location_id: locationId,
      name,
      position: 1,
      archived_at: isClosed ? at : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
