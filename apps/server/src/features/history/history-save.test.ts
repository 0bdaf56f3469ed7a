import { expect, it } from 'vitest';
import { BRIDGE_PROBLEM_MESSAGES } from '@odonto/domain/bridges';
import { HISTORY_MESSAGES } from '@odonto/domain/contracts/history';
import { RULE_MESSAGES } from '@odonto/domain/rules';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import { HISTORY_SERVER_MESSAGES } from './history-messages';
import {
  DOCTOR,
  getPatient,
  historyAuditRows,
  medicWithPatient,
  saveHistory,
  saveVia,
  signIn,
  summary,
  treatment,
} from './history.test-support';

describeEachDialect('history: save-history', ({ useApp }) => {
  const t = useApp();

  it('adds a crown: 201 with the whole patient, the entry placed and coloured from the catalogue', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const response = await saveHistory(
      t(),
      cookie,
      patientId,
      // What the client says about type, colour and catalogue id does not count: the server derives them.
      treatment('coroană zirconiu monolitic', '1.6', {
        detalii: 'amprentă digitală',
        fill: '#000000',
        mapID: 9,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const patient = response.json<{ _id: string; history: unknown[]; dintiStersi: string[] }>();
    expect(patient._id).toBe(patientId);
    expect(patient.dintiStersi).toEqual([]);
    expect(patient.history).toEqual([
      {
        // The creation time in ms (the test clock), whatever id the form carried.
        id: Date.parse('2026-03-02T09:00:00.000Z'),
        type: 'tratament',
        denumire: 'coroană zirconiu monolitic',
        // The clinic day 2 March 2026, Bucharest midnight.
        createdAt: '2026-03-01T22:00:00.000Z',
        updated_at: null,
        dinte: '1.6',
        dinteStart: null,
        dinteDestinatie: null,
        side: 'top',
        start: null,
        end: null,
        direction: null,
        fill: '#2F80C8',
        mapID: 1.2,
        pics: [],
        deleted: [],
        sterilizari: [],
        detalii: 'amprentă digitală',
        signature: null,
        signed: null,
        medic: DOCTOR,
        // Saved for no treatment plan item (issue 12).
        planItem: null,
        version: 1,
      },
    ]);
    expect(await historyAuditRows(t())).toMatchObject([
      { action: 'history_create', patient_id: patientId, entity: 'history_entry' },
    ]);
  });

  it('gives entries saved in the same millisecond different ids, and lists the newest first', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('consultație', null));
    await saveVia(t(), cookie, patientId, treatment('detartraj ultrasonic', null));
    await saveVia(
      t(),
      cookie,
      patientId,
      treatment('obturație compozit trei suprafețe', '2.6', { createdAt: '2026-03-09' }),
    );
    const { history } = await getPatient(t(), cookie, patientId);
    const start = Date.parse('2026-03-02T09:00:00.000Z');
    expect(history.map((entry) => entry.id)).toEqual([start + 2, start + 1, start]);
    expect(summary(history)).toEqual([
      ['obturație compozit trei suprafețe', '2.6'],
      ['detartraj ultrasonic', null],
      ['consultație', null],
    ]);
  });

  it('refuses what the treatment modal would not send: 400 with Romanian field messages, nothing saved', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const cases: [unknown, Record<string, string>][] = [
      [treatment('coroană zirconiu monolitic', null), { dinte: RULE_MESSAGES.required }],
      [
        treatment('punte zirconiu', null),
        { dinte: RULE_MESSAGES.required, dinteDestinatie: RULE_MESSAGES.required },
      ],
      [treatment('tratament inventat', '1.1'), { denumire: HISTORY_MESSAGES.unknownTreatment }],
      [treatment('consultație', null, { createdAt: '2026-03-01' }), { createdAt: HISTORY_MESSAGES.pastDate }],
      [treatment('consultație', null, { createdAt: '' }), { createdAt: RULE_MESSAGES.required }],
      [treatment('consultație', null, { medic: '' }), { medic: RULE_MESSAGES.required }],
      [treatment('consultație', '9.9'), { dinte: HISTORY_MESSAGES.unknownTooth }],
      [{ ...treatment('consultație', null), culoare: 'roșu' }, { culoare: expect.any(String) }],
    ];
    for (const [obj, fields] of cases) {
      const response = await saveHistory(t(), cookie, patientId, obj);
      expect(response.statusCode, JSON.stringify(obj)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('invalid_input');
      expect(error.fields).toEqual(fields);
      expect(error.message).toBe(Object.values(error.fields ?? {})[0]);
    }
    const notJson = await call(t().app, {
      method: 'POST',
      url: `/api/save-history/${patientId}`,
      cookie,
      body: treatment('consultație', null),
    });
    expect(notJson.statusCode).toBe(415);
    const { history } = await getPatient(t(), cookie, patientId);
    expect(history).toEqual([]);
    expect(await historyAuditRows(t())).toEqual([]);
  });

  it('checks a bridge or crown from the modal against the chart as it stands', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6'));
    await saveVia(t(), cookie, patientId, treatment('extracție dentară', '2.4'));
    const cases: [unknown, Record<string, string>][] = [
      [
        treatment('punte zirconiu', '1.3', { dinteDestinatie: '1.6' }),
        { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['destination-crowned'] },
      ],
      [treatment('coroană zirconiu monolitic', '2.4'), { dinte: HISTORY_MESSAGES.noCrown }],
    ];
    for (const [obj, fields] of cases) {
      const response = await saveHistory(t(), cookie, patientId, obj);
      expect(response.statusCode, JSON.stringify(obj)).toBe(400);
      expect(errorOf(response).fields).toEqual(fields);
    }
    const bridge = await saveVia(
      t(),
      cookie,
      patientId,
      treatment('punte zirconiu', '1.3', { dinteDestinatie: '1.5' }),
    );
    expect(bridge.history[0]).toMatchObject({
      type: 'punte',
      dinte: '1.3',
      dinteStart: '1.3',
      dinteDestinatie: '1.5',
      side: 'top',
      start: 5,
      end: 3,
      direction: 'left',
      mapID: 0.2,
    });
    // A treatment that is no bridge never keeps a destination.
    const filling = await saveVia(
      t(),
      cookie,
      patientId,
      treatment('obturație compozit trei suprafețe', '3.6', { dinteDestinatie: '3.7' }),
    );
    expect(filling.history[0]).toMatchObject({ dinte: '3.6', dinteDestinatie: null, side: 'bottom' });
  });

  it('answers 400 for a missing or unreadable obj', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const missing = await postForm(t().app, `/api/save-history/${patientId}`, { other: 'x' }, cookie);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ obj: HISTORY_SERVER_MESSAGES.objMissing });
    const broken = await postForm(t().app, `/api/save-history/${patientId}`, { obj: '{"id":' }, cookie);
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).fields).toEqual({ obj: HISTORY_SERVER_MESSAGES.objNotJson });
  });

  it('answers 401 signed out, 403 to sterilizare and without the CSRF header, 404 for unknown or deleted patients', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const obj = treatment('consultație', null);
    expect((await saveHistory(t(), null, patientId, obj)).statusCode).toBe(401);
    const sterilizare = await signIn(t(), 'sterilizare');
    expect((await saveHistory(t(), sterilizare, patientId, obj)).statusCode).toBe(403);
    const noCsrf = await call(t().app, {
      method: 'POST',
      url: `/api/save-history/${patientId}`,
      cookie,
      withoutCsrfHeader: true,
      body: obj,
    });
    expect(noCsrf.statusCode).toBe(403);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T10:00:00.000Z' });
    for (const id of ['nu-exista', deleted]) {
      const response = await saveHistory(t(), cookie, id, obj);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(HISTORY_SERVER_MESSAGES.patientNotFound);
    }
    const asistent = await signIn(t(), 'asistent');
    expect((await saveHistory(t(), asistent, patientId, obj)).statusCode).toBe(201);
  });
});
