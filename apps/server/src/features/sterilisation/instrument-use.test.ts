import { expect, it } from 'vitest';
import type { Patient, PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type {
  CycleTraceResponse,
  InstrumentHistoryEvent,
  PatientTraceResponse,
  SterilisedInstrument,
} from '@odonto/domain/contracts/sterilisation';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import { getJson, signIn, sterilisedPouches } from './sterilisation.test-support';

const TODAY = '2026-03-02';

function treatmentObj(extra: Record<string, unknown> = {}) {
  return {
    id: Date.parse(`${TODAY}T08:00:00Z`),
    type: 'tratament',
    denumire: 'consultație',
    createdAt: TODAY,
    dinte: null,
    mapID: null,
    medic: 'Dr. Ana Pop',
    ...extra,
  };
}

function used(ids: readonly number[]) {
  return JSON.stringify(ids.map((id) => ({ name: 'ignorat', id_sterilizare: id, used_at: 1 })));
}

async function saveTreatment(t: TestApp, cookie: string, patientId: string, usedInstruments?: string) {
  return postForm(
    t.app,
    `/api/save-history/${patientId}`,
    { obj: JSON.stringify(treatmentObj()), ...(usedInstruments ? { usedInstruments } : {}) },
    cookie,
  );
}

describeEachDialect('sterilisation: instruments used in treatments', ({ useApp }) => {
  const t = useApp();

  it('a treatment takes pouches: marked used now, kept in sterilizari, gone from the available list, traced', async () => {
    const { cookie: steriliser, cycle } = await sterilisedPouches(t(), ['Sondă', 'Oglindă', 'Pensă']);
    const [sonda, oglinda, pensa] = cycle.items.map((item) => item.id_sterilizare) as [
      number,
      number,
      number,
    ];
    const medic = await signIn(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    t().clock.advanceMinutes(10);
    const saved = await saveTreatment(t(), medic, patientId, used([sonda]));
    expect(saved.statusCode, saved.body).toBe(201);
    const [entry] = saved.json<Patient>().history as [PatientHistoryEntry];
    const usedAt = Date.parse('2026-03-02T09:10:00.000Z');
    // The register's name and the server's time, whatever the browser sent.
    expect(entry.sterilizari).toEqual([{ name: 'Sondă', id_sterilizare: sonda, used_at: usedAt }]);

    t().clock.advanceMinutes(5);
    const { updated_at: _updated, ...obj } = entry;
    const update = await postForm(
      t().app,
      `/api/update-history/${patientId}`,
      { obj: JSON.stringify(obj), usedInstruments: used([oglinda]) },
      medic,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<PatientHistoryEntry>().sterilizari).toEqual([
      { name: 'Sondă', id_sterilizare: sonda, used_at: usedAt },
      { name: 'Oglindă', id_sterilizare: oglinda, used_at: usedAt + 5 * 60_000 },
    ]);
    const available = await getJson<SterilisedInstrument[]>(t(), medic, '/api/instrumente-sterilizate');
    expect(available.map((item) => item.id_sterilizare)).toEqual([pensa]);

    // The doctor (who informs patients of a failed load) sees who each pouch was used on.
    const trace = await getJson<CycleTraceResponse>(
      t(),
      medic,
      `/api/instrument/sterilizare/${cycle.id}/pacienti`,
    );
    const fileNumber = trace.uses[0]?.fileNumber ?? 0;
    expect(trace.uses).toMatchObject([
      {
        id_sterilizare: sonda,
        name: 'Sondă',
        patientId,
        patient: 'Popescu Ana',
        fileNumber: expect.any(Number),
        denumire: 'consultație',
        medic: 'Dr. Ana Pop',
        recalled: false,
      },
      { id_sterilizare: oglinda, name: 'Oglindă', used_at: usedAt + 5 * 60_000, recalled: false },
    ]);
    const doctorsCsv = await call(t().app, {
      url: `/api/instrument/sterilizare/${cycle.id}/pacienti.csv`,
      cookie: medic,
    });
    expect(doctorsCsv.body.split('\r\n')[0]).toContain(';Pacient;Fișa;');
    expect(doctorsCsv.body).toContain(`;Popescu Ana;${fileNumber};consultație;`);
    const byPatient = await getJson<PatientTraceResponse>(
      t(),
      medic,
      `/api/instrument/pacient/${fileNumber}`,
    );
    expect(byPatient.patient).toEqual({ _id: patientId, id: fileNumber, name: 'Popescu Ana' });

    // Sterilisation staff get the pouches, loads and treatments of the same trace-backs, never the patient.
    const anonymous = { patientId: null, patient: null, fileNumber: null };
    const staffTrace = await getJson<CycleTraceResponse>(
      t(),
      steriliser,
      `/api/instrument/sterilizare/${cycle.id}/pacienti`,
    );
    expect(staffTrace.uses).toMatchObject([
      { id_sterilizare: sonda, denumire: 'consultație', medic: 'Dr. Ana Pop', ...anonymous },
      { id_sterilizare: oglinda, ...anonymous },
    ]);
    const csv = await call(t().app, {
      url: `/api/instrument/sterilizare/${cycle.id}/pacienti.csv`,
      cookie: steriliser,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).not.toContain('Pacient');
    expect(csv.body.split('\r\n')[1]).toContain(`${cycle.id};${sonda};Sondă;`);
    expect(csv.body).not.toContain('Popescu');
    const staffByPatient = await getJson<PatientTraceResponse>(
      t(),
      steriliser,
      `/api/instrument/pacient/${fileNumber}`,
    );
    expect(staffByPatient.patient).toBeNull();
    expect(staffByPatient.uses.map((use) => [use.cycleId, use.id_sterilizare, use.patient])).toEqual([
      [cycle.id, oglinda, null],
      [cycle.id, sonda, null],
    ]);
    expect(
      (await call(t().app, { url: '/api/instrument/pacient/999999', cookie: steriliser })).statusCode,
    ).toBe(404);

    // Every trace-back is in the audit trail: who, and which load or patient.
    const audited = await t()
      .db.selectFrom('audit_log')
      .select(['user_email', 'entity', 'entity_id', 'patient_id'])
      .where('action', '=', 'sterilisation_trace')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => [row.entity, row.entity_id, row.patient_id])).toEqual([
      ['sterilisation_cycle', String(cycle.id), null],
      ['sterilisation_cycle', String(cycle.id), null],
      ['patient', patientId, patientId],
      ['sterilisation_cycle', String(cycle.id), null],
      ['sterilisation_cycle', String(cycle.id), null],
      ['patient', patientId, patientId],
    ]);
    expect(new Set(audited.map((row) => row.user_email)).size).toBe(2);

    const events = await getJson<InstrumentHistoryEvent[]>(
      t(),
      medic,
      `/api/instrument/get-history/${cycle.items[0]?.instrumentId ?? ''}`,
    );
    expect(events.map((event) => [event.kind, event.id, event.patient])).toEqual([
      ['folosire', sonda, `Popescu Ana (fișa nr. ${fileNumber})`],
      ['sterilizare', sonda, null],
    ]);
    const staffEvents = await getJson<InstrumentHistoryEvent[]>(
      t(),
      steriliser,
      `/api/instrument/get-history/${cycle.items[0]?.instrumentId ?? ''}`,
    );
    expect(staffEvents.map((event) => [event.kind, event.id, event.patient, event.denumire])).toEqual([
      ['folosire', sonda, null, 'consultație'],
      ['sterilizare', sonda, null, null],
    ]);
    const search = (query: string) =>
      getJson<InstrumentHistoryEvent[]>(t(), steriliser, `/api/instrument/istoric?${query}`);
    expect((await search('nume=o&zi=2026-03-02')).map((event) => [event.kind, event.name])).toEqual([
      ['folosire', 'Oglindă'],
      ['sterilizare', 'Oglindă'],
    ]);
    expect(await search('nume=o&zi=2026-03-03')).toEqual([]);
    expect(
      (await call(t().app, { url: '/api/instrument/istoric?zi=02.03.2026', cookie: steriliser })).statusCode,
    ).toBe(400);
  });

  it('refuses a pouch already used, of a failed load or unknown, and keeps nothing of that save', async () => {
    const { cycle } = await sterilisedPouches(t(), ['Sondă', 'Pensă']);
    const [sonda, pensa] = cycle.items.map((item) => item.id_sterilizare) as [number, number];
    const { cycle: failed } = await sterilisedPouches(t(), ['Freză'], { integrator: 'fail' });
    const medic = await signIn(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    expect((await saveTreatment(t(), medic, patientId, used([sonda]))).statusCode).toBe(201);

    const again = await saveTreatment(t(), medic, patientId, used([pensa, sonda]));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(
      `Instrumentul cu ID ${sonda}: Instrumentul a fost deja folosit după această sterilizare.`,
    );
    const bad = await saveTreatment(t(), medic, patientId, used([failed.items[0]?.id_sterilizare ?? 0]));
    expect(bad.statusCode).toBe(409);
    const unknown = await saveTreatment(t(), medic, patientId, used([4242]));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('ID-ul de sterilizare 4242 nu există.');
    // The refused saves wrote no entry and did not take Pensă.
    const patient = await getJson<Patient>(t(), medic, `/api/get-pacient/${patientId}`);
    expect(patient.history).toHaveLength(1);
    const available = await getJson<SterilisedInstrument[]>(t(), medic, '/api/instrumente-sterilizate');
    expect(available.map((item) => item.id_sterilizare)).toEqual([pensa]);
  });

  it("checks ids a client writes into the entry's sterilizari against the register: a bad one is 422, a good one is recorded", async () => {
    const { cycle } = await sterilisedPouches(t(), ['Sondă', 'Pensă', 'Oglindă']);
    const [sonda, pensa, oglinda] = cycle.items.map((item) => item.id_sterilizare) as [
      number,
      number,
      number,
    ];
    const { cycle: failed } = await sterilisedPouches(t(), ['Freză'], { integrator: 'fail' });
    const freza = failed.items[0]?.id_sterilizare ?? 0;
    const medic = await signIn(t(), 'medic');
    const other = await insertPatientRow(t().db);
    const patientId = await insertPatientRow(t().db);
    expect((await saveTreatment(t(), medic, other, used([sonda]))).statusCode).toBe(201);

    const claiming = (ids: readonly number[]) =>
      postForm(
        t().app,
        `/api/save-history/${patientId}`,
        {
          obj: JSON.stringify(
            treatmentObj({
              sterilizari: ids.map((id) => ({ name: 'oricare', id_sterilizare: id, used_at: 1 })),
            }),
          ),
        },
        medic,
      );
    const refusals = [
      [4242, 'ID-ul de sterilizare 4242 nu există.'],
      [freza, `Instrumentul cu ID ${freza}: `],
      [sonda, `Instrumentul cu ID ${sonda}: Instrumentul a fost deja folosit după această sterilizare.`],
    ] as const;
    for (const [id, message] of refusals) {
      const refused = await claiming([pensa, id]);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorOf(refused).message).toContain(message);
      expect(errorOf(refused).fields?.['sterilizari']).toBe(errorOf(refused).message);
    }
    // Nothing of the refused saves is kept: no entry, and Pensă is still free.
    expect((await getJson<Patient>(t(), medic, `/api/get-pacient/${patientId}`)).history).toEqual([]);
    const free = await getJson<SterilisedInstrument[]>(t(), medic, '/api/instrumente-sterilizate');
    expect(free.map((item) => item.id_sterilizare)).toEqual([pensa, oglinda]);

    // A valid id is taken from the register like a pick: its name, the server's time, marked used.
    const saved = await claiming([pensa]);
    expect(saved.statusCode, saved.body).toBe(201);
    const [entry] = saved.json<Patient>().history as [PatientHistoryEntry];
    expect(entry.sterilizari).toEqual([
      { name: 'Pensă', id_sterilizare: pensa, used_at: Date.parse('2026-03-02T09:00:00.000Z') },
    ]);
    const left = await getJson<SterilisedInstrument[]>(t(), medic, '/api/instrumente-sterilizate');
    expect(left.map((item) => item.id_sterilizare)).toEqual([oglinda]);

    // An update keeps what the entry already recorded and refuses a new bad claim the same way.
    const { updated_at: _updated, ...obj } = entry;
    const claimOnUpdate = await postForm(
      t().app,
      `/api/update-history/${patientId}`,
      {
        obj: JSON.stringify({
          ...obj,
          sterilizari: [...entry.sterilizari, { name: 'Sondă', id_sterilizare: sonda, used_at: 1 }],
        }),
      },
      medic,
    );
    expect(claimOnUpdate.statusCode).toBe(422);
    const kept = await postForm(
      t().app,
      `/api/update-history/${patientId}`,
      { obj: JSON.stringify({ ...obj, detalii: 'control' }) },
      medic,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<PatientHistoryEntry>().sterilizari).toEqual(entry.sterilizari);
  });

  it('two treatments saved at once cannot both take the same pouch', async () => {
    const { cycle } = await sterilisedPouches(t(), ['Sondă']);
    const id = cycle.items[0]?.id_sterilizare ?? 0;
    const medic = await signIn(t(), 'medic');
    const patients = [await insertPatientRow(t().db), await insertPatientRow(t().db)];
    const answers = await Promise.all(
      patients.map((patientId) => saveTreatment(t(), medic, patientId, used([id]))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('a biological fail read after the use flags the use for recall', async () => {
    const { cookie, cycle } = await sterilisedPouches(t(), ['Sondă'], { biological: 'pending' });
    const medic = await signIn(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    expect(
      (await saveTreatment(t(), medic, patientId, used([cycle.items[0]?.id_sterilizare ?? 0]))).statusCode,
    ).toBe(201);
    const read = await call(t().app, {
      method: 'POST',
      url: `/api/instrument/sterilizare/${cycle.id}/indicator-biologic`,
      cookie,
      body: { biological: 'fail' },
    });
    expect(read.statusCode, read.body).toBe(200);
    const trace = await getJson<CycleTraceResponse>(
      t(),
      cookie,
      `/api/instrument/sterilizare/${cycle.id}/pacienti`,
    );
    expect(trace.cycle.status).toBe('neconform');
    expect(trace.uses.map((use) => use.recalled)).toEqual([true]);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sterilisation_bi_fail')
      .execute();
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({ usedPouches: [cycle.items[0]?.id_sterilizare] });
  });
});
