import { expect, it } from 'vitest';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import type { AccountResponse } from '@odonto/domain/contracts/ledger';
import type { PatientListResponse, Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { postForm } from '../../../test/upload';
import { insertPatientRow } from '../../../test/stored-files';
import { findCharges } from './ledger.queries';
import { insertPricedItem } from './ledger.test-support';
import { recordTreatmentCharge, reverseTreatmentCharge } from './treatment-charges';

describeEachDialect('the account in the patient screens, and charges from treatments', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[], nume?: string) {
    const user = await createUser(t().db, { roles, ...(nume ? { nume } : {}) });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  it('shows the balance in the patient answer and filters the list to the patients with a balance to pay', async () => {
    const { cookie } = await signIn(['asistent']);
    const item = await insertPricedItem(t().db, { name: 'Consultație', amountBani: 25_000 });
    const owing = await insertPatientRow(t().db);
    const paid = await insertPatientRow(t().db);
    const untouched = await insertPatientRow(t().db);
    for (const patientId of [owing, paid]) {
      const charged = await call(t().app, {
        method: 'POST',
        url: `/api/cont/${patientId}/taxe`,
        cookie,
        body: { priceItemId: item },
      });
      expect(charged.statusCode, charged.body).toBe(201);
    }
    const payment = await call(t().app, {
      method: 'POST',
      url: `/api/cont/${paid}/plati`,
      cookie,
      body: { method: 'card', amountBani: 35_000 },
    });
    expect(payment.statusCode).toBe(201);

    const sold = async (id: string) =>
      (await call(t().app, { url: `/api/get-pacient/${id}`, cookie })).json<Patient>().sold;
    expect(await sold(owing)).toEqual({ kind: 'de plată', amountBani: 25_000 });
    expect(await sold(paid)).toEqual({ kind: 'avans', amountBani: 10_000 });
    expect(await sold(untouched)).toEqual({ kind: 'achitat', amountBani: 0 });

    for (const query of [
      'sold=de-plata',
      'sold=de-plata&q=popescu',
      'sold=de-plata&q=po',
      'sold=de-plata&from=2026-01-01',
    ]) {
      const list = await call(t().app, { url: `/api/pacienti?${query}`, cookie });
      expect(list.statusCode, list.body).toBe(200);
      const body = list.json<PatientListResponse>();
      expect(
        body.pacienti.map((row) => row._id),
        query,
      ).toEqual([owing]);
      expect(body.total).toBe(1);
    }
    expect((await call(t().app, { url: '/api/pacienti', cookie })).json<PatientListResponse>().total).toBe(3);
    expect((await call(t().app, { url: '/api/pacienti?sold=avans', cookie })).statusCode).toBe(400);
  });

  it('charges a treatment at its list price on its day, follows a change of procedure and reverses a deleted one', async () => {
    const medic = await signIn(['medic'], 'Dr. Ion Pop');
    const patientId = await insertPatientRow(t().db);
    await insertPricedItem(t().db, { name: 'Extracție', amountBani: 30_000, catalogueId: 3 });
    await insertPricedItem(t().db, {
      name: 'Implant',
      amountBani: 300_000,
      catalogueId: 4,
      validFrom: '2026-02-01',
    });
    const write = { actor: { userId: medic.user.id, userEmail: null, ip: null }, now: t().clock.now() };
    const entry = {
      patientId,
      entryId: 1,
      mapId: 3 as number | null,
      denumire: 'Extracție',
      teeth: ['3.6', null],
      medic: 'Dr. Ion Pop',
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    // Each save a minute after the previous one, so the account's order is the order of the saves.
    const later = () => {
      t().clock.advanceMinutes(1);
      return { ...write, now: t().clock.now() };
    };
    const record = (change: Partial<typeof entry>) =>
      t()
        .db.transaction()
        .execute((trx) => recordTreatmentCharge(trx, later(), { ...entry, ...change }));

    const first = await record({});
    expect(await record({})).toBe(first);
    const implant = await record({ mapId: 4, denumire: 'Implant' });
    expect(implant).not.toBe(first);
    expect(await record({ mapId: 4, createdAt: '2026-01-15T10:00:00.000Z' })).toBeNull();
    expect(await record({ mapId: null })).toBeNull();
    await record({ mapId: 4, denumire: 'Implant' });
    await t()
      .db.transaction()
      .execute((trx) => reverseTreatmentCharge(trx, later(), { patientId, entryId: 1 }));

    // A change writes the reversal and the new charge at one instant: the reversal is listed first here.
    const charges = (await findCharges(t().db, patientId)).sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.amount_bani - b.amount_bani,
    );
    expect(charges.map((row) => [row.description, row.amount_bani, row.doctor_name, row.reason])).toEqual([
      ['Extracție', 30_000, 'Dr. Ion Pop', null],
      ['Extracție', -30_000, 'Dr. Ion Pop', 'Tratamentul a fost modificat.'],
      ['Implant', 300_000, 'Dr. Ion Pop', null],
      ['Implant', -300_000, 'Dr. Ion Pop', 'Tratamentul a fost modificat.'],
      ['Implant', 300_000, 'Dr. Ion Pop', null],
      ['Implant', -300_000, 'Dr. Ion Pop', 'Tratamentul a fost șters.'],
    ]);
    expect(charges[0]).toMatchObject({ day: '2026-03-01', teeth: '["3.6"]', history_entry_id: 1 });
  });

  it("charges a treatment that did a plan item at the item's final amount, after the plan's discount", async () => {
    const medic = await signIn(['medic'], 'Dr. Ion Pop');
    const patientId = await insertPatientRow(t().db);
    const at = '2026-02-01T10:00:00.000Z';
    const item = (id: string, unitPriceBani: number) => ({
      id,
      teeth: ['1.6'],
      span: null,
      priceItemId: null,
      catalogueId: 4,
      name: `Implant ${id}`,
      unit: 'dinte',
      quantity: 1,
      unitPriceBani,
      listPriceBani: null,
      priceReason: null,
      vatRateBp: null,
      discount: null,
      notes: '',
    });
    const content = [
      {
        label: 'A',
        title: 'Implanturi',
        discount: { kind: 'percent', bp: 1000 },
        notes: '',
        phases: [{ id: 'p1', title: 'Faza 1', items: [item('i1', 200_000), item('i2', 100_000)] }],
      },
    ];
    await t()
      .db.insertInto('treatment_plans')
      .values({
        id: 'plan-1',
        patient_id: patientId,
        number: 1,
        title: 'Plan',
        doctor_id: medic.user.id,
        doctor_name: 'Dr. Ion Pop',
        status: 'acceptat',
        valid_until: '2026-12-31',
        notes: '',
        price_day: '2026-02-01',
        content: JSON.stringify(content),
        revision: 1,
        accepted_alternative: 'A',
        accepted_revision: 1,
        accepted_signature_id: null,
        rejected_reason: null,
        open_remaining_bani: 270_000,
        created_by: medic.user.id,
        created_at: at,
        updated_at: at,
        version: 1,
      })
      .execute();
    await t()
      .db.insertInto('plan_item_links')
      .values({
        plan_id: 'plan-1',
        alternative: 'A',
        item_id: 'i2',
        patient_id: patientId,
        history_entry_id: 7,
        done_at: at,
      })
      .execute();
    const write = { actor: { userId: medic.user.id, userEmail: null, ip: null }, now: t().clock.now() };
    await t()
      .db.transaction()
      .execute((trx) =>
        recordTreatmentCharge(trx, write, {
          patientId,
          entryId: 7,
          mapId: 4,
          denumire: 'Implant',
          teeth: ['1.6'],
          medic: 'altcineva',
          createdAt: at,
        }),
      );
    const [charge] = await findCharges(t().db, patientId);
    expect(charge).toMatchObject({
      amount_bani: 90_000,
      plan_id: 'plan-1',
      plan_item_id: 'i2',
      doctor_id: medic.user.id,
      description: 'Implant i2',
    });
  });
});

