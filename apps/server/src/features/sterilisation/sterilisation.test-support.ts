import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Cycle, CycleRequestInput, Instrument } from '@odonto/domain/contracts/sterilisation';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';

/** Test helpers of the sterilisation API suites (not a test file itself). */

export type StaffRole = 'admin' | 'medic' | 'asistent' | 'sterilizare';

/** Creates an account with the role and answers its session cookie. */
export async function signIn(t: TestApp, role: StaffRole, nume?: string): Promise<string> {
  const user = await createUser(t.db, { roles: [role], ...(nume ? { nume } : {}) });
  return loginAs(t.app, user.email, user.password);
}

export async function createInstrumentVia(
  t: TestApp,
  cookie: string,
  name: string,
  packaging: 'punga' | 'container' | 'neambalat' = 'punga',
): Promise<Instrument> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/instruments',
    cookie,
    body: { name, packaging },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Instrument>();
}

/** A passing cycle of the default autoclave and programme; `change` overrides any field. */
export function cycleBody(
  instrumentIds: readonly string[],
  change: Partial<CycleRequestInput> = {},
): CycleRequestInput {
  return {
    autoclave: 'Autoclav 1',
    programme: '134 °C standard',
    temperature: 134,
    pressure: 2.1,
    duration: 5,
    integrator: 'pass',
    biological: 'none',
    packagingChecked: true,
    items: instrumentIds.map((instrumentId) => ({ instrumentId })),
    ...change,
  };
}

export function postCycle(t: TestApp, cookie: string | null, body: unknown): Promise<LightMyRequestResponse> {
  return call(t.app, { method: 'POST', url: '/api/instrument/sterilizare', cookie, body });
}

export async function recordCycleVia(
  t: TestApp,
  cookie: string,
  instrumentIds: readonly string[],
  change: Partial<CycleRequestInput> = {},
): Promise<Cycle> {
  const response = await postCycle(t, cookie, cycleBody(instrumentIds, change));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Cycle>();
}

/** Sterilised pouches of new instruments named `names`, recorded by a sterilizare user. */
export async function sterilisedPouches(
  t: TestApp,
  names: readonly string[],
  change: Partial<CycleRequestInput> = {},
): Promise<{ cookie: string; cycle: Cycle; instruments: Instrument[] }> {
  const cookie = await signIn(t, 'sterilizare', 'Ana-Maria Pop');
  const instruments = [];
  for (const name of names) instruments.push(await createInstrumentVia(t, cookie, name));
  const cycle = await recordCycleVia(
    t,
    cookie,
    instruments.map((instrument) => instrument._id),
    change,
  );
  return { cookie, cycle, instruments };
}

export async function getJson<T>(t: TestApp, cookie: string, url: string): Promise<T> {
  const response = await call(t.app, { url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
