import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';
import type { Doctor, Patient, PatientInput } from '../../packages/domain/src/contracts/patients';
import type { PlacesResponse } from '../../packages/domain/src/contracts/places';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The small SIRUTA-layout register the domain tests use: Alba, Cluj and București. */
export const SIRUTA_FIXTURE = resolve(repoRoot, 'packages/domain/src/__fixtures__/siruta-2025.csv');
/** A real 96×64 HEIC photo (HEVC) the server's image tests use. */
export const HEIC_FIXTURE = resolve(repoRoot, 'apps/server/src/files/__fixtures__/red-blue-gps.heic');

/** The CSRF header every state-changing call needs. */
export const API_HEADERS = { 'X-Requested-With': 'odonto' } as const;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A random word of letters only (names accept no digits), capitalised: 'Qzbkwm'. */
export function uniqueWord(length = 6): string {
  const word = Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A random Romanian mobile number, '07' and eight digits. */
export function uniquePhone(): string {
  return `07${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/**
 * A day of the calling test only, in the 700 days from 1 January `yearsAhead` years on ('2029-05-14'): the
 * demo clinic and the other tests book this week and tomorrow, and tests that book on the same demo
 * server each draw from a different year.
 */
export function dayOfOwn(yearsAhead = 3): string {
  const day = new Date(
    Date.UTC(new Date().getUTCFullYear() + yearsAhead, 0, 1) + randomInt(700) * 86_400_000,
  );
  return day.toISOString().slice(0, 10);
}

/** The demo clinic's doctors as GET /api/get-medici lists them: the demo medic, found by name, and the others. */
export async function demoDoctors(request: APIRequestContext): Promise<{ medic: Doctor; others: Doctor[] }> {
  const answer = await request.get('/api/get-medici');
  expect(answer.status(), await answer.text()).toBe(200);
  const doctors = (await answer.json()) as Doctor[];
  const medic = doctors.find((doctor) => doctor.nume === DEMO_USERS.medic.nume);
  if (!medic) throw new Error('the demo medic is not among the doctors');
  return { medic, others: doctors.filter((doctor) => doctor !== medic) };
}

/** POST /api/save-pacient through the page's signed-in request context. */
export async function createPatient(request: APIRequestContext, input: PatientInput): Promise<Patient> {
  const answer = await request.post('/api/save-pacient', { data: input, headers: API_HEADERS });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as Patient;
}

/** Imports the SIRUTA fixture through the admin upload call unless localities are already there. */
export async function ensureLocalities(request: APIRequestContext): Promise<void> {
  const places = (await (await request.get('/api/places')).json()) as PlacesResponse;
  if (places.judete.some((county) => county.auto === 'AB' && county.localitati > 0)) return;
  const answer = await request.post('/api/places/import', {
    headers: API_HEADERS,
    multipart: {
      file: { name: 'siruta-2025.csv', mimeType: 'text/csv', buffer: readFileSync(SIRUTA_FIXTURE) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Signs a request context in through POST /api/login (its cookie jar keeps the session). */
export async function apiSignIn(
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<void> {
  const answer = await request.post('/api/login', {
    data: { email: user.email, password: user.password },
    headers: API_HEADERS,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
