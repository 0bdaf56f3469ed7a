import { describe, expect, it } from 'vitest';
import type { Patient } from './patients';
import { formatBirthdate, LETTER_MESSAGES, letterTemplate, saveLetterRequest } from './letters';

type Entry = Patient['history'][number];

function entry(overrides: Partial<Entry>): Entry {
  return {
    id: 1,
    type: 'tratament',
    denumire: 'Obturație compozit',
    createdAt: '2026-03-05T10:00:00.000Z',
    updated_at: null,
    dinte: '1.6',
    dinteStart: null,
    dinteDestinatie: null,
    side: 'top',
    start: null,
    end: null,
    direction: null,
    fill: null,
    mapID: null,
    pics: [],
    deleted: [],
    sterilizari: [],
    detalii: '',
    signature: null,
    medic: 'Dr. Ana Popescu',
    version: 1,
    ...overrides,
  } as Entry;
}

describe('letterTemplate', () => {
  const now = '2026-03-10T09:00:00.000Z';

  it('names the patient and birth date and lists the treatments done, oldest first', () => {
    const text = letterTemplate(
      {
        nume: 'Popescu',
        prenume: 'Ana',
        birthdate: '1980-05-04',
        history: [
          entry({ id: 3, denumire: 'Detartraj', dinte: null, createdAt: '2026-03-08T08:00:00.000Z' }),
          entry({ id: 2, detalii: ' fața ocluzală ', createdAt: '2026-03-01T08:00:00.000Z' }),
          entry({
            id: 4,
            type: 'punte',
            denumire: 'Punte metalo-ceramică',
            dinte: '1.3',
            dinteStart: '1.3',
            dinteDestinatie: '1.5',
            createdAt: '2026-03-09T08:00:00.000Z',
          }),
          entry({ id: 5, denumire: 'Coroană planificată', createdAt: '2026-03-20T08:00:00.000Z' }),
        ],
      },
      now,
    );
    expect(text).toContain('pacientul/pacienta Popescu Ana, născut(ă) la 04.05.1980,');
    const lines = text.split('\n');
    const start = lines.indexOf('Tratamente efectuate:');
    expect(lines.slice(start + 1, start + 4)).toEqual([
      '- 1 Mart. 2026 — Obturație compozit, dinte 1.6 (fața ocluzală)',
      '- 8 Mart. 2026 — Detartraj',
      '- 9 Mart. 2026 — Punte metalo-ceramică, dinții 1.3–1.5',
    ]);
    expect(text).not.toContain('Coroană planificată');
    expect(lines).toContain('Recomandări:');
  });

  it('says so when there are no treatments and leaves out an unknown birth date', () => {
    const text = letterTemplate({ nume: 'Ionescu', prenume: 'Mihai', birthdate: null, history: [] }, now);
    expect(text).toContain('pacientul/pacienta Ionescu Mihai, aflat(ă)');
    expect(text).toContain('- Nu au fost efectuate tratamente până în prezent.');
  });
});

describe('formatBirthdate', () => {
  it.each([
    ['1980-05-04', '04.05.1980'],
    [null, ''],
    ['04.05.1980', ''],
  ])('%s → %s', (day, text) => {
    expect(formatBirthdate(day)).toBe(text);
  });
});

describe('saveLetterRequest', () => {
  it.each([
    ['a blank text', { id: 'p1', text: '   ' }, LETTER_MESSAGES.empty],
    ['a text past 20,000 characters', { id: 'p1', text: 'x'.repeat(20_001) }, LETTER_MESSAGES.tooLong],
    ['no patient', { id: '', text: 'Scrisoare' }, LETTER_MESSAGES.patientNotFound],
  ])('refuses %s', (_label, input, message) => {
    const result = saveLetterRequest.safeParse(input);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('trims the text and refuses unknown fields', () => {
    expect(saveLetterRequest.parse({ id: 'p1', text: ' Scrisoare \n' })).toEqual({
      id: 'p1',
      text: 'Scrisoare',
    });
    expect(saveLetterRequest.safeParse({ id: 'p1', text: 'a', author: 'x' }).success).toBe(false);
  });
});
