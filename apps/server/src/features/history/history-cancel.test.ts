import { expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '@odonto/domain/contracts/history';
import type { Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { drawnSignature } from '../../../test/signature-image';
import { historyAuditRows, saveVia, signIn, treatment } from './history.test-support';

describeEachDialect('history: a signed entry is cancelled, never deleted', ({ useApp }) => {
  const t = useApp();

  const post = (cookie: string | null, url: string, body: unknown) =>
    call(t().app, { method: 'POST', url, cookie, body });

  async function signedEntry() {
    const doctor = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Ana Pop' });
    const cookie = await loginAs(t().app, doctor.email, doctor.password);
    const patientId = await insertPatientRow(t().db);
    const [entry] = (await saveVia(t(), cookie, patientId, treatment('coroană metalo-ceramică', '1.6')))
      .history;
    if (!entry) throw new Error('not saved');
    const entryId = entry.id;
    const signed = await post(cookie, '/api/signature', {
      kind: 'entry',
      patientId,
      entryId,
      version: entry.version,
      image: await drawnSignature(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    return { cookie, patientId, entryId };
  }

  async function patientOf(cookie: string, patientId: string): Promise<Patient> {
    const response = await call(t().app, { url: `/api/get-pacient/${patientId}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Patient>();
  }

  it('refuses to delete a signed entry (409) and keeps it', async () => {
    const { cookie, patientId, entryId } = await signedEntry();
    const refused = await post(cookie, `/api/sterge-tratament/${patientId}`, { id: entryId });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(HISTORY_MESSAGES.signedCannotBeDeleted);
    const patient = await patientOf(cookie, patientId);
    expect(patient.history.map((entry) => entry.id)).toEqual([entryId]);
    expect(patient.anulate).toEqual([]);
  });

  it('cancels it with a reason: out of the live history, kept under anulate with who, when and why', async () => {
    const { cookie, patientId, entryId } = await signedEntry();
    t().clock.advanceMinutes(10);
    const cancelled = await post(cookie, `/api/anuleaza-tratament/${patientId}`, {
      id: entryId,
      motiv: '  Înregistrat la pacientul greșit. ',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: entryId });

    const patient = await patientOf(cookie, patientId);
    expect(patient.history).toEqual([]);
    expect(patient.anulate).toHaveLength(1);
    const [entry] = patient.anulate;
    expect(entry).toMatchObject({
      id: entryId,
      denumire: 'coroană metalo-ceramică',
      dinte: '1.6',
      anulat: {
        la: t().clock.now().toISOString(),
        de: 'Dr. Ana Pop',
        motiv: 'Înregistrat la pacientul greșit.',
      },
    });
    expect(entry?.signature).not.toBeNull();
    expect(entry?.signed?.matches).toBe(true);
    expect((await historyAuditRows(t())).at(-1)).toMatchObject({
      action: 'history_cancel',
      patient_id: patientId,
      entity_id: String(entryId),
    });
    // Cancelled is final: it cannot be cancelled again, changed or deleted.
    expect(
      (await post(cookie, `/api/anuleaza-tratament/${patientId}`, { id: entryId, motiv: 'din nou' }))
        .statusCode,
    ).toBe(404);
    expect((await post(cookie, `/api/sterge-tratament/${patientId}`, { id: entryId })).statusCode).toBe(404);
  });

  it('asks for a reason of 3 to 500 characters; 404 for an unknown entry or patient; 401 and 403', async () => {
    const { cookie, patientId, entryId } = await signedEntry();
    for (const motiv of ['', '  x ', 'y'.repeat(501)]) {
      const refused = await post(cookie, `/api/anuleaza-tratament/${patientId}`, { id: entryId, motiv });
      expect(refused.statusCode, motiv).toBe(400);
      expect(errorOf(refused).fields?.['motiv']).toBeDefined();
    }
    expect(
      (await post(cookie, `/api/anuleaza-tratament/${patientId}`, { id: 1, motiv: 'greșit' })).statusCode,
    ).toBe(404);
    expect(
      (await post(cookie, '/api/anuleaza-tratament/nu-exista', { id: entryId, motiv: 'greșit' })).statusCode,
    ).toBe(404);
    expect(
      (await post(null, `/api/anuleaza-tratament/${patientId}`, { id: entryId, motiv: 'greșit' })).statusCode,
    ).toBe(401);
    const steriliser = await signIn(t(), 'sterilizare');
    expect(
      (await post(steriliser, `/api/anuleaza-tratament/${patientId}`, { id: entryId, motiv: 'greșit' }))
        .statusCode,
    ).toBe(403);
    expect((await patientOf(cookie, patientId)).history).toHaveLength(1);
  });
});
