import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { HISTORY_SERVER_MESSAGES } from './history-messages';
import {
  getPatient,
  historyAuditRows,
  medicWithPatient,
  saveVia,
  signIn,
  summary,
  treatment,
} from './history.test-support';

describeEachDialect('history: sterge-tratament', ({ useApp }) => {
  const t = useApp();

  const remove = (cookie: string | null, patientId: string, body: unknown) =>
    call(t().app, { method: 'POST', url: `/api/sterge-tratament/${patientId}`, cookie, body });

  it('soft-deletes the entry named in the modal data and answers its id', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    await saveVia(t(), cookie, patientId, treatment('consultație', null));
    const [entry] = (await saveVia(t(), cookie, patientId, treatment('implant dentar', '3.6'))).history;
    if (!entry) throw new Error('not saved');
    // The modal sends its whole data; only the id counts.
    const response = await remove(cookie, patientId, { ...entry, medic: 'altcineva' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: entry.id });
    expect(summary((await getPatient(t(), cookie, patientId)).history)).toEqual([['consultație', null]]);
    const row = await t()
      .db.selectFrom('history_entries')
      .select(['deleted_at', 'deleted_by', 'version', 'medic'])
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deleted_at: '2026-03-02T09:00:00.000Z', version: 2, medic: entry.medic });
    expect(row.deleted_by).toEqual(expect.any(String));
    expect((await historyAuditRows(t())).at(-1)).toMatchObject({
      action: 'history_delete',
      patient_id: patientId,
      entity_id: String(entry.id),
    });
  });

  it('answers 404 for an unknown or already deleted entry or patient, 400 for a bad body, 401 and 403', async () => {
    const { cookie, patientId } = await medicWithPatient(t());
    const [entry] = (await saveVia(t(), cookie, patientId, treatment('consultație', null))).history;
    if (!entry) throw new Error('not saved');
    expect((await remove(cookie, patientId, { id: entry.id })).statusCode).toBe(200);
    const again = await remove(cookie, patientId, { id: entry.id });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(HISTORY_SERVER_MESSAGES.entryNotFound);
    const other = await insertPatientRow(t().db);
    expect((await remove(cookie, other, { id: entry.id })).statusCode).toBe(404);
    const unknown = await remove(cookie, 'nu-exista', { id: entry.id });
    expect(errorOf(unknown).message).toBe(HISTORY_SERVER_MESSAGES.patientNotFound);
    for (const body of [{}, { id: 'abc' }, { id: -1 }]) {
      expect((await remove(cookie, patientId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await remove(null, patientId, { id: entry.id })).statusCode).toBe(401);
    expect((await remove(await signIn(t(), 'sterilizare'), patientId, { id: entry.id })).statusCode).toBe(
      403,
    );
  });
});
