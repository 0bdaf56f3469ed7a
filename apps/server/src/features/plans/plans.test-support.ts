import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import type { Plan, PlanContentInput, PlanItemInput } from '@odonto/domain/contracts/plans';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';

/** Test helpers of the plans API suites (not a test file itself). The test clock starts on 2026-03-02. */

export const TODAY = '2026-03-02';

export type StaffRole = 'admin' | 'medic' | 'asistent' | 'sterilizare';

export interface Staff {
  user: CreatedUser;
  cookie: string;
}

export async function staff(t: TestApp, role: StaffRole = 'medic'): Promise<Staff> {
  const user = await createUser(t.db, {
    roles: [role],
    nume: role === 'medic' ? 'Dr. Ana Pop' : `Utilizator ${role}`,
  });
  return { user, cookie: await loginAs(t.app, user.email, user.password) };
}

/** Moves the test clock and signs `who` in again (a day later the old session has expired). */
export async function moveClock(t: TestApp, at: string, who: Staff): Promise<Staff> {
  t.clock.set(at);
  return { user: who.user, cookie: await loginAs(t.app, who.user.email, who.user.password) };
}

/** A price-list item with one price valid from `validFrom`, written directly. */
export async function priceItem(
  t: TestApp,
  options: {
    name?: string;
    amountBani: number;
    validFrom?: string;
    vatRateBp?: number | null;
    catalogueId?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await t.db
    .insertInto('price_items')
    .values({
      id,
      code: `P-${id.slice(0, 8)}`,
      catalogue_id: options.catalogueId ?? null,
      name: options.name ?? 'Obturație compozit',
      group_name: 'Odontoterapie',
      unit: 'dinte',
      vat_rate_bp: options.vatRateBp ?? null,
      active: 1,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  await addPrice(t, id, options.amountBani, options.validFrom ?? '2026-01-01');
  return id;
}

export async function addPrice(
  t: TestApp,
  itemId: string,
  amountBani: number,
  validFrom: string,
): Promise<void> {
  await t.db
    .insertInto('price_item_prices')
    .values({
      id: randomUUID(),
      price_item_id: itemId,
      amount_bani: amountBani,
      valid_from: validFrom,
      created_at: new Date().toISOString(),
      created_by: null,
    })
    .execute();
}

export function item(overrides: Partial<PlanItemInput> = {}): PlanItemInput {
  return {
    id: randomUUID(),
    teeth: ['1.6'],
    span: null,
    priceItemId: null,
    catalogueId: null,
    name: 'Obturație compozit',
    unit: 'dinte',
    quantity: 1,
    unitPriceBani: 30_000,
    listPriceBani: null,
    priceReason: null,
    vatRateBp: null,
    discount: null,
    notes: '',
    ...overrides,
  };
}

/** A plan of two alternatives: A two items (300 + 1.200 lei), B one item (2.500 lei). */
export function content(doctorId: string, overrides: Partial<PlanContentInput> = {}): PlanContentInput {
  return {
    title: 'Reabilitare cadran 1',
    doctorId,
    validUntil: '2026-04-30',
    notes: '',
    alternatives: [
      {
        label: 'A',
        title: 'Obturații și coroană',
        discount: null,
        notes: '',
        phases: [
          {
            id: 'f1',
            title: 'Etapa 1',
            items: [
              item({ id: 'a1', teeth: ['1.6'], unitPriceBani: 30_000 }),
              item({ id: 'a2', teeth: ['1.5'], name: 'Coroană ceramică', unitPriceBani: 120_000 }),
            ],
          },
        ],
      },
      {
        label: 'B',
        title: 'Implant',
        discount: { kind: 'percent', bp: 1000 },
        notes: '',
        phases: [
          {
            id: 'f1',
            title: 'Etapa 1',
            items: [item({ id: 'b1', teeth: ['1.6'], name: 'Implant', unitPriceBani: 250_000 })],
          },
        ],
      },
    ],
    ...overrides,
  };
}

export function postPlan(t: TestApp, cookie: string | null, patientId: string, body: unknown) {
  return call(t.app, { method: 'POST', url: `/api/plans/${patientId}`, cookie, body });
}

export function putPlan(t: TestApp, cookie: string | null, planId: string, body: unknown) {
  return call(t.app, { method: 'PUT', url: `/api/plan/${planId}`, cookie, body });
}

export function getPlan(t: TestApp, cookie: string | null, planId: string) {
  return call(t.app, { url: `/api/plan/${planId}`, cookie });
}

/** A medic, a patient and a plan created through the API. */
export async function planFixture(t: TestApp): Promise<{ medic: Staff; patientId: string; plan: Plan }> {
  const medic = await staff(t, 'medic');
  const patientId = await insertPatientRow(t.db);
  const response = await postPlan(t, medic.cookie, patientId, content(medic.user.id));
  expect(response.statusCode, response.body).toBe(201);
  return { medic, patientId, plan: response.json<Plan>() };
}

export async function auditRows(t: TestApp, prefix = 'plan_') {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'details'])
    .orderBy('id')
    .execute();
  return rows.filter((row) => row.action.startsWith(prefix));
}

/** The `obj` of a treatment on a tooth as the treatment modal sends it (2 March 2026). */
export function treatment(denumire: string, dinte: string | null, extra: Record<string, unknown> = {}) {
  return {
    id: Date.parse(`${TODAY}T08:00:00Z`),
    type: 'tratament',
    denumire,
    createdAt: TODAY,
    dinte,
    mapID: catalogueEntryByName(denumire)?.id ?? null,
    medic: 'Dr. Ana Pop',
    ...extra,
  };
}

export function saveHistory(t: TestApp, cookie: string, patientId: string, obj: unknown) {
  return postForm(t.app, `/api/save-history/${patientId}`, { obj: JSON.stringify(obj) }, cookie);
}

export function updateHistory(t: TestApp, cookie: string, patientId: string, obj: unknown) {
  return postForm(t.app, `/api/update-history/${patientId}`, { obj: JSON.stringify(obj) }, cookie);
}