describeEachDialect('treatments saved through the history calls become charges', ({ useApp }) => {
  const t = useApp();

  /** save-history / update-history as the treatment modal sends them (multipart, `obj` as JSON). */
  async function saveEntry(cookie: string, patientId: string, call: 'save' | 'update', obj: object) {
    const response = await postForm(
      t().app,
      `/api/${call}-history/${patientId}`,
      { obj: JSON.stringify(obj) },
      cookie,
    );
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }

  it('charges a saved treatment, keeps it when the entry is edited and reverses it when deleted', async () => {
    const medic = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Ana Pop' });
    const cookie = await loginAs(t().app, medic.email, medic.password);
    const patientId = await insertPatientRow(t().db);
    await insertPricedItem(t().db, { name: 'Implant', amountBani: 250_000, catalogueId: 4 });
    const implant = {
      id: Date.parse('2026-03-02T08:00:00Z'),
      type: 'tratament',
      denumire: 'implant dentar',
      createdAt: '2026-03-02',
      dinte: '3.6',
      mapID: 4,
      medic: 'Dr. Ana Pop',
    };
    const saved = (await saveEntry(cookie, patientId, 'save', implant)).json<Patient>();
    const entry = saved.history[0];
    if (!entry) throw new Error('not saved');
    // A treatment the price list does not price is no charge.
    await saveEntry(cookie, patientId, 'save', {
      ...implant,
      denumire: 'consultație',
      dinte: null,
      mapID: catalogueEntryByName('consultație')?.id ?? null,
    });
    const account = async () =>
      (await call(t().app, { url: `/api/cont/${patientId}`, cookie })).json<AccountResponse>();
    expect(
      (await account()).charges.map((row) => [row.description, row.amountBani, row.teeth, row.doctorId]),
    ).toEqual([['implant dentar', 250_000, ['3.6'], medic.id]]);

    t().clock.advanceMinutes(1);
    const { updated_at: _updatedAt, ...obj } = entry;
    await saveEntry(cookie, patientId, 'update', { ...obj, detalii: 'altă notă' });
    expect((await account()).charges).toHaveLength(1);

    t().clock.advanceMinutes(1);
    const removed = await call(t().app, {
      method: 'POST',
      url: `/api/sterge-tratament/${patientId}`,
      cookie,
      body: { id: entry.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await account();
    expect(after.charges.map((row) => [row.amountBani, row.reason])).toEqual([
      [250_000, null],
      [-250_000, 'Tratamentul a fost șters.'],
    ]);
    expect(after.balance).toEqual({ kind: 'achitat', amountBani: 0 });
  });
});
