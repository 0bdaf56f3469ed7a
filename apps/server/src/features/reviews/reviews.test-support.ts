import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { ReviewRequest } from '@odonto/domain/contracts/reviews';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';

/** Test helpers of the reviews API suites (not a test file itself). */

export interface SignedIn {
  user: CreatedUser;
  cookie: string;
}

/** Creates an account with the roles and signs it in. */
export async function signInWith(t: TestApp, roles: string[], nume?: string): Promise<SignedIn> {
  const user = await createUser(t.db, { roles, ...(nume ? { nume } : {}) });
  return { user, cookie: await loginAs(t.app, user.email, user.password) };
}

/** A patient saved through the API (phone and email unless told otherwise). */
export async function createPatient(
  t: TestApp,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Patient> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/save-pacient',
    cookie,
    body: {
      nume: 'Popescu',
      prenume: 'Ana Maria',
      telefon: '0722 123 456',
      email: 'ana@example.ro',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Patient>();
}

/** An appointment row of the patient with the doctor, from `startsAt` for `minutes`. */
export async function insertAppointment(
  t: TestApp,
  patientId: string,
  doctorId: string,
  startsAt: string,
  minutes = 30,
): Promise<string> {
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('appointments')
    .values({
      id,
      patient_id: patientId,
      doctor_id: doctorId,
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString(),
      note: '',
      trimite_sms: 0,
      created_at: at,
      created_by: null,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    })
    .execute();
  return id;
}

/** A review row as a link would have stored it (for list and statistics tests). */
export async function insertReview(
  t: TestApp,
  review: {
    patientId: string;
    doctorId: string;
    medic: string;
    rating: number;
    createdAt: string;
    comment?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await t.db
    .insertInto('reviews')
    .values({
      id,
      request_id: null,
      appointment_id: null,
      patient_id: review.patientId,
      doctor_id: review.doctorId,
      medic: review.medic,
      rating: review.rating,
      comment: review.comment ?? '',
      created_at: new Date(review.createdAt).toISOString(),
    })
    .execute();
  return id;
}

export function postRequest(
  t: TestApp,
  cookie: string | null,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return call(t.app, { method: 'POST', url: '/api/reviews/requests', cookie, body });
}

/** Sends a request through the API (201 expected) and answers it. */
export async function sendRequest(
  t: TestApp,
  cookie: string,
  appointmentId: string,
  channel: 'sms' | 'email' = 'email',
): Promise<ReviewRequest> {
  const response = await postRequest(t, cookie, { appointmentId, channel });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReviewRequest>();
}

/** The review link's token in the message a request put in the outbox. */
export async function tokenOf(t: TestApp, requestId: string): Promise<string> {
  const row = await t.db
    .selectFrom('review_requests')
    .innerJoin('outbox', 'outbox.id', 'review_requests.outbox_id')
    .select('outbox.body')
    .where('review_requests.id', '=', requestId)
    .executeTakeFirstOrThrow();
  const token = /\/review\/([A-Za-z0-9_-]+)/.exec(row.body)?.[1];
  if (!token) throw new Error(`no review link in: ${row.body}`);
  return token;
}

export function publicGet(
  t: TestApp,
  token: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return call(t.app, {
    url: `/api/public/review/${token}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function publicPost(
  t: TestApp,
  token: string,
  body: unknown,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return call(t.app, {
    method: 'POST',
    url: `/api/public/review/${token}`,
    body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function reviewAuditRows(t: TestApp) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'in', ['review_request', 'review_create', 'review_settings'])
    .orderBy('id')
    .execute();
}

/** A past appointment of a new patient with a new doctor, ready for a request. */
export async function pastAppointment(
  t: TestApp,
  cookie: string,
  patient: Record<string, unknown> = {},
): Promise<{ appointmentId: string; patient: Patient; doctor: CreatedUser }> {
  const doctor = await createUser(t.db, { roles: ['medic'], nume: 'Dr. Ioana Marin' });
  const created = await createPatient(t, cookie, patient);
  const startsAt = new Date(t.clock.now().getTime() - 3 * 3_600_000).toISOString();
  const appointmentId = await insertAppointment(t, created._id, doctor.id, startsAt);
  return { appointmentId, patient: created, doctor };
}
