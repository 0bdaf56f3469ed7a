import { expect, it } from 'vitest';
import { BIRTHDATE_MESSAGES } from '@odonto/domain/date-window';
import { book, clinic, form, save, update } from '../src/features/appointments/appointments.test-support';
import { patientForm, savePatient, signIn } from '../src/features/patients/patients.test-support';
import { describeEachDialect } from './build-test-app';
import { errorOf } from './http';
import { insertPatientRow } from './stored-files';
import { postForm } from './upload';

// The test clock stands on 2026-03-02: the default window runs from 01.01.1990 to 31.12.2036.
describeEachDialect('implausible dates are refused with a message naming the field', ({ useApp }) => {
  const t = useApp();

  it('a birth date in the future or before 1900', async () => {
    const cookie = await signIn(t(), 'medic');
    for (const [birthdate, message] of [
      ['2999-01-01', BIRTHDATE_MESSAGES.future],
      ['2026-03-03', BIRTHDATE_MESSAGES.future],
      ['1899-12-31', BIRTHDATE_MESSAGES.tooOld],
    ] as const) {
      const refused = await savePatient(t().app, cookie, patientForm({ birthdate }));
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toEqual({ code: 'invalid_input', message, fields: { birthdate: message } });
    }
    expect(await t().db.selectFrom('patients').select('id').execute()).toHaveLength(0);
    expect((await savePatient(t().app, cookie, patientForm({ birthdate: '1900-01-01' }))).statusCode).toBe(
      201,
    );
    expect((await savePatient(t().app, cookie, patientForm({ birthdate: '2026-03-02' }))).statusCode).toBe(
      201,
    );
  });

  it('an appointment in year 9999 or 0001, booked or moved', async () => {
    const c = await clinic(t());
    const message = 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.';
    for (const createdAt of ['9999-03-05', '0001-03-05', '2037-01-01']) {
      const refused = await save(t(), c, form(c.doctor.id, [10, 0], [10, 30], { createdAt }));
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toEqual({ code: 'invalid_input', message, fields: { createdAt: message } });
    }
    const booked = await book(t(), c);
    const moved = await update(t(), c, {
      ...form(c.doctor.id, [10, 0], [10, 30], { createdAt: '9999-03-05' }),
      _id: booked._id,
      version: booked.version,
    });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).fields).toEqual({ createdAt: message });
    const later = await save(t(), c, form(c.doctor.id, [11, 0], [11, 30], { createdAt: '2036-12-31' }));
    expect(later.statusCode, later.body).toBe(201);
  });

  it('a treatment dated in year 9999', async () => {
    const cookie = await signIn(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    const obj = {
      id: Date.parse('2026-03-02T08:00:00Z'),
      type: 'tratament',
      denumire: 'consultație',
      createdAt: '9999-03-02',
      dinte: null,
      mapID: null,
      medic: 'Dr. Ana Pop',
    };
    const refused = await postForm(
      t().app,
      `/api/save-history/${patientId}`,
      { obj: JSON.stringify(obj) },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.['createdAt']).toBe(
      'Data tratamentului trebuie să fie între 01.01.1990 și 31.12.2036.',
    );
  });
});
