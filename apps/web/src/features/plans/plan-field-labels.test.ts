import { describe, expect, it } from 'vitest';
import { planFieldLabel } from './plan-field-labels';

const name = (index: number) => `Varianta ${'ABC'[index] ?? '?'}`;

describe('planFieldLabel: the label of an error listed above the plan editor', () => {
  it.each([
    ['title', 'Titlul planului'],
    ['doctorId', 'Medic'],
    ['alternatives.0.title', 'Varianta A: Descrierea variantei'],
    ['alternatives.1.discount', 'Varianta B: Reducere pe variantă'],
    ['alternatives.0.phases.1.title', 'Varianta A, etapa 2: Etapa (vizita)'],
    ['alternatives.1.phases.0.items.2.quantity', 'Varianta B, etapa 1, lucrarea 3: Cantitate'],
    [
      'alternatives.2.phases.0.items.0.priceReason',
      'Varianta C, etapa 1, lucrarea 1: Motivul prețului modificat',
    ],
    ['alternatives.0.phases', undefined],
    ['alternatives.0.phases.0.items.0.id', undefined],
    ['unknown', undefined],
  ])('%s → %s', (path, expected) => {
    expect(planFieldLabel(path, name)).toBe(expected);
  });
});
