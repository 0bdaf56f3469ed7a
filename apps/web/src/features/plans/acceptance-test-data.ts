import type { Plan, PlanAlternativeInput, PlanItemInput } from '@odonto/domain/contracts/plans';
import { alternativeTotals, type AlternativeLabel } from '@odonto/domain/plans';

/** A plan item as the server answers it (test data, not a test file). */
function item(id: string, name: string, teeth: string[], unitPriceBani: number): PlanItemInput {
  return {
    id,
    teeth: teeth as PlanItemInput['teeth'],
    span: null,
    priceItemId: null,
    catalogueId: null,
    name,
    unit: 'dinte',
    quantity: 1,
    unitPriceBani,
    listPriceBani: null,
    priceReason: null,
    vatRateBp: null,
    discount: null,
    notes: '',
  };
}

function alternative(label: AlternativeLabel, title: string, items: PlanItemInput[]) {
  const input: PlanAlternativeInput = {
    label,
    title,
    discount: null,
    notes: '',
    phases: [{ id: `${label}-1`, title: 'Vizita 1', items }],
  };
  return { ...input, totals: alternativeTotals(input) };
}

/** Plan nr. 4 of patient p7: A, two composite fillings; B, a zirconia crown on 1.6 and a filling on 2.6. */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-4',
    patientId: 'p7',
    number: 4,
    title: 'Reabilitare molari',
    doctorId: 'u1',
    doctorName: 'Dr. Ana Popescu',
    status: 'propus',
    validUntil: '2026-04-30',
    notes: '',
    priceDay: '2026-03-12',
    version: 2,
    revision: 2,
    alternatives: [
      alternative('A', 'Obturații', [
        item('a1', 'obturație compozit', ['1.6'], 30_000),
        item('a2', 'obturație compozit', ['2.6'], 30_000),
      ]),
      alternative('B', 'Coroană', [
        item('b1', 'coroană zirconiu', ['1.6'], 125_000),
        item('b2', 'obturație compozit', ['2.6'], 30_000),
      ]),
    ],
    acceptance: null,
    progress: null,
    links: [],
    rejectedReason: null,
    createdAt: '2026-03-12T09:00:00.000Z',
    updatedAt: '2026-03-12T09:30:00.000Z',
    ...overrides,
  };
}

/** The acceptance of alternative B at revision 2, signed on the station. */
export const ACCEPTANCE_B: NonNullable<Plan['acceptance']> = {
  alternative: 'B',
  revision: 2,
  signatureId: 'sig-9',
  image: 'semnatura-plan.png',
  signedAt: '2026-03-12T10:00:00.000Z',
  signedBy: 'Ioana Marin',
  via: 'station',
  sha256: 'b'.repeat(64),
  matches: true,
};
