import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Patient, PatientInput } from '../../packages/domain/src/contracts/patients';
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
