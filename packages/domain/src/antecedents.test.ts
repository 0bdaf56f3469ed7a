import { describe, expect, it } from 'vitest';
import { hasAllergies, hasAntecedents, type Antecedente } from './antecedents';

describe('the ALERGII and ANTECEDENTE indicators', () => {
  it.each<[string, Antecedente | null, boolean, boolean]>([
    ['nothing recorded', null, false, false],
    ['an empty checklist', {}, false, false],
    ['allergies only', { alergii: { val: true, text: 'penicilină' } }, true, false],
    [
      'allergies unticked keep their note but do not count',
      { alergii: { val: false, text: 'x' } },
      false,
      false,
    ],
    ['diabetes only', { diabet: { val: true } }, false, true],
    ['both', { alergii: { val: true }, hipertensiune: { val: true } }, true, true],
    ['unticked items', { diabet: { val: false }, astm: { val: false } }, false, false],
  ])('%s', (_name, antecedente, allergies, antecedents) => {
    expect(hasAllergies(antecedente)).toBe(allergies);
    expect(hasAntecedents(antecedente)).toBe(antecedents);
  });
});
