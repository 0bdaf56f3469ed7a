import { expect, it } from 'vitest';
import { BRIDGE_PROBLEM_MESSAGES } from '@odonto/domain/bridges';
import { HISTORY_MESSAGES } from '@odonto/domain/contracts/history';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { HISTORY_SERVER_MESSAGES } from './history-messages';
import {
  DOCTOR,
  getPatient,
  historyAuditRows,
  medicWithPatient,
  punte,
  savePunte,
  saveVia,
  signIn,
  summary,
  treatment,
} from './history.test-support';

describeEachDialect('history: save-punte and delete-punte', ({ useApp }) => {
  const t = useApp();

  const deletePunte = (cookie: string | null, patientId: string, entryId: number | string, csrf = true) =>
    call(t().app, { url: `/api/delete-punte/${patientId}/${entryId}`, cookie, withoutCsrfHeader: !csrf });

  it('saves a bridge 1.3→1.5 (left): 201 with the new history, newest first', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6'));
    t().clock.advanceMinutes(1);
    const response = await savePunte(
      t(),
      cookie,
      patientId,
      punte('1.3', '1.5', { detalii: 'pe 1.3 și 1.5' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const history = response.json<PatientHistoryEntry[]>();
    expect(summary(history)).toEqual([
      ['punte zirconiu', '1.3'],
      ['coroană zirconiu monolitic', '1.6'],
    ]);
    expect(history[0]).toMatchObject({
      id: Date.parse('2026-03-02T09:01:00.000Z'),
      type: 'punte',
      dinte: '1.3',
      dinteStart: '1.3',
      dinteDestinatie: '1.5',
      side: 'top',
      start: 5,
      end: 3,
      direction: 'left',
      mapID: 0.2,
      fill: '#2F80C8',
      medic: DOCTOR,
      detalii: 'pe 1.3 și 1.5',
      createdAt: '2026-03-01T22:00:00.000Z',
      version: 1,
    });
    expect((await getPatient(t(), cookie, patientId)).history).toEqual(history);
    expect((await historyAuditRows(t())).map((row) => row.action)).toEqual([
      'history_create',
      'bridge_create',
    ]);
  });

  it('answers 409 with the reason when the chart does not allow the bridge', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6'));
    // The check: from 1.3, the crowned 1.6 is no destination.
    const crowned = await savePunte(t(), cookie, patientId, punte('1.3', '1.6'));
    expect(crowned.statusCode).toBe(409);
    expect(errorOf(crowned)).toEqual({
      code: 'conflict',
      message: BRIDGE_PROBLEM_MESSAGES['destination-crowned'],
      fields: { dinteDestinatie: BRIDGE_PROBLEM_MESSAGES['destination-crowned'] },
    });
    await saveVia(t(), cookie, patientId, treatment('extracție dentară', '2.4'));
    await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '2.6'));
    expect((await savePunte(t(), cookie, patientId, punte('1.3', '1.5'))).statusCode).toBe(201);
    expect((await savePunte(t(), cookie, patientId, punte('2.1', '1.1'))).statusCode).toBe(201);
    await call(t().app, {
      method: 'POST',
      url: `/api/sterge-dinte/${patientId}`,
      cookie,
      body: { dinte: '1.8' },
    });
    const cases: [string, string, keyof typeof BRIDGE_PROBLEM_MESSAGES, string][] = [
      ['1.7', '1.5', 'destination-in-bridge', 'dinteDestinatie'],
      ['1.8', '1.7', 'start-unavailable', 'dinteStart'],
      ['1.1', '1.2', 'start-unavailable', 'dinteStart'],
      ['2.2', '2.4', 'destination-absent', 'dinteDestinatie'],
      ['2.5', '2.7', 'span-crosses-crown', 'dinteDestinatie'],
      ['2.2', '1.2', 'span-crosses-bridge', 'dinteDestinatie'],
    ];
    for (const [start, destination, problem, field] of cases) {
      const response = await savePunte(t(), cookie, patientId, punte(start, destination));
      expect(response.statusCode, `${start}→${destination}`).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'conflict',
        message: BRIDGE_PROBLEM_MESSAGES[problem],
        fields: { [field]: BRIDGE_PROBLEM_MESSAGES[problem] },
      });
    }
    expect((await getPatient(t(), cookie, patientId)).history).toHaveLength(5);
  });

  it('answers 400 for a request the modal would not build', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const cases: [unknown, string][] = [
      [punte('1.3', '1.5', { denumire: 'coroană zirconiu monolitic' }), 'denumire'],
      [punte('1.3', '1.5', { direction: 'right' }), 'direction'],
      [punte('1.3', '1.5', { start: 4 }), 'start'],
      [punte('1.3', '1.5', { dinte: '1.4' }), 'dinte'],
      [{ ...punte('1.3', '1.5'), dinteDestinatie: '4.5' }, 'dinteDestinatie'],
      [{ ...punte('1.3', '1.5'), dinteDestinatie: '1.3' }, 'dinteDestinatie'],
      [punte('1.3', '1.5', { createdAt: '2026-03-01' }), 'createdAt'],
      [{ ...punte('1.3', '1.5'), culoare: 'x' }, 'culoare'],
    ];
    for (const [body, field] of cases) {
      const response = await savePunte(t(), cookie, patientId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const notBridge = await savePunte(
      t(),
      cookie,
      patientId,
      punte('1.3', '1.5', { denumire: 'consultație' }),
    );
    expect(errorOf(notBridge).fields?.['denumire']).toBe(HISTORY_MESSAGES.notBridge);
    const past = await savePunte(t(), cookie, patientId, punte('1.3', '1.5', { createdAt: '2026-03-01' }));
    expect(errorOf(past).message).toBe(HISTORY_MESSAGES.pastDate);
    expect((await getPatient(t(), cookie, patientId)).history).toEqual([]);
  });

  it('deletes a bridge with the CSRF header: the new history, the entry kept as deleted, audited', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6'));
    const [bridge] = (await savePunte(t(), cookie, patientId, punte('1.3', '1.5'))).json<
      PatientHistoryEntry[]
    >();
    if (!bridge) throw new Error('no bridge');

    const withoutHeader = await deletePunte(cookie, patientId, bridge.id, false);
    expect(withoutHeader.statusCode).toBe(403);
    expect(errorOf(withoutHeader).code).toBe('csrf');

    const response = await deletePunte(cookie, patientId, bridge.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(summary(response.json<PatientHistoryEntry[]>())).toEqual([['coroană zirconiu monolitic', '1.6']]);
    const row = await t()
      .db.selectFrom('history_entries')
      .selectAll()
      .where('id', '=', bridge.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBe('2026-03-02T09:00:00.000Z');
    expect(row.version).toBe(2);
    expect((await historyAuditRows(t())).at(-1)).toMatchObject({
      action: 'bridge_delete',
      patient_id: patientId,
      entity_id: String(bridge.id),
    });
    // Its teeth are free again: the same bridge can be made anew.
    expect((await savePunte(t(), cookie, patientId, punte('1.3', '1.5'))).statusCode).toBe(201);
  });

  it('answers 404 for an unknown, deleted or non-bridge entry and an unknown patient; 400 for a bad id', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const [crown] = (await saveVia(t(), cookie, patientId, treatment('coroană zirconiu monolitic', '1.6')))
      .history;
    const [bridge] = (await savePunte(t(), cookie, patientId, punte('1.3', '1.5'))).json<
      PatientHistoryEntry[]
    >();
    if (!crown || !bridge) throw new Error('not saved');
    expect((await deletePunte(cookie, patientId, bridge.id)).statusCode).toBe(200);
    for (const [patient, entry] of [
      [patientId, bridge.id],
      [patientId, crown.id],
      [patientId, 123],
      ['nu-exista', bridge.id],
    ] as const) {
      const response = await deletePunte(cookie, patient, entry);
      expect(response.statusCode, `${patient}/${entry}`).toBe(404);
      expect(errorOf(response).message).toMatch(/nu a fost găsit/);
    }
    expect(errorOf(await deletePunte(cookie, patientId, crown.id)).message).toBe(
      HISTORY_SERVER_MESSAGES.bridgeNotFound,
    );
    expect((await deletePunte(cookie, patientId, 'abc')).statusCode).toBe(400);
    expect((await savePunte(t(), cookie, 'nu-exista', punte('1.3', '1.5'))).statusCode).toBe(404);
  });

  it('answers 401 signed out and 403 to sterilizare', async () => {
    const { patientId } = await medicWithPatient(t());
    const sterilizare = await signIn(t(), 'sterilizare');
    expect((await savePunte(t(), null, patientId, punte('1.3', '1.5'))).statusCode).toBe(401);
    expect((await savePunte(t(), sterilizare, patientId, punte('1.3', '1.5'))).statusCode).toBe(403);
    expect((await deletePunte(null, patientId, 1)).statusCode).toBe(401);
    expect((await deletePunte(sterilizare, patientId, 1)).statusCode).toBe(403);
  });
});
