import { expect, it } from 'vitest';
import type {
  AccountResponse,
  ChargeResponse,
  PaymentResponse,
  ReceiptResponse,
} from '@odonto/domain/contracts/ledger';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { sumLedger } from './ledger.queries';
import { insertPricedItem } from './ledger.test-support';

describeEachDialect('the patient account', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[], nume?: string) {
    const user = await createUser(t().db, { roles, ...(nume ? { nume } : {}) });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  const post = (cookie: string | null, url: string, body: unknown) =>
    call(t().app, { method: 'POST', url, cookie, body });

  async function addCharge(cookie: string, patientId: string, body: unknown): Promise<ChargeResponse> {
    const response = await post(cookie, `/api/cont/${patientId}/taxe`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChargeResponse>();
  }

  async function pay(cookie: string, patientId: string, body: unknown): Promise<PaymentResponse> {
    const response = await post(cookie, `/api/cont/${patientId}/plati`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentResponse>();
  }

  async function storedBalanceMatches(patientId: string): Promise<void> {
    const sums = await sumLedger(t().db, patientId);
    const stored = await t()
      .db.selectFrom('patient_balances')
      .select('owed_bani')
      .where('patient_id', '=', patientId)
      .executeTakeFirst();
    expect(Number(stored?.owed_bani ?? 0)).toBe(sums.chargesBani - sums.paymentsBani);
  }

  it('charges, pays by card and cash, reverses, refunds — with running balance, advance and receipt', async () => {
    const asistent = await signIn(['asistent'], 'Ioana Recepție');
    const patientId = await insertPatientRow(t().db);
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 15_000 });
    const cleaning = await insertPricedItem(t().db, { name: 'Detartraj', amountBani: 20_000 });

    const first = await addCharge(asistent.cookie, patientId, {
      priceItemId: crown,
      teeth: ['1.6', '1.7'],
      quantity: 2,
    });
    t().clock.advanceMinutes(1);
    const second = await addCharge(asistent.cookie, patientId, {
      priceItemId: cleaning,
      note: 'arcada sup.',
    });
    expect(
      second.account.charges.map((row) => [row.description, row.amountBani, row.runningBalanceBani]),
    ).toEqual([
      ['Coroană', 30_000, 30_000],
      ['Detartraj — arcada sup.', 20_000, 50_000],
    ]);
    expect(second.account.balance).toEqual({ kind: 'de plată', amountBani: 50_000 });

    t().clock.advanceMinutes(1);
    const card = await pay(asistent.cookie, patientId, {
      method: 'card',
      amountBani: 25_000,
      isAdvance: false,
    });
    expect(card.account.allocations.map((row) => [row.chargeId, row.amountBani])).toEqual([
      [first.chargeId, 25_000],
    ]);
    expect(card.account.payments[0]).toMatchObject({
      receiptSeries: null,
      receiptNumber: null,
      runningBalanceBani: 25_000,
    });

    t().clock.advanceMinutes(1);
    const cash = await pay(asistent.cookie, patientId, {
      method: 'numerar',
      amountBani: 30_000,
      chargeIds: [second.chargeId],
      note: 'plată la recepție',
    });
    expect(cash.account.payments[1]).toMatchObject({
      receiptSeries: 'CH',
      receiptNumber: 1,
      runningBalanceBani: -5000,
    });
    expect(cash.account.charges.map((row) => row.openBani)).toEqual([5000, 0]);
    expect(cash.account.advanceBani).toBe(10_000);
    expect(cash.account.balance).toEqual({ kind: 'avans', amountBani: 5000 });

    const receipt = await call(t().app, {
      url: `/api/cont/${patientId}/chitanta/${cash.paymentId}`,
      cookie: asistent.cookie,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<ReceiptResponse>()).toMatchObject({
      series: 'CH',
      number: 1,
      day: '2026-03-02',
      amountBani: 30_000,
      amountWords: 'trei sute lei și zero bani',
      cashierName: 'Ioana Recepție',
      patient: { nume: 'Popescu', prenume: 'Ana' },
    });

    t().clock.advanceMinutes(1);
    const reversed = await post(asistent.cookie, `/api/cont/${patientId}/plati/${card.paymentId}/storno`, {
      reason: 'Plată introdusă greșit',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const afterReversal = reversed.json<PaymentResponse>().account;
    expect(afterReversal.payments.at(-1)).toMatchObject({
      amountBani: -25_000,
      reversesId: card.paymentId,
      reason: 'Plată introdusă greșit',
    });
    expect(afterReversal.payments[0]?.reversedById).toBe(reversed.json<PaymentResponse>().paymentId);
    expect(afterReversal.charges.map((row) => row.openBani)).toEqual([30_000, 0]);
    expect(afterReversal.balance).toEqual({ kind: 'de plată', amountBani: 20_000 });
    const twice = await post(asistent.cookie, `/api/cont/${patientId}/plati/${card.paymentId}/storno`, {
      reason: 'Din nou',
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('Înregistrarea a fost deja stornată.');

    const tooMuch = await post(asistent.cookie, `/api/cont/${patientId}/rambursare`, {
      method: 'numerar',
      amountBani: 10_001,
      reason: 'Renunță la tratament',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).message).toBe('Suma rambursată depășește avansul pacientului.');
    const refunded = await post(asistent.cookie, `/api/cont/${patientId}/rambursare`, {
      method: 'numerar',
      amountBani: 10_000,
      reason: 'Renunță la tratament',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json<PaymentResponse>().account).toMatchObject({
      advanceBani: 0,
      balance: { kind: 'de plată', amountBani: 30_000 },
    });
    const noAdvance = await post(asistent.cookie, `/api/cont/${patientId}/rambursare`, {
      method: 'card',
      amountBani: 100,
      reason: 'Din nou',
    });
    expect(noAdvance.statusCode).toBe(409);

    // Reversing a paid charge gives what was paid of it back as an advance, which at once settles the
    // patient's other open charge (the oldest payment's money first).
    const chargeReversed = await post(
      asistent.cookie,
      `/api/cont/${patientId}/taxe/${second.chargeId}/storno`,
      {
        reason: 'Tratament neefectuat',
      },
    );
    expect(chargeReversed.statusCode, chargeReversed.body).toBe(201);
    const final = chargeReversed.json<ChargeResponse>().account;
    expect(final.charges.at(-1)).toMatchObject({ amountBani: -20_000, reversesId: second.chargeId });
    expect(final.advanceBani).toBe(0);
    expect(final.charges.map((row) => row.openBani)).toEqual([10_000, 0, 0]);
    expect(final.balance).toEqual({ kind: 'de plată', amountBani: 10_000 });
    const again = await post(asistent.cookie, `/api/cont/${patientId}/taxe/${second.chargeId}/storno`, {
      reason: 'Din nou',
    });
    expect(again.statusCode).toBe(409);
    const ofReversal = await post(
      asistent.cookie,
      `/api/cont/${patientId}/taxe/${chargeReversed.json<ChargeResponse>().chargeId}/storno`,
      { reason: 'Din nou' },
    );
    expect(ofReversal.statusCode).toBe(409);
    expect(errorOf(ofReversal).message).toBe('O stornare nu poate fi stornată.');

    await storedBalanceMatches(patientId);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('patient_id', '=', patientId)
      .where('action', '!=', 'patient_account_view')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'charge_create',
      'charge_create',
      'payment_create',
      'payment_create',
      'receipt_print',
      'payment_reverse',
      'payment_refund',
      'charge_reverse',
    ]);
  });

  it('stores the commission of the charge doctor when a payment is allocated, and takes it back on storno', async () => {
    const admin = await signIn(['admin']);
    const medic = await signIn(['medic'], 'Dr. Ion Pop');
    const patientId = await insertPatientRow(t().db);
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 100_000 });
    const filling = await insertPricedItem(t().db, { name: 'Obturație', amountBani: 30_000 });
    for (const rate of [
      { doctorId: medic.user.id, rateBp: 3000, validFrom: '2026-01-01' },
      { doctorId: medic.user.id, priceItemId: crown, rateBp: 4000, validFrom: '2026-02-01' },
      { doctorId: medic.user.id, priceItemId: crown, rateBp: 9000, validFrom: '2026-04-01' },
    ]) {
      const saved = await post(admin.cookie, '/api/cont-setari/comisioane', rate);
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const duplicate = await post(admin.cookie, '/api/cont-setari/comisioane', {
      doctorId: medic.user.id,
      rateBp: 100,
      validFrom: '2026-01-01',
    });
    expect(duplicate.statusCode).toBe(409);
    await addCharge(admin.cookie, patientId, { priceItemId: crown, doctorId: medic.user.id });
    t().clock.advanceMinutes(1);
    await addCharge(admin.cookie, patientId, { priceItemId: filling, doctorId: medic.user.id });
    const paid = await pay(admin.cookie, patientId, { method: 'transfer', amountBani: 110_001 });
    const byAmount = [...paid.account.allocations].sort((a, b) => b.amountBani - a.amountBani);
    expect(byAmount.map((row) => [row.amountBani, row.doctorId, row.commissionBani])).toEqual([
      [100_000, medic.user.id, 40_000],
      [10_001, medic.user.id, 3000],
    ]);
    const reversed = await post(admin.cookie, `/api/cont/${patientId}/plati/${paid.paymentId}/storno`, {
      reason: 'Transfer returnat de bancă',
    });
    const allocations = reversed.json<PaymentResponse>().account.allocations;
    expect(allocations.reduce((sum, row) => sum + row.commissionBani, 0)).toBe(0);
    expect(allocations.reduce((sum, row) => sum + row.amountBani, 0)).toBe(0);
  });

  it('settles work recorded later from the advance held, with the doctor’s commission', async () => {
    const admin = await signIn(['admin']);
    const medic = await signIn(['medic'], 'Dr. Ion Pop');
    const patientId = await insertPatientRow(t().db);
    const implant = await insertPricedItem(t().db, { name: 'Implant', amountBani: 300_000 });
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 150_000 });
    const rate = await post(admin.cookie, '/api/cont-setari/comisioane', {
      doctorId: medic.user.id,
      rateBp: 2000,
      validFrom: '2026-01-01',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const advance = await pay(admin.cookie, patientId, {
      method: 'transfer',
      amountBani: 400_000,
      isAdvance: true,
    });
    t().clock.advanceMinutes(1);
    const first = await addCharge(admin.cookie, patientId, { priceItemId: implant, doctorId: medic.user.id });
    expect(first.account.charges.map((row) => row.openBani)).toEqual([0]);
    expect(first.account.advanceBani).toBe(100_000);
    expect(
      first.account.allocations.map((row) => [row.paymentId, row.amountBani, row.commissionBani]),
    ).toEqual([[advance.paymentId, 300_000, 60_000]]);
    t().clock.advanceMinutes(1);
    const second = await addCharge(admin.cookie, patientId, { priceItemId: crown, doctorId: medic.user.id });
    expect(second.account.charges.map((row) => row.openBani)).toEqual([0, 50_000]);
    expect(second.account.advanceBani).toBe(0);
    expect(second.account.balance).toEqual({ kind: 'de plată', amountBani: 50_000 });
    await storedBalanceMatches(patientId);
    const stored = await t()
      .db.selectFrom('patient_balances')
      .select('oldest_open_day')
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(stored.oldest_open_day).toBe(second.account.charges[1]?.day);
  });

  it('keeps an advance whole, and refuses to rewrite or delete money rows in the database', async () => {
    const { cookie } = await signIn(['asistent']);
    const patientId = await insertPatientRow(t().db);
    const item = await insertPricedItem(t().db, { name: 'Consultație', amountBani: 10_000 });
    await addCharge(cookie, patientId, { priceItemId: item });
    const advance = await pay(cookie, patientId, { method: 'card', amountBani: 50_000, isAdvance: true });
    expect(advance.account.allocations).toEqual([]);
    expect(advance.account.advanceBani).toBe(50_000);
    expect(advance.account.balance).toEqual({ kind: 'avans', amountBani: 40_000 });
    for (const table of ['charges', 'payments'] as const) {
      await expect(t().db.updateTable(table).set({ amount_bani: 1 }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(t().db.deleteFrom(table).execute()).rejects.toThrow(/append-only/);
    }
    expect(
      (await t().db.selectFrom('payments').select('amount_bani').execute()).map((r) => r.amount_bani),
    ).toEqual([50_000]);
  });

  it('numbers 20 concurrent cash receipts 1…20 without gaps', async () => {
    const { cookie } = await signIn(['asistent']);
    const patients = await Promise.all([insertPatientRow(t().db), insertPatientRow(t().db)]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(cookie, `/api/cont/${patients[index % 2] ?? ''}/plati`, {
          method: 'numerar',
          amountBani: 1000 + index,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const numbers = await t()
      .db.selectFrom('payments')
      .select(['receipt_series', 'receipt_number'])
      .orderBy('receipt_number')
      .execute();
    expect(numbers.map((row) => row.receipt_number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(numbers.map((row) => row.receipt_series))).toEqual(new Set(['CH']));
  });

  it('lets an admin change the receipt series (409 when stale); the new series counts from 1', async () => {
    const admin = await signIn(['admin']);
    const patientId = await insertPatientRow(t().db);
    await pay(admin.cookie, patientId, { method: 'numerar', amountBani: 100 });
    const read = await call(t().app, { url: '/api/cont-setari', cookie: admin.cookie });
    expect(read.json()).toMatchObject({ receiptSeries: 'CH', version: 0, commissionRates: [] });
    const saved = await call(t().app, {
      method: 'PUT',
      url: '/api/cont-setari/serie',
      cookie: admin.cookie,
      body: { receiptSeries: 'chb', version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ receiptSeries: 'CHB', version: 1 });
    const stale = await call(t().app, {
      method: 'PUT',
      url: '/api/cont-setari/serie',
      cookie: admin.cookie,
      body: { receiptSeries: 'X', version: 0 },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await call(t().app, {
      method: 'PUT',
      url: '/api/cont-setari/serie',
      cookie: admin.cookie,
      body: { receiptSeries: 'C-1', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.['receiptSeries']).toBe('Seria chitanțelor are 1–10 litere mari (ex.: CH).');
    t().clock.advanceMinutes(1);
    const next = await pay(admin.cookie, patientId, { method: 'numerar', amountBani: 100 });
    expect(next.account.payments.at(-1)).toMatchObject({ receiptSeries: 'CHB', receiptNumber: 1 });
  });

  it.each([
    [
      'a zero amount',
      { method: 'card', amountBani: 0 },
      'amountBani',
      'Suma trebuie să fie mai mare decât zero.',
    ],
    [
      'a fraction of a ban',
      { method: 'card', amountBani: 10.5 },
      'amountBani',
      'Suma trebuie să fie un număr întreg de bani.',
    ],
    [
      'an unknown method',
      { method: 'cec', amountBani: 100 },
      'method',
      'Alegeți modul de plată: numerar, card sau transfer.',
    ],
    [
      'a charge not open',
      { method: 'card', amountBani: 100, chargeIds: ['nu-exista'] },
      'chargeIds',
      'Una dintre taxele alese nu este deschisă pe contul pacientului.',
    ],
    ['an unknown field', { method: 'card', amountBani: 100, extra: 1 }, 'extra', undefined],
  ])('answers 400 to a payment with %s', async (_label, body, field, message) => {
    const { cookie } = await signIn(['asistent']);
    const patientId = await insertPatientRow(t().db);
    const response = await post(cookie, `/api/cont/${patientId}/plati`, body);
    expect(response.statusCode).toBe(400);
    const fields = errorOf(response).fields ?? {};
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toBe(message);
    expect(await t().db.selectFrom('payments').selectAll().execute()).toEqual([]);
  });

  it('answers 400 to a storno without a reason, a charge in the future or without a price', async () => {
    const { cookie } = await signIn(['admin']);
    const patientId = await insertPatientRow(t().db);
    const later = await insertPricedItem(t().db, {
      name: 'Implant',
      amountBani: 100,
      validFrom: '2027-01-01',
    });
    const noReason = await post(cookie, `/api/cont/${patientId}/plati/x/storno`, { reason: ' ' });
    expect(errorOf(noReason).fields?.['reason']).toBe('Motivul este obligatoriu.');
    const future = await post(cookie, `/api/cont/${patientId}/taxe`, {
      priceItemId: later,
      day: '2026-03-03',
    });
    expect(errorOf(future).fields?.['day']).toBe('Data nu poate fi în viitor.');
    const noPrice = await post(cookie, `/api/cont/${patientId}/taxe`, { priceItemId: later });
    expect(noPrice.statusCode).toBe(400);
    expect(errorOf(noPrice).fields?.['priceItemId']).toBe('Articolul nu are preț la data aleasă.');
    const tooth = await post(cookie, `/api/cont/${patientId}/taxe`, { priceItemId: later, teeth: ['9.9'] });
    expect(tooth.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or deleted patient, payment, charge, item, and a receipt of a card payment', async () => {
    const { cookie } = await signIn(['admin']);
    const deleted = await insertPatientRow(t().db, { deletedAt: '2026-03-01T00:00:00.000Z' });
    for (const id of ['nu-exista', deleted]) {
      const account = await call(t().app, { url: `/api/cont/${id}`, cookie });
      expect(account.statusCode).toBe(404);
      expect(errorOf(account).message).toBe('Pacientul nu a fost găsit.');
      expect(
        (await post(cookie, `/api/cont/${id}/plati`, { method: 'card', amountBani: 1 })).statusCode,
      ).toBe(404);
    }
    const patientId = await insertPatientRow(t().db);
    const reverse = await post(cookie, `/api/cont/${patientId}/plati/nu-exista/storno`, { reason: 'Greșit' });
    expect(errorOf(reverse).message).toBe('Plata nu a fost găsită.');
    const charge = await post(cookie, `/api/cont/${patientId}/taxe/nu-exista/storno`, { reason: 'Greșit' });
    expect(errorOf(charge).message).toBe('Taxa nu a fost găsită.');
    const item = await post(cookie, `/api/cont/${patientId}/taxe`, { priceItemId: 'nu-exista' });
    expect(item.statusCode).toBe(404);
    const card = await pay(cookie, patientId, { method: 'card', amountBani: 100 });
    const receipt = await call(t().app, { url: `/api/cont/${patientId}/chitanta/${card.paymentId}`, cookie });
    expect(receipt.statusCode).toBe(404);
    expect(errorOf(receipt).message).toBe('Chitanța se emite doar pentru plăți în numerar.');
  });

  it('answers 401 signed out; a doctor reads but does not write; sterilizare sees nothing; settings are admin only', async () => {
    const patientId = await insertPatientRow(t().db);
    const body = { method: 'card', amountBani: 100 };
    expect((await call(t().app, { url: `/api/cont/${patientId}` })).statusCode).toBe(401);
    expect((await post(null, `/api/cont/${patientId}/plati`, body)).statusCode).toBe(401);
    const medic = await signIn(['medic']);
    expect((await call(t().app, { url: `/api/cont/${patientId}`, cookie: medic.cookie })).statusCode).toBe(
      200,
    );
    for (const [url, payload] of [
      [`/api/cont/${patientId}/plati`, body],
      [`/api/cont/${patientId}/plati/x/storno`, { reason: 'Greșit' }],
      [`/api/cont/${patientId}/rambursare`, { ...body, reason: 'Greșit' }],
      [`/api/cont/${patientId}/taxe`, { priceItemId: 'x' }],
      [`/api/cont/${patientId}/taxe/x/storno`, { reason: 'Greșit' }],
    ] as const) {
      expect((await post(medic.cookie, url, payload)).statusCode).toBe(403);
    }
    const sterilizare = await signIn(['sterilizare']);
    expect(
      (await call(t().app, { url: `/api/cont/${patientId}`, cookie: sterilizare.cookie })).statusCode,
    ).toBe(403);
    const asistent = await signIn(['asistent']);
    expect((await call(t().app, { url: '/api/cont-setari', cookie: asistent.cookie })).statusCode).toBe(403);
    const rate = await post(asistent.cookie, '/api/cont-setari/comisioane', {
      doctorId: medic.user.id,
      rateBp: 100,
      validFrom: '2026-01-01',
    });
    expect(rate.statusCode).toBe(403);
    expect(
      (
        await call(t().app, { url: `/api/cont/${patientId}`, cookie: asistent.cookie })
      ).json<AccountResponse>(),
    ).toMatchObject({ charges: [], payments: [], balance: { kind: 'achitat', amountBani: 0 } });
  });
});
