import { describe, expect, it } from 'vitest';
import {
  hasActiveFilters,
  patientListCall,
  readFilters,
  readPage,
  toSearchParams,
} from './patient-list-address';

describe('the patient list call of a page address', () => {
  it.each([
    ['', ['medic'], '/api/pacienti?page=1'],
    ['page=2', ['asistent'], '/api/pacienti?page=2'],
    ['page=0', ['medic'], '/api/pacienti?page=1'],
    ['page=2.5', ['medic'], '/api/pacienti?page=1'],
    ['q=%20Ion%20&judet=CJ', ['medic'], '/api/pacienti?page=1&q=Ion&judet=CJ'],
    ['from=2026-01-01&to=ieri', ['medic'], '/api/pacienti?page=1&from=2026-01-01'],
    ['igienizare=true&sold=de-plata', ['medic'], '/api/pacienti?page=1&igienizare=true&sold=de-plata'],
    ['igienizare=1', ['medic'], '/api/pacienti?page=1'],
    ['deleted=true', ['admin'], '/api/pacienti?page=1&deleted=true'],
    ['deleted=true', ['medic'], '/api/pacienti?page=1'],
    ['', ['sterilizare'], null],
    ['', [], null],
    ['', ['nu-exista'], null],
  ] as const)('?%s as %j → %s', (search, roles, call) => {
    expect(patientListCall(new URLSearchParams(search), roles)).toBe(call);
  });
});

describe('the address of the list state', () => {
  it('leaves page 1 and unset filters out, and reads back what it wrote', () => {
    const filters = { ...readFilters(new URLSearchParams()), q: 'Pop', owing: true };
    const params = toSearchParams(filters, 1);
    expect(params.toString()).toBe('q=Pop&sold=de-plata');
    expect(readFilters(params)).toEqual(filters);
    expect(readPage(toSearchParams(filters, 4))).toBe(4);
  });

  it.each([
    ['', false],
    ['q=a', true],
    ['igienizare=true', true],
    ['sold=de-plata', true],
    ['deleted=true', false],
  ])('?%s narrows the list: %s', (search, narrows) => {
    expect(hasActiveFilters(readFilters(new URLSearchParams(search)))).toBe(narrows);
  });
});
