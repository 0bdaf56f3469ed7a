import { expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '@odonto/domain/contracts/history';
import type { Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import {
  getPatient,
  historyAuditRows,
  medicWithPatient,
  saveVia,
  signIn,
  treatment,
} from './history.test-support';

describeEachDialect('history: sterge-dinte', ({ useApp }) => {
  const t = useApp();

  const toggle = (cookie: string | null, patientId: string, body: unknown) =>
    call(t().app, { method: 'POST', url: `/api/sterge-dinte/${patientId}`, cookie, body });

  it('toggles a tooth in dintiStersi, a new patient version each time, and answers the patient', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('consultație', null));
    const removed = await toggle(cookie, patientId, { dinte: '4.8' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Patient>()).toMatchObject({ _id: patientId, dintiStersi: ['4.8'], version: 2 });
    expect(removed.json<Patient>().history).toHaveLength(1);
    expect((await toggle(cookie, patientId, { dinte: '1.1' })).json<Patient>().dintiStersi).toEqual([
      '4.8',
      '1.1',
    ]);
    const back = await toggle(cookie, patientId, { dinte: '4.8' });
    expect(back.json<Patient>()).toMatchObject({ dintiStersi: ['1.1'], version: 4 });
    expect((await getPatient(t(), cookie, patientId)).dintiStersi).toEqual(['1.1']);
    const rows = (await historyAuditRows(t())).filter((row) => row.action === 'tooth_toggle');
    expect(rows.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { dinte: '4.8', removed: true, version: 2 },
      { dinte: '1.1', removed: true, version: 3 },
      { dinte: '4.8', removed: false, version: 4 },
    ]);
    expect(rows.every((row) => row.patient_id === patientId)).toBe(true);
  });

  it('answers 400 for an unknown tooth, 404 for an unknown or deleted patient, 401 and 403', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const unknown = await toggle(cookie, patientId, { dinte: '5.1' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ dinte: HISTORY_MESSAGES.unknownTooth });
    expect((await toggle(cookie, patientId, { dinte: '1.1', extra: 1 })).statusCode).toBe(400);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T10:00:00.000Z' });
    for (const id of ['nu-exista', deleted]) {
      expect((await toggle(cookie, id, { dinte: '1.1' })).statusCode).toBe(404);
    }
    expect((await toggle(null, patientId, { dinte: '1.1' })).statusCode).toBe(401);
    expect((await toggle(await signIn(t(), 'sterilizare'), patientId, { dinte: '1.1' })).statusCode).toBe(
      403,
    );
    expect((await getPatient(t(), cookie, patientId)).dintiStersi).toEqual([]);
  });
});
