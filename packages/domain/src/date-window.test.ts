import { describe, expect, it } from 'vitest';
import { BIRTHDATE_MESSAGES, DEFAULT_DATE_WINDOW, birthdateProblem, dateWindowProblem } from './date-window';

describe('dateWindowProblem', () => {
  const today = '2026-11-25';
  it.each([
    ['2026-11-25', null],
    ['1990-01-01', null],
    ['2036-12-31', null],
    ['1989-12-31', 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.'],
    ['2037-01-01', 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.'],
    ['9999-12-31', 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.'],
    ['0001-01-01', 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.'],
  ])('%s → %j', (day, message) => {
    expect(dateWindowProblem(day, 'Data programării', DEFAULT_DATE_WINDOW, today)).toBe(message);
  });

  it('follows the setting', () => {
    const window = { firstYear: 2000, yearsAhead: 1 };
    expect(dateWindowProblem('1999-06-01', 'Data', window, today)).toBe(
      'Data trebuie să fie între 01.01.2000 și 31.12.2027.',
    );
    expect(dateWindowProblem('2027-12-31', 'Data', window, today)).toBeNull();
  });
});

describe('birthdateProblem', () => {
  it.each([
    ['1985-04-12', null],
    ['2026-11-25', null],
    ['1900-01-01', null],
    ['2026-11-26', BIRTHDATE_MESSAGES.future],
    ['2999-01-01', BIRTHDATE_MESSAGES.future],
    ['1899-12-31', BIRTHDATE_MESSAGES.tooOld],
    ['0001-01-01', BIRTHDATE_MESSAGES.tooOld],
  ])('%s → %j', (day, message) => {
    expect(birthdateProblem(day, '2026-11-25')).toBe(message);
  });
});
