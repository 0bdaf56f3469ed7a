import { describe, expect, it } from 'vitest';
import {
  appointmentFormTimes,
  appointmentInstants,
  defaultAppointmentDay,
  endBeforeStartProblems,
  findOverlap,
  nextAttemptAt,
  PHONE_MESSAGES,
  reminderDateTime,
  reminderDoctorName,
  reminderDueAt,
  renderReminder,
  smsParts,
  spansOverlap,
  toE164,
  wantsReminder,
} from './appointments';
import { appointmentInput } from './contracts/appointments';

describe('appointmentInstants and appointmentFormTimes', () => {
  it.each([
    // Bucharest is UTC+2 in winter, UTC+3 in summer.
    ['2026-01-15', 9, 30, 10, 0, '2026-01-15T07:30:00.000Z', '2026-01-15T08:00:00.000Z'],
    ['2026-07-15', 9, 30, 10, 15, '2026-07-15T06:30:00.000Z', '2026-07-15T07:15:00.000Z'],
    // The day the clocks go forward: 03:30 does not exist and counts as 04:30.
    ['2026-03-29', 2, 0, 4, 0, '2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'],
  ])('%s %i:%i–%i:%i is %s–%s', (day, h1, m1, h2, m2, start, end) => {
    const instants = appointmentInstants(day, { ora: h1, minute: m1 }, { ora: h2, minute: m2 });
    expect(new Date(instants.start).toISOString()).toBe(start);
    expect(new Date(instants.end).toISOString()).toBe(end);
    expect(appointmentFormTimes(start, end)).toEqual({
      createdAt: day,
      deLa: { ora: h1, minute: m1 },
      panaLa: { ora: h2, minute: m2 },
    });
  });

  it('refuses a day that does not exist', () => {
    expect(() => appointmentInstants('2026-02-30', { ora: 9, minute: 0 }, { ora: 10, minute: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('endBeforeStartProblems (SPEC.md §5 eqOrGt, eqOrGtMinutes)', () => {
  it.each([
    [{ ora: 9, minute: 0 }, { ora: 10, minute: 0 }, {}],
    [{ ora: 9, minute: 30 }, { ora: 10, minute: 0 }, {}],
    [{ ora: 9, minute: 30 }, { ora: 9, minute: 45 }, {}],
    [{ ora: 9, minute: 30 }, { ora: 9, minute: 30 }, {}],
    [{ ora: 10, minute: 0 }, { ora: 9, minute: 0 }, { ora: 'Câmpul ora trebuie să fie cel puțin 10.' }],
    [
      { ora: 9, minute: 30 },
      { ora: 9, minute: 15 },
      { minute: 'Câmpul minute trebuie să fie cel puțin 30.' },
    ],
    [{ ora: 9 }, { ora: 10 }, {}],
  ])('%o → %o gives %o', (deLa, panaLa, expected) => {
    expect(endBeforeStartProblems(deLa, panaLa)).toEqual(expected);
  });

  it('reports them on panaLa in the contract', () => {
    const result = appointmentInput.safeParse({
      createdAt: '2026-05-04',
      trimite_sms: true,
      deLa: { ora: 11, minute: 0 },
      panaLa: { ora: 10, minute: 0 },
      medicId: 'u1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['panaLa.ora', 'Câmpul ora trebuie să fie cel puțin 11.'],
    ]);
  });
});

describe('overlap', () => {
  const at = (h: number, m = 0) => h * 60 + m;
  it.each([
    [at(9), at(10), at(10), at(11), false],
    [at(9), at(10), at(9, 30), at(10, 30), true],
    [at(9), at(12), at(10), at(11), true],
    [at(10), at(11), at(9), at(10), false],
    [at(10), at(10), at(9), at(11), true],
    [at(10), at(10), at(10), at(11), false],
  ])('[%i,%i) and [%i,%i) overlap: %s', (s1, e1, s2, e2, expected) => {
    expect(spansOverlap({ start: s1, end: e1 }, { start: s2, end: e2 })).toBe(expected);
    expect(spansOverlap({ start: s2, end: e2 }, { start: s1, end: e1 })).toBe(expected);
  });

  it('finds a clash of the same doctor only, never with itself', () => {
    const others = [
      { id: 'a', doctorId: 'd1', start: 0, end: 60 },
      { id: 'b', doctorId: 'd2', start: 60, end: 120 },
      { id: 'c', doctorId: 'd1', start: 90, end: 150 },
    ];
    expect(findOverlap({ doctorId: 'd1', start: 60, end: 100 }, others)?.id).toBe('c');
    expect(findOverlap({ id: 'c', doctorId: 'd1', start: 60, end: 100 }, others)).toBeUndefined();
    expect(findOverlap({ doctorId: 'd3', start: 0, end: 200 }, others)).toBeUndefined();
  });
});

describe('reminders', () => {
  it('are due the configured hours before the start', () => {
    const start = Date.parse('2026-05-04T07:00:00.000Z');
    expect(new Date(reminderDueAt(start, 24)).toISOString()).toBe('2026-05-03T07:00:00.000Z');
    expect(new Date(reminderDueAt(start, 2)).toISOString()).toBe('2026-05-04T05:00:00.000Z');
  });

  it.each([
    [true, 100, 50, true],
    [false, 100, 50, false],
    [true, 100, 100, false],
    [true, 100, 150, false],
  ])('trimite_sms %s, start %i, now %i → %s', (flag, start, now, expected) => {
    expect(wantsReminder({ trimite_sms: flag, start }, now)).toBe(expected);
  });

  it('retry 1 min, 5 min, 15 min, 1 h, then give up', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => nextAttemptAt(0, attempts))).toEqual([
      60_000,
      300_000,
      900_000,
      3_600_000,
      null,
    ]);
  });

  it('fill the placeholders and leave unknown ones', () => {
    const text = renderReminder('{clinica}: {pacient}, {data} la {ora} cu {medic} {altceva}', {
      clinica: 'Dent',
      pacient: 'Ion Pop',
      ...reminderDateTime('2026-03-05T07:30:00.000Z'),
      medic: 'Ana Ionescu',
    });
    expect(text).toBe('Dent: Ion Pop, 05.03.2026 la 09:30 cu Ana Ionescu {altceva}');
  });

  it.each([
    [
      'a plain template folds the names: the SMS stays GSM-7, one part',
      'Buna ziua, {pacient}! Programare la {clinica} pe {data}, ora {ora}, cu dr. {medic}.',
      'Buna ziua, Stefan Tanase! Programare la Clinica Zambet pe 05.03.2026, ora 09:30, cu dr. Ana Raducanu.',
    ],
    [
      'a template with diacritics keeps them in the names too',
      'Bună ziua, {pacient}! Programare la {clinica} pe {data}, ora {ora}, cu dr. {medic}.',
      'Bună ziua, Ștefan Tănase! Programare la Clinica Zâmbet pe 05.03.2026, ora 09:30, cu dr. Ana Răducanu.',
    ],
  ])('%s', (_, template, expected) => {
    const text = renderReminder(template, {
      clinica: 'Clinica Zâmbet',
      pacient: 'Ștefan Tănase',
      ...reminderDateTime('2026-03-05T07:30:00.000Z'),
      medic: 'Ana Răducanu',
    });
    expect(text).toBe(expected);
    expect(smsParts(text).isUnicode).toBe(template.includes('ă'));
  });

  it.each([
    ['', 1, false],
    ['a'.repeat(160), 1, false],
    ['a'.repeat(161), 2, false],
    ['ș'.repeat(70), 1, true],
    ['ș' + 'a'.repeat(70), 2, true],
    ['Programare\nmâine', 1, true],
  ])('count %j as %i SMS (unicode: %s)', (text, parts, isUnicode) => {
    expect(smsParts(text)).toEqual({ parts, isUnicode });
  });

  it('name the doctor without a title, since the text writes "dr." itself', () => {
    expect(reminderDoctorName('Dr. Mihai Ionescu')).toBe('Mihai Ionescu');
    expect(reminderDoctorName('dr Ana Pop')).toBe('Ana Pop');
    expect(reminderDoctorName('Doctor Ana Pop')).toBe('Ana Pop');
    expect(reminderDoctorName('Drăgan Ion')).toBe('Drăgan Ion');
    expect(reminderDoctorName('Dr.')).toBe('Dr.');
  });

  it('default to the clinic day after now', () => {
    expect(defaultAppointmentDay('2026-03-05T22:30:00.000Z')).toBe('2026-03-07');
    expect(defaultAppointmentDay('2026-03-05T10:00:00.000Z')).toBe('2026-03-06');
  });
});

describe('toE164', () => {
  it.each([
    ['0722 123 456', '+40722123456'],
    ['0722-123-456', '+40722123456'],
    ['+40 722 123 456', '+40722123456'],
    ['0040722123456', '+40722123456'],
    ['40722123456', '+40722123456'],
    ['(0722) 123.456', '+40722123456'],
    ['+49 151 23456789', '+4915123456789'],
  ])('%s → %s', (text, e164) => {
    expect(toE164(text)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', PHONE_MESSAGES.missing],
    ['   ', PHONE_MESSAGES.missing],
    ['0722 123', PHONE_MESSAGES.invalid('0722 123')],
    ['abc', PHONE_MESSAGES.invalid('abc')],
    ['+40 722 123 4567', PHONE_MESSAGES.invalid('+40 722 123 4567')],
    ['0264 123 456', PHONE_MESSAGES.notMobile('0264 123 456')],
    ['+1234', PHONE_MESSAGES.invalid('+1234')],
  ])('%s is refused: %s', (text, reason) => {
    expect(toE164(text)).toEqual({ ok: false, reason });
  });
});
