import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PatientInput } from '@odonto/domain/contracts/patients';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { insertLocationRow } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { PATIENT_MESSAGES } from './patient-messages';
import { createPatientVia, listVia, signIn } from './patients.test-support';

const PEOPLE: Partial<PatientInput>[] = [
  // ș and ț with a comma below, ş and ţ with a cedilla: both spellings are in use.
  {
    nume: 'Popescu',
    prenume: 'Ștefan',
    telefon: '0722123456',
    judet: 'Argeș',
    oras: 'Pitești',
    medic: 'Dr. Ana Pop',
    igienizare: true,
  },
  { nume: 'Ionescu', prenume: 'Ştefan', telefon: '0733 999 888', judet: 'Cluj', oras: 'Cluj-Napoca' },
  { nume: 'Țăranu', prenume: 'Maria', telefon: '', judet: 'argeș', oras: 'Mioveni', medic: 'dr. ana pop' },
  { nume: 'Ţepeş', prenume: 'Ioana', telefon: '+40 744 555 666', tara: 'Republica Moldova' },
  { nume: 'Zamfir', prenume: 'Ana', telefon: '' },
  { nume: 'Ursu', prenume: 'Ion', telefon: '' },
];

describeEachDialect('GET /api/pacienti: search and filters', ({ build }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await build();
    cookie = await signIn(t, 'asistent');
    for (const person of PEOPLE) await createPatientVia(t.app, cookie, person);
  });
  afterAll(async () => {
    await t.close();
  });

  const names = async (query: Record<string, string>) =>
    (await listVia(t.app, cookie, query)).pacienti
      .map((p) => p.nume)
      .sort((a, b) => a.localeCompare(b, 'ro'));

  it.each([
    ['stefan', ['Ionescu', 'Popescu']],
    ['ŞTEFAN (cedilla)', ['Ionescu', 'Popescu'], 'ŞTEFAN'],
    ['Ștefan (comma below)', ['Ionescu', 'Popescu'], 'Ștefan'],
    ['taranu', ['Țăranu']],
    ['ţăranu (cedilla for a comma-below name)', ['Țăranu'], 'ţăranu'],
    ['țepeș (comma below for a cedilla name)', ['Ţepeş'], 'țepeș'],
    ['tepes', ['Ţepeş']],
    ['surname first: popescu stefan', ['Popescu'], 'popescu stefan'],
    ['first name first: Stefan Popescu', ['Popescu'], 'Stefan Popescu'],
    ['a partial second word: stefan pop', ['Popescu'], 'stefan pop'],
    ['ion (3 letters, substring)', ['Ionescu', 'Ursu'], 'ion'],
    ['a phone fragment with a space: 0722 123', ['Popescu'], '0722 123'],
    ['the whole phone', ['Popescu'], '0722123456'],
    ['a phone saved with spaces: 999 888', ['Ionescu'], '999 888'],
    ['an international phone fragment: 744-555', ['Ţepeş'], '744-555'],
    ['two letters: io', ['Ionescu', 'Ursu', 'Ţepeş'], 'io'],
    ['one letter: z', ['Zamfir'], 'z'],
    ['one digit: 9', ['Ionescu'], '9'],
    ['no match', [], 'xyzw'],
    ['a LIKE wildcard is a plain character: %', [], '%'],
    ['an underscore is a plain character: _a', [], '_a'],
    ['a quote in a long query', [], 'ste"fan'],
    ['only spaces: the whole list', PEOPLE.map((p) => p.nume ?? ''), '   '],
  ])('q = %s', async (label, expected, q = label) => {
    expect(await names({ q })).toEqual([...expected].sort((a, b) => a.localeCompare(b, 'ro')));
  });

  it.each([
    [{ judet: 'arges' }, ['Popescu', 'Țăranu']],
    [{ judet: 'ARGEȘ' }, ['Popescu', 'Țăranu']],
    [{ oras: 'pitesti' }, ['Popescu']],
    [{ oras: 'Cluj-Napoca' }, ['Ionescu']],
    [{ tara: 'republica moldova' }, ['Ţepeş']],
    [{ tara: 'Romania' }, ['Ionescu', 'Popescu', 'Țăranu', 'Ursu', 'Zamfir']],
    [{ medic: 'DR. ANA POP' }, ['Popescu', 'Țăranu']],
    [{ igienizare: 'true' }, ['Popescu']],
    [{ igienizare: 'false' }, ['Ionescu', 'Popescu', 'Țăranu', 'Ţepeş', 'Ursu', 'Zamfir']],
    // A filter beside the flag: on PostgreSQL its flagged patients' own index (decision 0074).
    [{ medic: 'dr. ana pop', igienizare: 'true' }, ['Popescu']],
    [{ judet: 'ARGES', igienizare: 'true' }, ['Popescu']],
    [{ oras: 'mioveni', igienizare: 'true' }, []],
    [{ tara: 'romania', igienizare: 'true' }, ['Popescu']],
    [{ tara: 'republica moldova', igienizare: 'true' }, []],
    [{ judet: '', oras: '' }, ['Ionescu', 'Popescu', 'Țăranu', 'Ţepeş', 'Ursu', 'Zamfir']],
    [{ q: 'stefan', judet: 'arges' }, ['Popescu']],
    [{ q: 'ana', medic: 'dr. ana pop' }, []],
    [{ judet: 'Bihor' }, []],
  ])('filter %j', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('answers the list items with the fields the table shows, newest first', async () => {
    const list = await listVia(t.app, cookie, { q: 'stefan' });
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(list.pacienti[0]).toEqual({
      _id: expect.any(String),
      id: 2,
      nume: 'Ionescu',
      prenume: 'Ştefan',
      telefon: '0733999888',
      email: '',
      judet: 'Cluj',
      oras: 'Cluj-Napoca',
      tara: 'România',
      medic: '',
      igienizare: false,
      blocked: false,
      avatar: null,
      createdAt: expect.any(String),
      deletedAt: null,
      // No accepted treatment plan (issue 12).
      planOpenBani: 0,
    });
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: 'doi' }, 'page'],
    [{ from: '05.03.2026' }, 'from'],
    [{ to: '2026-02-30' }, 'to'],
    [{ from: '2026-03-06', to: '2026-03-05' }, 'to'],
    [{ igienizare: 'poate' }, 'igienizare'],
    [{ sort: 'nume' }, 'sort'],
    [{ q: 'x'.repeat(101) }, 'q'],
  ])('answers 400 for the query %j', async (query, field) => {
    const response = await call(t.app, {
      url: `/api/pacienti?${new URLSearchParams(query).toString()}`,
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(MESSAGES.invalidInput);
    expect(errorOf(response).fields).toHaveProperty(field);
  });

  it('a clinic group: the patients with an appointment at a location, with a search and a filter', async () => {
    const at = '2026-03-01T08:00:00.000Z';
    await insertLocationRow(t.db, { id: 'nord', name: 'Sediul Nord' });
    const doctor = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const patients = await t.db.selectFrom('patients').select(['id', 'nume']).execute();
    const idOf = (nume: string) => patients.find((patient) => patient.nume === nume)?.id ?? '';
    const appointment = (patientId: string, minutes: number, deletedAt: string | null = null) => ({
      id: `a-${patientId}-${minutes}`,
      patient_id: patientId,
      doctor_id: doctor.id,
      starts_at: new Date(Date.parse(at) + minutes * 60_000).toISOString(),
      ends_at: new Date(Date.parse(at) + (minutes + 30) * 60_000).toISOString(),
      note: '',
      trimite_sms: 0,
      created_at: at,
      created_by: null,
      updated_at: at,
      version: 1,
      deleted_at: deletedAt,
      deleted_by: null,
      location_id: 'nord',
      chair_id: null,
    });
    await t.db
      .insertInto('appointments')
      .values([
        appointment(idOf('Popescu'), 0),
        appointment(idOf('Popescu'), 60),
        appointment(idOf('Zamfir'), 0),
        // A cancelled appointment does not make a patient one of the location's.
        appointment(idOf('Ursu'), 0, at),
      ])
      .execute();
    expect(await names({ sediu: 'nord' })).toEqual(['Popescu', 'Zamfir']);
    expect((await listVia(t.app, cookie, { sediu: 'nord' })).total).toBe(2);
    expect(await names({ sediu: 'nord', q: 'stefan' })).toEqual(['Popescu']);
    expect(await names({ sediu: 'nord', q: 'za' })).toEqual(['Zamfir']);
    expect(await names({ sediu: 'nord', judet: 'Argeș' })).toEqual(['Popescu']);
    expect(await names({ sediu: 'nicaieri' })).toEqual([]);
    const tooLong = await call(t.app, { url: `/api/pacienti?sediu=${'x'.repeat(101)}`, cookie });
    expect(tooLong.statusCode).toBe(400);
  });

  it('says why a reversed date range is refused', async () => {
    const response = await call(t.app, { url: '/api/pacienti?from=2026-03-06&to=2026-03-05', cookie });
    expect(errorOf(response).fields).toEqual({ to: PATIENT_MESSAGES.dateRange });
  });
});
