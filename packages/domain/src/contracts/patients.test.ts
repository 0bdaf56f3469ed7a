import { describe, expect, it } from 'vitest';
import { isAvatarFileName, patientInput, patientListQuery } from './patients';

describe('patientInput', () => {
  const valid = { nume: 'Popescu-Ionescu', prenume: 'Ștefan' };

  it('fills the defaults of an almost empty form', () => {
    expect(patientInput.parse(valid)).toMatchObject({
      email: '',
      telefon: '',
      birthdate: null,
      tara: 'România',
      igienizare: false,
      antecedente: {},
    });
  });

  it.each([
    ['spaces are removed from the phone', { telefon: '0722 123 456' }, { telefon: '0722123456' }],
    ['an international phone keeps its plus', { telefon: '+40 722 123 456' }, { telefon: '+40722123456' }],
    ['the email is lower-cased', { email: 'Ana@Clinica.RO' }, { email: 'ana@clinica.ro' }],
    ['names are trimmed', { nume: '  Pop  ' }, { nume: 'Pop' }],
  ])('%s', (_name, change, expected) => {
    expect(patientInput.parse({ ...valid, ...change })).toMatchObject(expected);
  });

  it.each([
    ['a missing name', { nume: '' }, 'nume'],
    ['digits in a name', { prenume: 'Ion3' }, 'prenume'],
    ['letters in a phone', { telefon: '0722abc' }, 'telefon'],
    ['a bad email', { email: 'ana@' }, 'email'],
    ['a bad birthdate', { birthdate: '12.03.1980' }, 'birthdate'],
    ['a birthdate that is no real day', { birthdate: '1980-02-30' }, 'birthdate'],
    ['an unknown history item', { antecedente: { necunoscut: { val: true } } }, 'antecedente'],
    ['an unknown field', { parola: 'x' }, ''],
  ])('rejects %s', (_name, change, path) => {
    const result = patientInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (!result.success && path) expect(result.error.issues[0]?.path[0]).toBe(path);
  });
});

describe('patientListQuery', () => {
  it.each([
    [{}, { page: 1 }],
    [
      { page: '3', igienizare: 'true' },
      { page: 3, igienizare: true },
    ],
    [{ igienizare: 'false' }, { igienizare: false }],
  ])('%j', (query, expected) => {
    expect(patientListQuery.parse(query)).toMatchObject(expected);
  });

  it.each([{ page: '0' }, { from: '2026-13' }, { to: '2026-02-29' }, { sort: 'x' }])(
    'rejects %j',
    (query) => {
      expect(patientListQuery.safeParse(query).success).toBe(false);
    },
  );
});

describe('isAvatarFileName', () => {
  it.each([
    ['poza.jpg', true],
    ['POZA.JPEG', true],
    ['iphone.HEIC', true],
    ['scan.bmp', true],
    ['anim.gif', true],
    ['a.png', true],
    ['doc.pdf', false],
    ['jpg', false],
    ['virus.exe', false],
  ])('%s → %s', (name, expected) => {
    expect(isAvatarFileName(name)).toBe(expected);
  });
});
