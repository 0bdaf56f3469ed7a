import type { PlanSummary } from '@odonto/domain/contracts/plans';
import type { PriceItem, PriceListAnswer, VatSettings } from '@odonto/domain/contracts/price-list';
import { DEFAULT_VAT_EXEMPTION_TEXT } from '@odonto/domain/contracts/price-list';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA } from '../../test/patients';
import { makePlan } from './acceptance-test-data';

/** A price-list line (test data). */
export function priceItem(overrides: Partial<PriceItem>): PriceItem {
  return {
    id: 'pi-1',
    code: 'P-0001',
    catalogueId: null,
    name: 'consultație',
    group: 'Consultații',
    unit: 'vizita',
    vatRateBp: null,
    active: true,
    price: { amountBani: 15_000, validFrom: '2026-01-01' },
    nextPrice: null,
    version: 1,
    updatedAt: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
}

export const ZIRCONIA = priceItem({
  id: 'pi-zr',
  code: 'T-1.2',
  catalogueId: 1.2,
  name: 'coroană zirconiu monolitic',
  group: 'Protetică',
  unit: 'dinte',
  price: { amountBani: 125_000, validFrom: '2026-01-01' },
});
export const BRIDGE = priceItem({
  id: 'pi-punte',
  code: 'T-0.1',
  catalogueId: 0.1,
  name: 'punte metalo-ceramică',
  group: 'Protetică',
  unit: 'dinte',
  price: { amountBani: 90_000, validFrom: '2026-01-01' },
});

export const PRICE_LIST: PriceListAnswer = {
  day: '2026-03-12',
  items: [priceItem({}), ZIRCONIA, BRIDGE],
  groups: ['Consultații', 'Protetică'],
};

export const VAT: VatSettings = { ratesBp: [2100], exemptionText: DEFAULT_VAT_EXEMPTION_TEXT, version: 1 };

/** The summary GET /api/plans/{patientId} answers for makePlan(). */
export function summaryOf(plan = makePlan()): PlanSummary {
  return {
    id: plan.id,
    patientId: plan.patientId,
    number: plan.number,
    title: plan.title,
    doctorId: plan.doctorId,
    doctorName: plan.doctorName,
    status: plan.status,
    validUntil: plan.validUntil,
    revision: plan.revision,
    progress: plan.progress,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    alternatives: plan.alternatives.map((a) => ({
      label: a.label,
      title: a.title,
      totalBani: a.totals.totalBani,
    })),
    acceptedAlternative: plan.acceptance?.alternative ?? null,
  };
}

/** The calls every plans screen of patient p7 makes, for a user holding `roles`. */
export function plansApi(roles: string[], extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7' }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/price-list': { body: PRICE_LIST },
    'GET /api/price-list/vat-settings': { body: VAT },
    ...REFERENCE_DATA,
    ...extra,
  });
}
