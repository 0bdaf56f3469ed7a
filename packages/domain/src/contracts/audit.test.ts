import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditDetailsText,
  auditFilterQuery,
  auditListQuery,
  auditPatientLabel,
  formatAuditTime,
} from './audit';

describe('auditListQuery', () => {
  it('takes every filter and the page; empty values mean no filter', () => {
    expect(
      auditListQuery.parse({
        user: ' ana@clinica.ro ',
        patient: 'p-1',
        action: 'patient_view',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '3',
      }),
    ).toEqual({
      user: 'ana@clinica.ro',
      patient: 'p-1',
      action: 'patient_view',
      from: '2026-03-01',
      to: '2026-03-31',
      page: 3,
    });
    expect(auditListQuery.parse({ user: '', patient: '', action: '', from: '', to: '' })).toEqual({
      user: undefined,
      patient: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });

  it.each([
    ['a day in another format', { from: '01.03.2026' }, 'from'],
    ['a day that does not exist', { to: '2026-02-30' }, 'to'],
    ['an action with odd characters', { action: 'patient view;' }, 'action'],
    ['page 0', { page: '0' }, 'page'],
    ['a page that is not a number', { page: 'doi' }, 'page'],
    ['an unknown filter', { medic: 'x' }, ''],
  ])('rejects %s', (_name, query, path) => {
    const result = auditListQuery.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success && path) expect(result.error.issues[0]?.path[0]).toBe(path);
  });

  it('the export takes the filters without a page', () => {
    expect(auditFilterQuery.safeParse({ action: 'login' }).success).toBe(true);
    expect(auditFilterQuery.safeParse({ page: '2' }).success).toBe(false);
  });
});

describe('audit labels', () => {
  it.each([
    ['login', 'Autentificare'],
    ['login_failed', 'Autentificare eșuată'],
    ['logout', 'Deconectare'],
    ['password_change', 'Schimbare parolă'],
    ['patient_view', 'Vizualizare fișă pacient'],
    ['patient_create', 'Creare pacient'],
    ['patient_update', 'Modificare pacient'],
    ['patient_block', 'Blocare/deblocare pacient'],
    ['patient_delete', 'Ștergere pacient'],
    ['patient_restore', 'Restaurare pacient'],
    ['avatar_save', 'Avatar salvat'],
    ['avatar_delete', 'Avatar șters'],
    ['places_import', 'Import localități'],
    ['user_create', 'Creare utilizator'],
    ['user_update', 'Modificare utilizator'],
    ['user_delete', 'Ștergere utilizator'],
    ['user_invite', 'Invitație trimisă'],
    ['audit_export', 'Export jurnal de audit'],
    ['location_archive', 'Închidere sediu'],
    ['user_locations', 'Modificare sedii ale utilizatorului'],
  ])('%s is %j', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it('shows an action it has no label for as recorded, and no inherited name', () => {
    expect(auditActionLabel('review_delete')).toBe('review_delete');
    expect(auditActionLabel('constructor')).toBe('constructor');
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('has a distinct label for every action', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('auditDetailsText', () => {
  it.each([
    [null, ''],
    [
      { fields: ['nume', 'birthdate', 'antecedenteDetalii'], version: 3 },
      'Câmpuri modificate: nume, data nașterii, detalii antecedente',
    ],
    [{ fields: [], version: 2 }, 'Nicio modificare'],
    [{ reason: 'wrong_password' }, 'Motiv: parolă greșită'],
    [{ blocked: true }, 'Pacient blocat'],
    [{ blocked: false }, 'Pacient deblocat'],
    [{ keepOverlap: true }, 'Păstrată peste o altă programare'],
    // A yes/no without a text of its own: Romanian, never the English `true`.
    [{ someFlag: true, otherFlag: false }, 'da; nu'],
    [{ fileNumber: 12 }, 'Fișa nr. 12'],
    [{ via: 'invite', endedSessions: 2 }, 'Prin invitație; Sesiuni închise: 2'],
    [{ roles: ['admin', 'medic'], source: 'setup' }, 'Roluri: admin, medic; Sursa: prima configurare'],
    [
      { counties: 42, localities: 13000, sha256: 'ab', source: 'upload' },
      'Județe: 42; Localități: 13000; Sursa: încărcare în aplicație',
    ],
    [{ filters: { patient: 'p-1', from: '2026-03-01' } }, 'Filtre: pacient p-1, de la 01.03.2026'],
    [{ filters: {} }, 'Filtre: fără filtre'],
    [{ fields: ['culoare'] }, 'Câmpuri modificate: culoare'],
    [{ fields: ['name', 'opensAt'] }, 'Câmpuri modificate: denumire, ora de deschidere'],
    [{ label: 'Sediul Nord', direction: 'up' }, 'Denumire: Sediul Nord; Mutat mai sus'],
    [{ previousName: 'Cabinet 1', label: 'Cabinet 2' }, 'Nume anterior: Cabinet 1; Denumire: Cabinet 2'],
    [{ sedii: [] }, 'Toate sediile'],
    [{ sedii: ['Sediul Nord', 'Sediul Sud'] }, 'Sedii: Sediul Nord, Sediul Sud'],
    [
      { fields: ['functie', 'roles', 'active'], version: 4, endedSessions: 1 },
      'Câmpuri modificate: funcție, roluri, activ; Sesiuni închise: 1',
    ],
    [{ roles: ['medic'], active: true }, 'Roluri: medic; Cont activ'],
    [{ mail: 'sent', resend: true }, 'Email trimis; Retrimisă'],
    [{ mail: 'failed', resend: false }, 'Email eșuat'],
    [
      { email: 'ana@clinica.ro', nume: 'Ana Pop', roles: ['asistent'], endedSessions: 0 },
      'Email: ana@clinica.ro; Nume: Ana Pop; Roluri: asistent; Sesiuni închise: 0',
    ],
    // A key without a Romanian text never shows its raw name: its value alone, ids and objects left out.
    [{ tooth: '1.1', count: 2 }, '1.1; 2'],
    [{ entryId: 17, planItemId: 'p1', reversesId: 'c1', allocations: [{ chargeId: 'c' }] }, ''],
    [
      { type: 'tratament', denumire: 'coroană', dinte: '1.6', motiv: 'greșit', semnat: true },
      'Tratament: coroană; Dinte 1.6; Motiv: greșit; Semnat de pacient',
    ],
    [{ amountBani: 25_000, method: 'numerar', isAdvance: true }, 'Sumă: 250,00 lei; Metodă: numerar; Avans'],
    // Two-factor sign-in
    [{ step: 'code' }, 'Urmează codul din aplicație'],
    [{ step: 'setup' }, 'Urmează configurarea autentificării în doi pași'],
    [{ reason: 'replayed_code', stage: 'sign-in' }, 'Motiv: cod folosit deja; La autentificare'],
    [
      { reason: 'used_recovery_code', stage: 'disable' },
      'Motiv: cod de recuperare folosit deja; La dezactivare',
    ],
    [{ reason: 'wrong_code', stage: 'profile' }, 'Motiv: cod greșit; La activare, din profil'],
    [{ secondFactor: 'recovery_code' }, 'Cu cod de recuperare'],
    [{ by: 'password' }, 'Cu parola'],
    [{ stage: 'sign-in', retryAfter: 900 }, 'La autentificare; Reîncercare după 900 s'],
    [{ requiredRoles: ['admin', 'medic'] }, 'Obligatorie pentru: admin, medic'],
    [{ requiredRoles: [] }, 'Obligatorie pentru niciun rol'],
  ])('%j → %j', (details, text) => {
    expect(auditDetailsText(details)).toBe(text);
  });
});

describe('formatAuditTime', () => {
  it.each([
    ['2026-03-02T09:00:05.000Z', '02.03.2026 11:00:05'],
    ['2026-07-01T21:30:00.000Z', '02.07.2026 00:30:00'],
    ['2026-03-29T00:59:59.000Z', '29.03.2026 02:59:59'],
    ['2026-03-29T01:00:00.000Z', '29.03.2026 04:00:00'],
    ['nu e o dată', ''],
  ])('%s in Bucharest is %j', (at, text) => {
    expect(formatAuditTime(at)).toBe(text);
  });
});

it('names a patient with the file number', () => {
  expect(auditPatientLabel({ nume: 'Popescu', prenume: 'Ion', fileNumber: 7 })).toBe(
    'Popescu Ion (fișa nr. 7)',
  );
});
