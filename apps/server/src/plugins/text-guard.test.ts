import { expect, it } from 'vitest';
import { controlCharacterMessage } from '@odonto/domain/messages';
import { describeEachDialect } from '../../test/build-test-app';
import { call, errorOf } from '../../test/http';
import { postForm } from '../../test/upload';
import { insertPatientRow } from '../../test/stored-files';
import { patientForm, savePatient, signIn } from '../features/patients/patients.test-support';

describeEachDialect('control characters in what a call sends', ({ useApp }) => {
  const t = useApp();

  it('refuses a NUL or an escape in a JSON body with 400 naming the field, and stores nothing', async () => {
    const cookie = await signIn(t(), 'medic');
    for (const [change, field] of [
      [{ nume: 'Popescu\u0000' }, 'nume'],
      [{ prenume: 'Ion\u001b[2J' }, 'prenume'],
      [{ oras: 'Pitești\u0007' }, 'oras'],
    ] as const) {
      const refused = await savePatient(t().app, cookie, patientForm(change));
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toEqual({
        code: 'invalid_input',
        message: controlCharacterMessage(field),
        fields: { [field]: controlCharacterMessage(field) },
      });
    }
    expect(await t().db.selectFrom('patients').select('id').execute()).toHaveLength(0);
    const saved = await savePatient(t().app, cookie, patientForm({ nume: 'Popescu', prenume: 'Ion' }));
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('refuses them in a query or a path parameter', async () => {
    const cookie = await signIn(t(), 'medic');
    const query = await call(t().app, { url: '/api/pacienti?nume=Ion%00', cookie });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query).fields).toEqual({ nume: controlCharacterMessage('nume') });
    const param = await call(t().app, { url: '/api/get-pacient/abc%1B', cookie });
    expect(param.statusCode).toBe(400);
    expect(errorOf(param).fields).toEqual({ id: controlCharacterMessage('id') });
  });

  it("refuses them inside a multipart form's JSON field, naming the field within it", async () => {
    const cookie = await signIn(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    const obj = {
      id: Date.parse('2026-03-02T08:00:00Z'),
      type: 'tratament',
      denumire: 'consultație',
      createdAt: '2026-03-02',
      dinte: null,
      mapID: null,
      medic: 'Dr. Ana Pop',
      detalii: 'durere\u0000',
    };
    const refused = await postForm(
      t().app,
      `/api/save-history/${patientId}`,
      { obj: JSON.stringify(obj) },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ 'obj.detalii': controlCharacterMessage('obj.detalii') });
    const saved = await postForm(
      t().app,
      `/api/save-history/${patientId}`,
      { obj: JSON.stringify({ ...obj, detalii: 'durere\nla masticație\t(2 zile)' }) },
      cookie,
    );
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
