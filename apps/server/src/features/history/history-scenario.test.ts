import { expect, it } from 'vitest';
import { BRIDGE_PROBLEM_MESSAGES } from '@odonto/domain/bridges';
import { chartState } from '@odonto/domain/chart-state';
import { pictureName, pictureThumbnailPath, picturePath } from '@odonto/domain/contracts/history-pictures';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { redBlue } from '../../../test/stored-files';
import {
  asObj,
  getPatient,
  historyAuditRows,
  medicWithPatient,
  punte,
  savePunte,
  saveVia,
  summary,
  treatment,
  updateHistory,
} from './history.test-support';

describeEachDialect('history: the issue’s scenario through the API', ({ useApp }) => {
  const t = useApp();

  it('crown, bridge, extraction, implant, endodontics; pictures; delete-punte; sterge-dinte; audited', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const save = async (denumire: string, dinte: string, createdAt: string) => {
      t().clock.advanceMinutes(1);
      return saveVia(t(), cookie, patientId, treatment(denumire, dinte, { createdAt }));
    };

    await save('coroană zirconiu monolitic', '1.6', '2026-03-02');
    const refused = await savePunte(t(), cookie, patientId, punte('1.3', '1.6'));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(BRIDGE_PROBLEM_MESSAGES['destination-crowned']);
    t().clock.advanceMinutes(1);
    const bridgeAnswer = await savePunte(t(), cookie, patientId, punte('1.3', '1.5'));
    expect(bridgeAnswer.statusCode, bridgeAnswer.body).toBe(201);
    const [bridge] = bridgeAnswer.json<PatientHistoryEntry[]>();
    expect(bridge).toMatchObject({ dinteStart: '1.3', dinteDestinatie: '1.5', direction: 'left' });
    await save('extracție dentară', '3.8', '2026-03-05');
    await save('implant dentar', '4.6', '2026-03-04');
    await save('tratament endodontic monoradicular', '2.1', '2026-03-03');

    const patient = await getPatient(t(), cookie, patientId);
    expect(summary(patient.history)).toEqual([
      ['extracție dentară', '3.8'],
      ['implant dentar', '4.6'],
      ['tratament endodontic monoradicular', '2.1'],
      ['punte zirconiu', '1.3'],
      ['coroană zirconiu monolitic', '1.6'],
    ]);
    const chart = chartState(patient.history, patient.dintiStersi);
    expect(chart.teeth['1.6'].crown?.fill).toBe('#2F80C8');
    expect(chart.bridges.map((b) => [b.start, b.end, b.direction, b.teeth])).toEqual([
      ['1.3', '1.5', 'left', ['1.5', '1.4', '1.3']],
    ]);
    expect(chart.teeth['3.8']).toMatchObject({ present: false, absence: 'extracted' });
    expect(chart.teeth['4.6'].implant?.denumire).toBe('implant dentar');
    expect(chart.teeth['2.1'].endodontic?.denumire).toBe('tratament endodontic monoradicular');

    // The crown edited with a before and an after picture.
    const crown = patient.history.find((entry) => entry.dinte === '1.6');
    if (!crown || !bridge) throw new Error('missing entries');
    const before = pictureName(crown.id, 12, 'inainte.jpg');
    const after = pictureName(crown.id, 99_999, 'dupa.jpg');
    const pics = [before, after].map((name, index) => ({ name, w: 0, h: 0, index }));
    const jpeg = { fileName: 'poza.jpg', data: await redBlue('jpeg') };
    const updated = await updateHistory(
      t(),
      cookie,
      patientId,
      { ...asObj(crown), pics },
      {
        [before]: jpeg,
        [after]: jpeg,
      },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    for (const path of [picturePath(patientId, before), pictureThumbnailPath(patientId, after)]) {
      expect((await call(t().app, { url: path, cookie })).statusCode).toBe(200);
      expect((await call(t().app, { url: path })).statusCode).toBe(401);
    }

    const afterDelete = await call(t().app, { url: `/api/delete-punte/${patientId}/${bridge.id}`, cookie });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json<PatientHistoryEntry[]>().some((entry) => entry.id === bridge.id)).toBe(false);

    const toggle = () =>
      call(t().app, {
        method: 'POST',
        url: `/api/sterge-dinte/${patientId}`,
        cookie,
        body: { dinte: '2.8' },
      });
    expect((await toggle()).json<Patient>().dintiStersi).toEqual(['2.8']);
    expect((await toggle()).json<Patient>().dintiStersi).toEqual([]);

    const rows = await historyAuditRows(t());
    expect(rows.map((row) => row.action)).toEqual([
      'history_create',
      'bridge_create',
      'history_create',
      'history_create',
      'history_create',
      'history_update',
      'bridge_delete',
      'tooth_toggle',
      'tooth_toggle',
    ]);
    expect(rows.every((row) => row.patient_id === patientId)).toBe(true);
  });
});
