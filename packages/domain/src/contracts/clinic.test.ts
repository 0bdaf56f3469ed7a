import { describe, expect, it } from 'vitest';
import { CLINIC_MESSAGES, clinicInput, isValidCui, normalizeCui, titleOfDoctor } from './clinic';

describe('isValidCui', () => {
  it.each([
    ['14399840', true],
    ['RO14399840', true],
    ['ro 14399840', true],
    ['18547290', true],
    ['19', true],
    ['14399841', false],
    ['1234567', false],
    ['0123', false],
    ['1', false],
    ['12345678901', false],
    ['RO', false],
    ['14 399 840', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidCui(value)).toBe(valid);
  });
});

describe('normalizeCui', () => {
  it.each([
    [' ro 14399840 ', 'RO14399840'],
    ['RO14399840', 'RO14399840'],
    ['14399840', '14399840'],
  ])('%s → %s', (value, expected) => {
    expect(normalizeCui(value)).toBe(expected);
  });
});

describe('clinicInput', () => {
  it('fills the defaults, trims, removes spaces from the phone and normalises the CUI', () => {
    expect(
      clinicInput.parse({
        nume: ' Clinica Zâmbet ',
        telefon: '0722 123 456',
        cui: 'ro 14399840',
        email: 'A@B.RO',
      }),
    ).toEqual({
      nume: 'Clinica Zâmbet',
      adresa: '',
      telefon: '0722123456',
      email: 'a@b.ro',
      cui: 'RO14399840',
      titluriMedici: [],
      stampila: '',
      regCom: '',
      strada: '',
      localitate: '',
      judetCod: '',
      codPostal: '',
      iban: '',
      banca: '',
      platitorTva: false,
    });
  });

  it('takes the seller details an invoice needs: county code, postal code, IBAN without spaces', () => {
    const parsed = clinicInput.parse({
      nume: 'C',
      judetCod: 'cj',
      codPostal: '400114',
      iban: 'ro49 aaaa 1b31 0075 9384 0000',
      platitorTva: true,
    });
    expect(parsed).toMatchObject({ judetCod: 'CJ', iban: 'RO49AAAA1B31007593840000', platitorTva: true });
  });

  it.each([
    ['nume', { nume: '' }, CLINIC_MESSAGES.nameRequired],
    ['nume', { nume: 'x'.repeat(121) }, CLINIC_MESSAGES.nameTooLong],
    ['cui', { nume: 'C', cui: '1234567' }, CLINIC_MESSAGES.cui],
    ['telefon', { nume: 'C', telefon: '07-22' }, CLINIC_MESSAGES.phone],
    ['email', { nume: 'C', email: 'nu-este' }, 'Adresa de email nu este validă.'],
    ['stampila', { nume: 'C', stampila: 'x'.repeat(501) }, CLINIC_MESSAGES.stampTooLong],
    ['judetCod', { nume: 'C', judetCod: 'XX' }, CLINIC_MESSAGES.county],
    ['codPostal', { nume: 'C', codPostal: '12' }, CLINIC_MESSAGES.postalCode],
    ['iban', { nume: 'C', iban: 'RO49AAAA1B31007593840001' }, CLINIC_MESSAGES.iban],
    [
      'titluriMedici',
      { nume: 'C', titluriMedici: [{ userId: 'u1', titlu: '' }] },
      'Câmpul este obligatoriu.',
    ],
  ])('refuses a bad %s', (field, input, message) => {
    const result = clinicInput.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path[0]).toBe(field);
    expect(issue?.message).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(clinicInput.safeParse({ nume: 'C', logo: 'x.png' }).success).toBe(false);
  });
});

describe('titleOfDoctor', () => {
  const clinic = { titluriMedici: [{ userId: 'u1', titlu: 'Medic primar' }] };
  it.each([
    ['u1', 'Medic primar'],
    ['u2', ''],
    [null, ''],
  ])('%s → %s', (userId, title) => {
    expect(titleOfDoctor(clinic, userId)).toBe(title);
  });
});
