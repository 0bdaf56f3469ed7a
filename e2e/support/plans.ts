import { expect, type Page } from '@playwright/test';
import type { Plan } from '../../packages/domain/src/contracts/plans';
import type { PriceListAnswer } from '../../packages/domain/src/contracts/price-list';
import { toIsoDay } from '../../packages/domain/src/dates';
import { API_HEADERS } from './patients';
import { canvasSignature } from './signature';

/** The demo price list's zirconia crown. */
const CROWN = { catalogueId: 1.2, name: 'coroană zirconiu monolitic' };

/**
 * A one-item plan of `doctorId` (the demo's zirconia crown on 3.6 at the list's price), made and accepted by
 * the patient's signature through the calls of the clinic at `origin` as the page's user; answers its total.
 */
export async function acceptedCrownPlan(
  page: Page,
  origin: string,
  patientId: string,
  doctorId: string,
): Promise<number> {
  const list = (await (await page.request.get(`${origin}/api/price-list`)).json()) as PriceListAnswer;
  const crown = list.items.find((item) => item.catalogueId === CROWN.catalogueId);
  if (!crown?.price) throw new Error(`${CROWN.name} has no price in the demo price list`);
  const item = {
    id: 'coroana-36',
    teeth: ['3.6'],
    span: null,
    priceItemId: crown.id,
    catalogueId: CROWN.catalogueId,
    name: CROWN.name,
    unit: crown.unit,
    quantity: 1,
    unitPriceBani: crown.price.amountBani,
    listPriceBani: crown.price.amountBani,
    priceReason: null,
    vatRateBp: null,
    discount: null,
    notes: '',
  };
  const phase = { id: 'etapa-1', title: 'Etapa 1', items: [item] };
  const alternative = {
    label: 'A',
    title: 'Coroană din zirconiu',
    discount: null,
    notes: '',
    phases: [phase],
  };
  const created = await page.request.post(`${origin}/api/plans/${patientId}`, {
    headers: API_HEADERS,
    data: {
      title: 'Coroană 3.6',
      doctorId,
      validUntil: toIsoDay(new Date(Date.now() + 30 * 86_400_000)),
      notes: '',
      alternatives: [alternative],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as Plan;
  const signed = await page.request.post(`${origin}/api/signature`, {
    headers: API_HEADERS,
    data: {
      kind: 'plan',
      patientId,
      planId: plan.id,
      alternative: 'A',
      revision: plan.revision,
      image: await canvasSignature(page),
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);
  return crown.price.amountBani;
}
