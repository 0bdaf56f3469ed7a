import { describe, expect, it } from 'vitest';
import {
  cycleRequest,
  DEFAULT_STERILISATION_SETTINGS,
  registerQuery,
  STERILISATION_MESSAGES as M,
  sterilisationSettings,
} from './sterilisation';

const cycle = {
  autoclave: 'Autoclav 1',
  programme: '134 °C standard',
  temperature: 134,
  pressure: 2.1,
  duration: 5,
  integrator: 'pass',
  biological: 'none',
  packagingChecked: true,
  items: [{ instrumentId: 'a' }, { instrumentId: 'b', id_sterilizare: 12 }],
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? 'ok' : result.error?.issues[0]?.message;
}

describe('cycleRequest', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a complete cycle', {}, 'ok'],
    ['no instruments', { items: [] }, M.noItems],
    ['an instrument twice', { items: [{ instrumentId: 'a' }, { instrumentId: 'a' }] }, M.duplicateItem],
    ['packaging not checked', { packagingChecked: false }, M.packagingChecked],
    ['a temperature out of range', { temperature: 90 }, M.temperature],
    ['a pressure out of range', { pressure: 9 }, M.pressure],
    ['a fractional duration', { duration: 2.5 }, M.duration],
    ['an unknown integrator result', { integrator: 'maybe' }, M.integrator],
    ['an unknown biological result', { biological: 'ok' }, M.biological],
    ['a bad start time', { startedAt: 'ieri' }, M.startedAt],
  ])('%s', (_name, change, expected) => {
    expect(firstMessage(cycleRequest.safeParse({ ...cycle, ...change }))).toBe(expected);
  });
});

describe('sterilisationSettings', () => {
  it('accepts the defaults', () => {
    expect(sterilisationSettings.parse(DEFAULT_STERILISATION_SETTINGS)).toEqual(
      DEFAULT_STERILISATION_SETTINGS,
    );
  });
  it.each<[string, Record<string, unknown>]>([
    ['no autoclave', { autoclaves: [] }],
    ['an autoclave twice', { autoclaves: ['A', 'A'] }],
    ['a negative shelf life', { shelfLifeDays: { punga: -1, container: 1, neambalat: 0 } }],
  ])('refuses %s', (_name, change) => {
    expect(sterilisationSettings.safeParse({ ...DEFAULT_STERILISATION_SETTINGS, ...change }).success).toBe(
      false,
    );
  });
});

describe('registerQuery', () => {
  it.each([
    [{ from: '2026-03-01', to: '2026-03-07' }, 'ok'],
    [{ from: '2026-03-07', to: '2026-03-01' }, M.range],
    [{ from: '2025-01-01', to: '2026-03-01' }, M.rangeTooLong],
    [{ from: '01.03.2026', to: '2026-03-01' }, M.day],
  ])('%j → %s', (query, expected) => {
    expect(firstMessage(registerQuery.safeParse(query))).toBe(expected);
  });
});
