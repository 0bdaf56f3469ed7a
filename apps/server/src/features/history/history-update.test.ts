import { expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '@odonto/domain/contracts/history';
import { MESSAGES } from '@odonto/domain/messages';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { signedEntryContent } from '@odonto/domain/signatures';
import { contentSha256 } from '../signatures/entry-signature';
import { HISTORY_SERVER_MESSAGES } from './history-messages';
import {
  asObj,
  DOCTOR,
  getPatient,
  historyAuditRows,
  medicWithPatient,
  punte,
  savePunte,
  saveVia,
  signIn,
  treatment,
  updateHistory,
} from './history.test-support';

describeEachDialect('history: update-history', ({ useApp }) => {
  const t = useApp();

  async function withEntry(denumire = 'obturație compozit trei suprafețe', dinte: string | null = '2.6') {
    const { cookie, patientId } = await medicWithPatient(t());
    const [entry] = (await saveVia(t(), cookie, patientId, treatment(denumire, dinte))).history;
    if (!entry) throw new Error('not saved');
    return { cookie, patientId, entry };
  }

  it('saves the modal: 200 with the entry at its next version, audited with the changed fields', async () => {
    const { cookie, patientId, entry } = await withEntry();
    t().clock.advanceMinutes(30);
    const response = await updateHistory(t(), cookie, patientId, {
      ...asObj(entry),
      dinte: '2.7',
      detalii: 'refăcută',
      // An update may date the treatment in the past (only a new entry may not).
      createdAt: '2026-02-20',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<PatientHistoryEntry>();
    expect(updated).toEqual({
      ...entry,
      dinte: '2.7',
      detalii: 'refăcută',
      createdAt: '2026-02-19T22:00:00.000Z',
      updated_at: '2026-03-02T09:30:00.000Z',
      version: 2,
    });
    expect((await getPatient(t(), cookie, patientId)).history).toEqual([updated]);
    expect((await historyAuditRows(t())).at(-1)).toMatchObject({
      action: 'history_update',
      patient_id: patientId,
      entity: 'history_entry',
      entity_id: String(entry.id),
    });
    const [row] = await historyAuditRows(t()).then((rows) => rows.slice(-1));
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      entryId: entry.id,
      fields: ['createdAt', 'dinte', 'detalii'],
      version: 2,
    });
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const { cookie, patientId, entry } = await withEntry();
    expect(
      (await updateHistory(t(), cookie, patientId, { ...asObj(entry), detalii: 'prima' })).statusCode,
    ).toBe(200);
    const stale = await updateHistory(t(), cookie, patientId, { ...asObj(entry), detalii: 'a doua' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'conflict', message: MESSAGES.conflict });
    const [current] = (await getPatient(t(), cookie, patientId)).history;
    expect(current).toMatchObject({ detalii: 'prima', version: 2 });
  });

  it('keeps the locks of update mode: destination, and a bridge’s tooth and treatment (400)', async () => {
    const { cookie, patientId, entry } = await withEntry();
    const [bridge] = (await savePunte(t(), cookie, patientId, punte('1.3', '1.5'))).json<
      PatientHistoryEntry[]
    >();
    if (!bridge) throw new Error('no bridge');
    const cases: [unknown, Record<string, string>][] = [
      [{ ...asObj(bridge), dinte: '1.2' }, { dinte: HISTORY_MESSAGES.bridgeToothLocked }],
      [
        { ...asObj(bridge), denumire: 'punte metalo-ceramică' },
        { denumire: HISTORY_MESSAGES.bridgeTreatmentLocked },
      ],
      [{ ...asObj(bridge), dinteDestinatie: '1.6' }, { dinteDestinatie: HISTORY_MESSAGES.destinationLocked }],
      [
        { ...asObj(entry), denumire: 'punte zirconiu', dinteDestinatie: '2.4' },
        { dinteDestinatie: HISTORY_MESSAGES.destinationLocked },
      ],
      [{ ...asObj(entry), denumire: 'tratament inventat' }, { denumire: HISTORY_MESSAGES.unknownTreatment }],
    ];
    for (const [obj, fields] of cases) {
      const response = await updateHistory(t(), cookie, patientId, obj);
      expect(response.statusCode, JSON.stringify(obj)).toBe(400);
      expect(errorOf(response).fields).toEqual(fields);
    }
    // What the locks allow: details, doctor and date of a bridge.
    const allowed = await updateHistory(t(), cookie, patientId, { ...asObj(bridge), detalii: 'cimentată' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({
      direction: 'left',
      start: 5,
      end: 3,
      detalii: 'cimentată',
      version: 2,
    });
  });

  // Recording real sterilised pouches (marked used, kept in sterilizari) is tested with the register in
  // sterilisation/instrument-use.test.ts; here, only the field's form.
  it('refuses a usedInstruments field that is not a list of {name, id_sterilizare, used_at}', async () => {
    const { cookie, patientId, entry } = await withEntry();
    for (const bad of ['{"name":"x"}', '[{"name":"sondă"}]', 'nu e json']) {
      const refused = await updateHistory(t(), cookie, patientId, asObj(entry), {
        usedInstruments: bad,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(errorOf(refused).fields).toEqual({ usedInstruments: HISTORY_SERVER_MESSAGES.usedInstruments });
    }
  });

  it('answers the entry with its signature when it has one', async () => {
    const { cookie, patientId, entry } = await withEntry();
    const snapshot = signedEntryContent(patientId, entry);
    const stored = {
      id: 'sig-1',
      image: 'semnatura-1.png',
      signedAt: '2026-03-02T09:00:00.000Z',
      signedBy: DOCTOR,
      via: 'direct',
      sha256: contentSha256(snapshot),
      snapshot,
    };
    await t()
      .db.updateTable('history_entries')
      .set({ signature: JSON.stringify(stored) })
      .where('id', '=', entry.id)
      .execute();
    // The modal's own signature value does not overwrite the stored one; a changed detail breaks the match.
    const response = await updateHistory(t(), cookie, patientId, {
      ...asObj(entry),
      signature: null,
      detalii: 'schimbat',
    });
    expect(response.json()).toMatchObject({
      signature: 'semnatura-1.png',
      signed: { id: 'sig-1', matches: false, changed: ['detalii'], snapshot },
      version: 2,
    });
  });

  it('answers 400 without a version, 404 for an unknown or deleted entry or patient, 401 and 403', async () => {
    const { cookie, patientId, entry } = await withEntry();
    const { version: _version, ...withoutVersion } = asObj(entry);
    const missing = await updateHistory(t(), cookie, patientId, withoutVersion);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['version']);
    for (const [patient, obj] of [
      [patientId, { ...asObj(entry), id: entry.id + 1 }],
      ['nu-exista', asObj(entry)],
    ] as const) {
      const response = await updateHistory(t(), cookie, patient, obj);
      expect(response.statusCode).toBe(404);
    }
    expect((await updateHistory(t(), null, patientId, asObj(entry))).statusCode).toBe(401);
    expect(
      (await updateHistory(t(), await signIn(t(), 'sterilizare'), patientId, asObj(entry))).statusCode,
    ).toBe(403);
    await call(t().app, {
      method: 'POST',
      url: `/api/sterge-tratament/${patientId}`,
      cookie,
      body: { id: entry.id },
    });
    const deleted = await updateHistory(t(), cookie, patientId, asObj(entry));
    expect(deleted.statusCode).toBe(404);
    expect(errorOf(deleted).message).toBe(HISTORY_SERVER_MESSAGES.entryNotFound);
  });
});
