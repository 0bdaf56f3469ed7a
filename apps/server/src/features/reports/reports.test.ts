import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type {
  CashReport,
  CommissionsReport,
  PlansReport,
  ReceivablesReport,
  RevenueReport,
} from '@odonto/domain/contracts/reports';
import type { PaymentResponse, ReceiptResponse } from '@odonto/domain/contracts/ledger';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import { REPORT_MESSAGES } from '@odonto/domain/contracts/reports';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser, insertLocationRow } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import {
  csvLines,
  firstLocationId,
  insertAcceptedPlan,
  insertChargeAt,
  insertGroupLocations,
  insertPlanCharge,
  insertPricedItem,
} from './reports.test-support';

describeEachDialect('the money reports', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[], nume: string) {
    const user = await createUser(t().db, { roles, nume });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  async function post(cookie: string, url: string, body: unknown) {
    const response = await call(t().app, { method: 'POST', url, cookie, body });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function get<T>(cookie: string | null, url: string): Promise<T> {
    const response = await call(t().app, { url, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /**
   * Dr. Ana (30 %) and Dr. Bogdan; reception (Ioana) takes an advance of 500 lei in cash on 1 March, then on
   * 2 March: a crown by Dr. Ana (1.000 lei) and a cleaning by Dr. Bogdan (200 lei) for patient 1, 300 lei
   * cash from reception and 100 lei by card taken by the admin, a 100 lei cash refund of the advance; patient 3
   * owes a cleaning of 20 February.
   */
  async function clinicDay() {
    const admin = await signIn(['admin'], 'Admin Clinică');
    const asistent = await signIn(['asistent'], 'Ioana Recepție');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const bogdan = await signIn(['medic'], 'Dr. Bogdan Ionescu');
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 100_000 });
    const cleaning = await insertPricedItem(t().db, { name: 'Detartraj', amountBani: 20_000 });
    const [first, second, third] = [
      await insertPatientRow(t().db),
      await insertPatientRow(t().db),
      await insertPatientRow(t().db),
    ] as [string, string, string];
    await post(admin.cookie, '/api/cont-setari/comisioane', {
      doctorId: ana.user.id,
      rateBp: 3000,
      validFrom: '2026-01-01',
    });

    t().clock.set('2026-03-01T08:00:00.000Z');
    await post(asistent.cookie, `/api/cont/${second}/plati`, {
      method: 'numerar',
      amountBani: 50_000,
      isAdvance: true,
    });
    t().clock.set('2026-03-02T09:00:00.000Z');
    await post(asistent.cookie, `/api/cont/${third}/taxe`, {
      priceItemId: cleaning,
      doctorId: bogdan.user.id,
      day: '2026-02-20',
    });
    await post(asistent.cookie, `/api/cont/${first}/taxe`, { priceItemId: crown, doctorId: ana.user.id });
    t().clock.advanceMinutes(1);
    await post(asistent.cookie, `/api/cont/${first}/taxe`, {
      priceItemId: cleaning,
      doctorId: bogdan.user.id,
    });
    t().clock.advanceMinutes(30);
    await post(asistent.cookie, `/api/cont/${first}/plati`, { method: 'numerar', amountBani: 30_000 });
    t().clock.advanceMinutes(30);
    await post(admin.cookie, `/api/cont/${first}/plati`, { method: 'card', amountBani: 10_000 });
    t().clock.advanceMinutes(30);
    await post(asistent.cookie, `/api/cont/${second}/rambursare`, {
      method: 'numerar',
      amountBani: 10_000,
      reason: 'Tratament amânat',
    });
    return { admin, asistent, ana, bogdan, patients: { first, second, third } };
  }

  it('the daily cash report: opening cash, receipts, refunds, closing, per method and user, the payments', async () => {
    const { admin, asistent, ana, bogdan } = await clinicDay();
    const report = await get<CashReport>(admin.cookie, '/api/rapoarte/casa?zi=2026-03-02');
    expect(report).toMatchObject({
      day: '2026-03-02',
      scope: 'all',
      userId: null,
      openingBani: 50_000,
      cashInBani: 30_000,
      cashOutBani: 10_000,
      closingBani: 70_000,
    });
    expect(
      report.methods.map((line) => [line.method, line.count, line.receiptsBani, line.refundsBani]),
    ).toEqual([
      ['numerar', 2, 30_000, 10_000],
      ['card', 1, 10_000, 0],
      ['transfer', 0, 0, 0],
    ]);
    expect(
      report.users.map((line) => [line.userName, line.receiptsBani, line.refundsBani, line.cashNetBani]),
    ).toEqual([
      ['Admin Clinică', 10_000, 0, 0],
      ['Ioana Recepție', 30_000, 10_000, 20_000],
    ]);
    expect(
      report.payments.map((line) => [line.method, line.kind, line.amountBani, line.receipt, line.userName]),
    ).toEqual([
      ['numerar', 'încasare', 30_000, 'CH 2', 'Ioana Recepție'],
      ['card', 'încasare', 10_000, null, 'Admin Clinică'],
      ['numerar', 'rambursare', -10_000, null, 'Ioana Recepție'],
    ]);

    // Reception sees the whole till; one cashier's figures, the opening balance too, with ?user=.
    const mine = await get<CashReport>(
      asistent.cookie,
      `/api/rapoarte/casa?zi=2026-03-02&user=${admin.user.id}`,
    );
    expect(mine).toMatchObject({ openingBani: 0, cashInBani: 0, userId: admin.user.id });
    expect(mine.payments.map((line) => line.amountBani)).toEqual([10_000]);
    const till = await get<CashReport>(
      admin.cookie,
      `/api/rapoarte/casa?zi=2026-03-02&user=${asistent.user.id}`,
    );
    expect(till).toMatchObject({
      openingBani: 50_000,
      cashInBani: 30_000,
      cashOutBani: 10_000,
      closingBani: 70_000,
    });
    const previous = await get<CashReport>(asistent.cookie, '/api/rapoarte/casa?zi=2026-03-01');
    expect(previous).toMatchObject({ openingBani: 0, cashInBani: 50_000, closingBani: 50_000 });

    // A doctor sees only the payments they took (none here), whatever user they ask for.
    const own = await get<CashReport>(
      ana.cookie,
      `/api/rapoarte/casa?zi=2026-03-02&user=${asistent.user.id}`,
    );
    expect(own).toMatchObject({
      scope: 'own',
      userId: ana.user.id,
      openingBani: 0,
      closingBani: 0,
      payments: [],
    });
    expect((await get<CashReport>(bogdan.cookie, '/api/rapoarte/casa?zi=2026-03-02')).users).toEqual([]);
  });

  it('monthly revenue per location and doctor, narrowed to a doctor’s own figures', async () => {
    const { admin, ana } = await clinicDay();
    const report = await get<RevenueReport>(admin.cookie, '/api/rapoarte/venituri?luna=2026-03');
    expect(
      report.lines.map((line) => [line.locationName, line.doctorName, line.netChargedBani, line.paidBani]),
    ).toEqual([
      ['Sediul principal', 'Dr. Ana Pop', 100_000, 40_000],
      ['Sediul principal', 'Dr. Bogdan Ionescu', 20_000, 0],
    ]);
    expect(report.locations).toEqual([
      {
        locationId: expect.any(String),
        locationName: 'Sediul principal',
        netChargedBani: 120_000,
        paidBani: 40_000,
      },
    ]);
    expect(report.totals).toEqual({
      chargedBani: 120_000,
      reversedBani: 0,
      netChargedBani: 120_000,
      paidBani: 40_000,
    });
    const february = await get<RevenueReport>(admin.cookie, '/api/rapoarte/venituri?luna=2026-02');
    expect(february.totals.netChargedBani).toBe(20_000);

    const own = await get<RevenueReport>(ana.cookie, '/api/rapoarte/venituri?luna=2026-03');
    expect(own.scope).toBe('own');
    expect(own.lines.map((line) => line.doctorName)).toEqual(['Dr. Ana Pop']);
  });

  it('a clinic group: each charge counts at the location the work was done', async () => {
    t().clock.set('2026-03-02T12:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const bogdan = await signIn(['medic'], 'Dr. Bogdan Ionescu');
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 100_000 });
    const [seen, walkIn] = [await insertPatientRow(t().db), await insertPatientRow(t().db)];
    const at = '2026-03-01T08:00:00.000Z';
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: bogdan.user.id, location_id: 'nord' })
      .execute();
    // Ana sees the first patient at Nord on 2 March.
    await t()
      .db.insertInto('appointments')
      .values({
        id: randomUUID(),
        patient_id: seen,
        doctor_id: ana.user.id,
        starts_at: '2026-03-02T08:00:00.000Z',
        ends_at: '2026-03-02T09:00:00.000Z',
        note: '',
        trimite_sms: 0,
        created_at: at,
        created_by: null,
        updated_at: at,
        version: 1,
        deleted_at: null,
        deleted_by: null,
        location_id: 'nord',
        chair_id: null,
      })
      .execute();
    const charge = (patientId: string, doctorId: string) =>
      post(admin.cookie, `/api/cont/${patientId}/taxe`, { priceItemId: crown, doctorId });
    await charge(seen, ana.user.id); // her appointment's location: Nord
    await charge(walkIn, ana.user.id); // no appointment, Ana works everywhere: the first location
    await charge(walkIn, bogdan.user.id); // no appointment, Bogdan works only at Nord

    const report = await get<RevenueReport>(admin.cookie, '/api/rapoarte/venituri?luna=2026-03');
    expect(report.lines.map((line) => [line.locationName, line.doctorName, line.netChargedBani])).toEqual([
      ['Sediul Nord', 'Dr. Ana Pop', 100_000],
      ['Sediul Nord', 'Dr. Bogdan Ionescu', 100_000],
      ['Sediul principal', 'Dr. Ana Pop', 100_000],
    ]);
    expect(report.locations.map((location) => [location.locationName, location.netChargedBani])).toEqual([
      ['Sediul Nord', 200_000],
      ['Sediul principal', 100_000],
    ]);
  });

  it('a clinic group: each payment is taken at its cashier’s location; the cash report of one location', async () => {
    t().clock.set('2026-03-02T09:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const nordDesk = await signIn(['asistent'], 'Ioana Nord');
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: nordDesk.user.id, location_id: 'nord' })
      .execute();
    const first = { id: await firstLocationId(t().db) };
    const patient = await insertPatientRow(t().db);
    // Taken before the clinic had locations: no location, counted at the first one.
    await t()
      .db.insertInto('payments')
      .values({
        id: randomUUID(),
        patient_id: patient,
        location_id: null,
        method: 'numerar',
        is_advance: 1,
        amount_bani: 5_000,
        reverses_id: null,
        reason: null,
        note: '',
        receipt_series: null,
        receipt_number: null,
        day: '2026-03-01',
        created_by: admin.user.id,
        created_at: '2026-03-01T08:00:00.000Z',
      })
      .execute();
    const pay = (cookie: string, amountBani: number) =>
      post(cookie, `/api/cont/${patient}/plati`, { method: 'numerar', amountBani, isAdvance: true });
    await pay(nordDesk.cookie, 30_000);
    await pay(admin.cookie, 20_000);

    const cash = (query: string) => get<CashReport>(admin.cookie, `/api/rapoarte/casa?zi=2026-03-02${query}`);
    const all = await cash('');
    expect([all.openingBani, all.cashInBani, all.payments.length]).toEqual([5_000, 50_000, 2]);
    const nord = await cash('&sediu=nord');
    expect([nord.openingBani, nord.cashInBani, nord.closingBani]).toEqual([0, 30_000, 30_000]);
    expect(nord.users.map((user) => user.userName)).toEqual(['Ioana Nord']);
    const main = await cash(`&sediu=${first.id}`);
    expect([main.openingBani, main.cashInBani, main.closingBani]).toEqual([5_000, 20_000, 25_000]);
    expect(main.users.map((user) => user.userName)).toEqual(['Admin Clinică']);

    const unknown = await call(t().app, {
      url: '/api/rapoarte/casa?zi=2026-03-02&sediu=nicaieri',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
  });

  it('a clinic group: the cashier chooses where a payment or refund is taken (sediuId)', async () => {
    t().clock.set('2026-03-02T09:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const nordDesk = await signIn(['asistent'], 'Ioana Nord');
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    await insertLocationRow(t().db, {
      id: 'vechi',
      name: 'Sediul vechi',
      archivedAt: '2026-03-01T09:00:00.000Z',
    });
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: nordDesk.user.id, location_id: 'nord' })
      .execute();
    const first = { id: await firstLocationId(t().db) };
    const patient = await insertPatientRow(t().db);
    const pay = (cookie: string, amountBani: number, sediuId?: string, headers?: Record<string, string>) =>
      call(t().app, {
        method: 'POST',
        url: `/api/cont/${patient}/plati`,
        cookie,
        body: {
          method: 'numerar',
          amountBani,
          isAdvance: true,
          ...(sediuId === undefined ? {} : { sediuId }),
        },
        ...(headers ? { headers } : {}),
      });
    const storedLocation = async (paymentId: string) =>
      (
        await t()
          .db.selectFrom('payments')
          .select('location_id')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).location_id;

    // The admin works at every location: taken at Nord when asked, at the first one when not (as before).
    const atNord = await pay(admin.cookie, 30_000, 'nord');
    expect(atNord.statusCode, atNord.body).toBe(201);
    const atNordId = atNord.json<PaymentResponse>().paymentId;
    expect(await storedLocation(atNordId)).toBe('nord');
    const byDefault = await pay(admin.cookie, 20_000);
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(await storedLocation(byDefault.json<PaymentResponse>().paymentId)).toBe(first.id);
    // Ioana works at Nord only: her default is Nord, and Nord is hers to choose.
    const hersByDefault = await pay(nordDesk.cookie, 1_000);
    expect(await storedLocation(hersByDefault.json<PaymentResponse>().paymentId)).toBe('nord');
    const hersAsked = await pay(nordDesk.cookie, 2_000, 'nord');
    expect(hersAsked.statusCode, hersAsked.body).toBe(201);

    // A retried payment (same Idempotency-Key) is answered again without a second row.
    const retried = await pay(admin.cookie, 4_000, 'nord', { 'idempotency-key': 'plata-nord' });
    const again = await pay(admin.cookie, 4_000, 'nord', { 'idempotency-key': 'plata-nord' });
    expect([retried.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json<PaymentResponse>().paymentId).toBe(retried.json<PaymentResponse>().paymentId);

    // Refused: an unknown or closed location, or one the cashier does not work at; nothing is written.
    const countPayments = async () =>
      Number(
        (
          await t()
            .db.selectFrom('payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countPayments();
    const refusals: [string, string, string][] = [
      [admin.cookie, 'nicaieri', LOCATION_MESSAGES.notFound],
      [admin.cookie, 'vechi', LOCATION_MESSAGES.closed],
      [nordDesk.cookie, first.id, LOCATION_MESSAGES.notYours],
    ];
    for (const [cookie, sediuId, message] of refusals) {
      const refused = await pay(cookie, 500, sediuId);
      expect(refused.statusCode, sediuId).toBe(422);
      expect(errorOf(refused)).toMatchObject({ message, fields: { sediuId: message } });
    }
    const empty = await pay(admin.cookie, 500, '');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({ sediuId: LOCATION_MESSAGES.required });
    expect(await countPayments()).toBe(before);

    // A refund: given back at the chosen location; the same refusals.
    const refund = (cookie: string, sediuId: string) =>
      call(t().app, {
        method: 'POST',
        url: `/api/cont/${patient}/rambursare`,
        cookie,
        body: { method: 'numerar', amountBani: 3_000, reason: 'Tratament anulat', sediuId },
      });
    const refunded = await refund(admin.cookie, 'nord');
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await storedLocation(refunded.json<PaymentResponse>().paymentId)).toBe('nord');
    const notHers = await refund(nordDesk.cookie, first.id);
    expect(notHers.statusCode).toBe(422);
    expect(errorOf(notHers).message).toBe(LOCATION_MESSAGES.notYours);
    const closed = await refund(admin.cookie, 'vechi');
    expect(closed.statusCode).toBe(422);
    expect(errorOf(closed).message).toBe(LOCATION_MESSAGES.closed);

    // The cash report of each location has its own payments.
    const cash = (query: string) => get<CashReport>(admin.cookie, `/api/rapoarte/casa?zi=2026-03-02${query}`);
    const nord = await cash('&sediu=nord');
    expect(nord.payments.map((line) => [line.amountBani, line.kind])).toEqual(
      expect.arrayContaining([
        [30_000, 'încasare'],
        [1_000, 'încasare'],
        [2_000, 'încasare'],
        [4_000, 'încasare'],
        [-3_000, 'rambursare'],
      ]),
    );
    expect(nord.payments).toHaveLength(5);
    expect([nord.cashInBani, nord.cashOutBani]).toEqual([37_000, 3_000]);
    const main = await cash(`&sediu=${first.id}`);
    expect(main.payments.map((line) => line.amountBani)).toEqual([20_000]);
    expect(main.payments.some((line) => line.id === atNordId)).toBe(false);
  });

  it('the receipt names the location where the cash was taken, in a clinic group only', async () => {
    t().clock.set('2026-03-02T09:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const patient = await insertPatientRow(t().db);
    const receiptOf = async () => {
      const paid = await call(t().app, {
        method: 'POST',
        url: `/api/cont/${patient}/plati`,
        cookie: admin.cookie,
        body: { method: 'numerar', amountBani: 1_000, isAdvance: true },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const paymentId = paid.json<PaymentResponse>().paymentId;
      return get<ReceiptResponse>(admin.cookie, `/api/cont/${patient}/chitanta/${paymentId}`);
    };
    expect((await receiptOf()).location).toBeNull();
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    await t()
      .db.updateTable('locations')
      .set({ address: 'Str. Mare 1, Cluj-Napoca' })
      .where('id', '!=', 'nord')
      .execute();
    const first = await t()
      .db.selectFrom('locations')
      .select('name')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    expect((await receiptOf()).location).toEqual({ name: first.name, address: 'Str. Mare 1, Cluj-Napoca' });
  });

  it('accounts receivable, the oldest open charge first; a doctor sees their open charges only', async () => {
    const { admin, ana, bogdan, patients } = await clinicDay();
    const report = await get<ReceivablesReport>(admin.cookie, '/api/rapoarte/creante');
    expect(report).toMatchObject({ day: '2026-03-02', total: 2, totalDueBani: 100_000, page: 1 });
    expect(
      report.lines.map((line) => [line.patientId, line.dueBani, line.oldestOpenDay, line.daysOverdue]),
    ).toEqual([
      [patients.third, 20_000, '2026-02-20', 10],
      [patients.first, 80_000, '2026-03-02', 0],
    ]);
    expect((await get<ReceivablesReport>(admin.cookie, '/api/rapoarte/creante?page=2')).lines).toEqual([]);

    const ofAna = await get<ReceivablesReport>(ana.cookie, '/api/rapoarte/creante');
    expect(ofAna.lines.map((line) => [line.patientId, line.dueBani])).toEqual([[patients.first, 60_000]]);
    const ofBogdan = await get<ReceivablesReport>(bogdan.cookie, '/api/rapoarte/creante');
    expect(ofBogdan.lines.map((line) => [line.patientId, line.dueBani])).toEqual([
      [patients.third, 20_000],
      [patients.first, 20_000],
    ]);
    expect(ofBogdan).toMatchObject({ total: 2, totalDueBani: 40_000 });
  });

  it('a clinic group: the receivables of one location, from the charges made there', async () => {
    t().clock.set('2026-03-02T08:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const bogdan = await signIn(['medic'], 'Dr. Bogdan Ionescu');
    const crown = await insertPricedItem(t().db, { name: 'Coroană', amountBani: 100_000 });
    const cleaning = await insertPricedItem(t().db, { name: 'Detartraj', amountBani: 20_000 });
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    // Bogdan works only at Nord (his charges are made there), Ana everywhere (hers at the first location).
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: bogdan.user.id, location_id: 'nord' })
      .execute();
    const first = await t()
      .db.selectFrom('locations')
      .select(['id', 'name'])
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const [owes, old, reversed] = [
      await insertPatientRow(t().db),
      await insertPatientRow(t().db),
      await insertPatientRow(t().db),
    ] as [string, string, string];
    const charge = async (patientId: string, priceItemId: string, doctorId: string, at: string) => {
      t().clock.set(at);
      const response = await call(t().app, {
        method: 'POST',
        url: `/api/cont/${patientId}/taxe`,
        cookie: admin.cookie,
        body: { priceItemId, doctorId },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const creante = (query: string, cookie = admin.cookie) =>
      get<ReceivablesReport>(cookie, `/api/rapoarte/creante${query}`);
    const lines = (report: ReceivablesReport) =>
      report.lines.map((line) => [line.patientId, line.dueBani, line.oldestOpenDay]);

    await charge(owes, crown, bogdan.user.id, '2026-03-02T08:00:00.000Z'); // at Nord
    await charge(owes, cleaning, ana.user.id, '2026-03-02T08:10:00.000Z'); // at the first location
    expect(lines(await creante('?sediu=nord'))).toEqual([[owes, 100_000, '2026-03-02']]);
    expect(lines(await creante(`?sediu=${first.id}`))).toEqual([[owes, 20_000, '2026-03-02']]);

    // A charge from before the clinic had locations (none): counted at the first location, from the next
    // ledger write of the patient on (a charge).
    await insertChargeAt(t().db, {
      patientId: old,
      doctorId: ana.user.id,
      locationId: null,
      description: 'Obturație',
      amountBani: 30_000,
      day: '2026-02-20',
    });
    // …and the balance it was owed with then.
    await t()
      .db.insertInto('patient_balances')
      .values({
        patient_id: old,
        owed_bani: 30_000,
        oldest_open_day: '2026-02-20',
        updated_at: '2026-02-20T08:00:00.000Z',
        version: 1,
      })
      .execute();
    await charge(old, cleaning, ana.user.id, '2026-03-02T08:20:00.000Z');
    // A charge at Nord, reversed: nothing open there.
    await charge(reversed, cleaning, bogdan.user.id, '2026-03-02T08:30:00.000Z');
    const reversedId = (
      await t()
        .db.selectFrom('charges')
        .select('id')
        .where('patient_id', '=', reversed)
        .executeTakeFirstOrThrow()
    ).id;
    await post(admin.cookie, `/api/cont/${reversed}/taxe/${reversedId}/storno`, { reason: 'Greșit' });
    // A partial payment, allocated to the oldest charge first: the crown at Nord.
    t().clock.set('2026-03-02T09:00:00.000Z');
    const payment = await call(t().app, {
      method: 'POST',
      url: `/api/cont/${owes}/plati`,
      cookie: admin.cookie,
      body: { method: 'card', amountBani: 30_000 },
    });
    expect(payment.statusCode, payment.body).toBe(201);

    const nord = await creante('?sediu=nord');
    expect(lines(nord)).toEqual([[owes, 70_000, '2026-03-02']]);
    expect(nord).toMatchObject({
      total: 1,
      totalDueBani: 70_000,
      location: { id: 'nord', name: 'Sediul Nord' },
    });
    const main = await creante(`?sediu=${first.id}`);
    expect(lines(main)).toEqual([
      [old, 50_000, '2026-02-20'],
      [owes, 20_000, '2026-03-02'],
    ]);
    expect(main).toMatchObject({ total: 2, totalDueBani: 70_000, location: first });

    // Without `sediu`: the balances, as before; with no advance unallocated, the sum of the locations.
    const all = await creante('');
    expect(all.location).toBeNull();
    expect(lines(all)).toEqual([
      [old, 50_000, '2026-02-20'],
      [owes, 90_000, '2026-03-02'],
    ]);
    const byPatient = new Map<string, number>();
    for (const line of [...nord.lines, ...main.lines])
      byPatient.set(line.patientId, (byPatient.get(line.patientId) ?? 0) + line.dueBani);
    expect(all.lines.map((line) => [line.patientId, line.dueBani])).toEqual(
      all.lines.map((line) => [line.patientId, byPatient.get(line.patientId)]),
    );
    expect(all.totalDueBani).toBe(nord.totalDueBani + main.totalDueBani);

    // The export names the location on every row.
    const csv = await call(t().app, {
      url: '/api/rapoarte/creante?sediu=nord&format=csv',
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]?.startsWith('Sediu;Pacient;')).toBe(true);
    expect(rows.slice(1).map((row) => [row.split(';')[0], row.split(';')[4]])).toEqual([
      ['Sediul Nord', '700,00'],
    ]);

    // The payment reversed: the crown is open again in full at Nord.
    t().clock.set('2026-03-02T09:30:00.000Z');
    await post(
      admin.cookie,
      `/api/cont/${owes}/plati/${payment.json<{ paymentId: string }>().paymentId}/storno`,
      { reason: 'Plată înregistrată greșit' },
    );
    expect(lines(await creante('?sediu=nord'))).toEqual([[owes, 100_000, '2026-03-02']]);
    expect(lines(await creante(`?sediu=${first.id}`))).toEqual([
      [old, 50_000, '2026-02-20'],
      [owes, 20_000, '2026-03-02'],
    ]);

    // A closed location's receivables are still reported; an unknown one is 404; a doctor's are not by location.
    await t()
      .db.updateTable('locations')
      .set({ archived_at: '2026-03-02T10:00:00.000Z' })
      .where('id', '=', 'nord')
      .execute();
    expect(lines(await creante('?sediu=nord'))).toEqual([[owes, 100_000, '2026-03-02']]);
    const unknown = await call(t().app, {
      url: '/api/rapoarte/creante?sediu=nicaieri',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
    const ofDoctor = await call(t().app, { url: '/api/rapoarte/creante?sediu=nord', cookie: bogdan.cookie });
    expect(ofDoctor.statusCode).toBe(400);
    expect(errorOf(ofDoctor)).toMatchObject({
      message: REPORT_MESSAGES.ownReceivablesLocation,
      fields: { sediu: REPORT_MESSAGES.ownReceivablesLocation },
    });
  });

  it('a clinic group: moving another location first moves the charges from before locations to it', async () => {
    t().clock.set('2026-03-02T08:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const cleaning = await insertPricedItem(t().db, { name: 'Detartraj', amountBani: 20_000 });
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    const first = { id: await firstLocationId(t().db) };
    const patient = await insertPatientRow(t().db);
    await insertChargeAt(t().db, {
      patientId: patient,
      doctorId: ana.user.id,
      locationId: null,
      description: 'Obturație',
      amountBani: 30_000,
      day: '2026-02-20',
    });
    await post(admin.cookie, `/api/cont/${patient}/taxe`, { priceItemId: cleaning, doctorId: ana.user.id });
    const at = async (locationId: string) =>
      (await get<ReceivablesReport>(admin.cookie, `/api/rapoarte/creante?sediu=${locationId}`)).lines.map(
        (line) => [line.dueBani, line.oldestOpenDay],
      );
    expect([await at(first.id), await at('nord')]).toEqual([[[50_000, '2026-02-20']], []]);

    const moved = await call(t().app, {
      method: 'POST',
      url: '/api/locations/nord/move',
      cookie: admin.cookie,
      body: { direction: 'up' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await at(first.id), await at('nord')]).toEqual([
      [[20_000, '2026-03-02']],
      [[30_000, '2026-02-20']],
    ]);
  });

  it('keeps the receivables order as payments settle and reopen the oldest charge', async () => {
    const { admin, asistent, bogdan, patients } = await clinicDay();
    const settled = await call(t().app, {
      method: 'POST',
      url: `/api/cont/${patients.third}/plati`,
      cookie: asistent.cookie,
      body: { method: 'card', amountBani: 20_000 },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    const order = async () =>
      (await get<ReceivablesReport>(admin.cookie, '/api/rapoarte/creante')).lines.map((line) => [
        line.patientId,
        line.oldestOpenDay,
      ]);
    expect(await order()).toEqual([[patients.first, '2026-03-02']]);
    const ofBogdan = async () =>
      (await get<ReceivablesReport>(bogdan.cookie, '/api/rapoarte/creante')).lines.map((line) => [
        line.patientId,
        line.dueBani,
        line.oldestOpenDay,
      ]);
    expect(await ofBogdan()).toEqual([[patients.first, 20_000, '2026-03-02']]);

    await post(
      admin.cookie,
      `/api/cont/${patients.third}/plati/${settled.json<{ paymentId: string }>().paymentId}/storno`,
      { reason: 'Plată înregistrată greșit' },
    );
    expect(await order()).toEqual([
      [patients.third, '2026-02-20'],
      [patients.first, '2026-03-02'],
    ]);
    expect(await ofBogdan()).toEqual([
      [patients.third, 20_000, '2026-02-20'],
      [patients.first, 20_000, '2026-03-02'],
    ]);
  });

  it('doctor commissions per month, with the allocations behind them', async () => {
    const { admin, ana, bogdan } = await clinicDay();
    const report = await get<CommissionsReport>(admin.cookie, '/api/rapoarte/comisioane?luna=2026-03');
    expect(report.doctors).toEqual([
      {
        doctorId: ana.user.id,
        doctorName: 'Dr. Ana Pop',
        count: 2,
        allocatedBani: 40_000,
        commissionBani: 12_000,
      },
    ]);
    expect(report.lines.map((line) => [line.description, line.allocatedBani, line.commissionBani])).toEqual([
      ['Coroană', 30_000, 9000],
      ['Coroană', 10_000, 3000],
    ]);
    expect(report.totals).toEqual({ allocatedBani: 40_000, commissionBani: 12_000 });
    const ofBogdan = await get<CommissionsReport>(bogdan.cookie, '/api/rapoarte/comisioane?luna=2026-03');
    expect(ofBogdan).toMatchObject({ scope: 'own', doctors: [], lines: [] });
    expect(
      (await get<CommissionsReport>(admin.cookie, '/api/rapoarte/comisioane?luna=2026-04')).lines,
    ).toEqual([]);
  });

  it('a clinic group: the commissions of one location, its charges from before locations at the first', async () => {
    t().clock.set('2026-03-02T09:00:00.000Z');
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    await post(admin.cookie, '/api/cont-setari/comisioane', {
      doctorId: ana.user.id,
      rateBp: 3000,
      validFrom: '2026-01-01',
    });
    const first = { id: await insertGroupLocations(t().db) };
    const charges: [string | null, string, number][] = [
      [null, 'Obturație (înainte de sedii)', 10_000],
      ['nord', 'Coroană Nord', 20_000],
      [first.id, 'Detartraj', 5_000],
    ];
    for (const [locationId, description, amountBani] of charges) {
      const patientId = await insertPatientRow(t().db);
      await insertChargeAt(t().db, {
        patientId,
        doctorId: ana.user.id,
        locationId,
        description,
        amountBani,
        day: '2026-03-01',
      });
      await post(admin.cookie, `/api/cont/${patientId}/plati`, { method: 'card', amountBani });
      t().clock.advanceMinutes(1);
    }

    const commissions = (cookie: string, query: string) =>
      get<CommissionsReport>(cookie, `/api/rapoarte/comisioane?luna=2026-03${query}`);
    const shown = (report: CommissionsReport) => [
      report.location,
      report.lines.map((line) => [line.description, line.allocatedBani, line.commissionBani]),
      report.doctors.map((line) => [line.doctorName, line.count, line.allocatedBani, line.commissionBani]),
      report.totals,
    ];
    expect(shown(await commissions(admin.cookie, ''))).toEqual([
      null,
      [
        ['Obturație (înainte de sedii)', 10_000, 3000],
        ['Coroană Nord', 20_000, 6000],
        ['Detartraj', 5_000, 1500],
      ],
      [['Dr. Ana Pop', 3, 35_000, 10_500]],
      { allocatedBani: 35_000, commissionBani: 10_500 },
    ]);
    expect(shown(await commissions(admin.cookie, '&sediu=nord'))).toEqual([
      { id: 'nord', name: 'Sediul Nord' },
      [['Coroană Nord', 20_000, 6000]],
      [['Dr. Ana Pop', 1, 20_000, 6000]],
      { allocatedBani: 20_000, commissionBani: 6000 },
    ]);
    expect(shown(await commissions(admin.cookie, `&sediu=${first.id}`))).toEqual([
      { id: first.id, name: 'Sediul principal' },
      [
        ['Obturație (înainte de sedii)', 10_000, 3000],
        ['Detartraj', 5_000, 1500],
      ],
      [['Dr. Ana Pop', 2, 15_000, 4500]],
      { allocatedBani: 15_000, commissionBani: 4500 },
    ]);
    // A doctor's own report narrows the same way.
    const own = await commissions(ana.cookie, '&sediu=nord');
    expect([own.scope, own.lines.map((line) => line.description)]).toEqual(['own', ['Coroană Nord']]);

    const csv = async (query: string) => {
      const response = await call(t().app, {
        url: `/api/rapoarte/comisioane?luna=2026-03&format=csv${query}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return csvLines(response.body);
    };
    expect(await csv('&sediu=nord')).toEqual([
      'Sediu;Medic;Data;Pacient;Lucrare;Încasat (lei);Comision (lei)',
      expect.stringMatching(/^Sediul Nord;Dr\. Ana Pop;02\.03\.2026;[^;]+;Coroană Nord;200,00;60,00$/),
    ]);
    const all = await csv('');
    expect(all[0]).toBe('Medic;Data;Pacient;Lucrare;Încasat (lei);Comision (lei)');
    expect(all).toHaveLength(4);

    // A closed location's history stays reportable; an id the clinic never had is not found.
    const closed = await call(t().app, {
      url: '/api/rapoarte/comisioane?luna=2026-03&sediu=vechi',
      cookie: admin.cookie,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ location: { id: 'vechi', name: 'Sediul Vechi' }, doctors: [] });
    const unknown = await call(t().app, {
      url: '/api/rapoarte/comisioane?luna=2026-03&sediu=nicaieri',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
  });

  it('treatment plans accepted vs done, per month and doctor', async () => {
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const bogdan = await signIn(['medic'], 'Dr. Bogdan Ionescu');
    const patientId = await insertPatientRow(t().db);
    // Signed at 23:30 on 31 January, Bucharest time: a January acceptance.
    const planId = await insertAcceptedPlan(t().db, {
      patientId,
      doctor: ana.user,
      totalBani: 225_000,
      signedAt: '2026-01-31T21:30:00.000Z',
    });
    await insertAcceptedPlan(t().db, {
      patientId,
      doctor: bogdan.user,
      totalBani: 50_000,
      signedAt: '2026-02-10T10:00:00.000Z',
    });
    await insertPlanCharge(t().db, {
      patientId,
      planId,
      doctorId: ana.user.id,
      amountBani: 80_000,
      day: '2026-02-03',
    });

    const report = await get<PlansReport>(
      admin.cookie,
      '/api/rapoarte/planuri?de_la=2026-01&pana_la=2026-03',
    );
    expect(
      report.lines.map((line) => [
        line.month,
        line.doctorName,
        line.acceptedCount,
        line.acceptedBani,
        line.doneBani,
      ]),
    ).toEqual([
      ['2026-01', 'Dr. Ana Pop', 1, 225_000, 0],
      ['2026-02', 'Dr. Ana Pop', 0, 0, 80_000],
      ['2026-02', 'Dr. Bogdan Ionescu', 1, 50_000, 0],
    ]);
    expect(report.months.map((month) => [month.month, month.acceptedBani, month.doneBani])).toEqual([
      ['2026-01', 225_000, 0],
      ['2026-02', 50_000, 80_000],
      ['2026-03', 0, 0],
    ]);
    const own = await get<PlansReport>(bogdan.cookie, '/api/rapoarte/planuri?de_la=2026-01&pana_la=2026-03');
    expect(own.lines.map((line) => line.doctorName)).toEqual(['Dr. Bogdan Ionescu']);
  });

  it('exports every report as CSV (Romanian headers, ;, 1250,00) and XLSX', async () => {
    const { admin } = await clinicDay();
    const csv = await call(t().app, {
      url: '/api/rapoarte/casa?zi=2026-03-02&format=csv',
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="registru-casa-2026-03-02.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Data;Ora;Pacient;Nr. fișă;Mod de plată;Tip;Suma (lei);Chitanța;Utilizator');
    expect(lines[1]).toMatch(
      /^02\.03\.2026;11:31;Popescu Ana;\d+;Numerar;încasare;300,00;CH 2;Ioana Recepție$/,
    );
    expect(csv.body).toContain(';Sold final numerar;;Numerar;;700,00;;');

    for (const url of [
      '/api/rapoarte/venituri?luna=2026-03',
      '/api/rapoarte/creante',
      '/api/rapoarte/planuri?de_la=2026-01&pana_la=2026-03',
      '/api/rapoarte/comisioane?luna=2026-03',
    ]) {
      const file = await call(t().app, {
        url: `${url}${url.includes('?') ? '&' : '?'}format=csv`,
        cookie: admin.cookie,
      });
      expect(file.statusCode, url).toBe(200);
      expect(file.body.startsWith('\uFEFF'), url).toBe(true);
    }
    const revenue = await call(t().app, {
      url: '/api/rapoarte/venituri?luna=2026-03&format=csv',
      cookie: admin.cookie,
    });
    expect(revenue.body).toContain('2026-03;Sediul principal;Dr. Ana Pop;1000,00;0,00;1000,00;400,00');

    const xlsx = await call(t().app, {
      url: '/api/rapoarte/comisioane?luna=2026-03&format=xlsx',
      cookie: admin.cookie,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('401 without a session, 403 for a role without the report, 400 for bad input', async () => {
    const asistent = await signIn(['asistent'], 'Ioana Recepție');
    const sterilizare = await signIn(['sterilizare'], 'Steril');
    const admin = await signIn(['admin'], 'Admin');
    const urls = [
      '/api/rapoarte/casa?zi=2026-03-02',
      '/api/rapoarte/venituri?luna=2026-03',
      '/api/rapoarte/creante',
      '/api/rapoarte/planuri?de_la=2026-01&pana_la=2026-03',
      '/api/rapoarte/comisioane?luna=2026-03',
    ];
    for (const url of urls) {
      expect((await call(t().app, { url })).statusCode, url).toBe(401);
      expect((await call(t().app, { url, cookie: sterilizare.cookie })).statusCode, url).toBe(403);
    }
    // Reception: only the cash report.
    expect((await call(t().app, { url: urls[0] as string, cookie: asistent.cookie })).statusCode).toBe(200);
    for (const url of urls.slice(1)) {
      expect((await call(t().app, { url, cookie: asistent.cookie })).statusCode, url).toBe(403);
    }

    const bad: [string, string][] = [
      ['/api/rapoarte/casa?zi=2026-02-30', REPORT_MESSAGES.day],
      ['/api/rapoarte/casa', REPORT_MESSAGES.day],
      [`/api/rapoarte/casa?zi=2026-03-02&user=${randomUUID()}`, REPORT_MESSAGES.user],
      ['/api/rapoarte/casa?zi=2026-03-02&format=pdf', REPORT_MESSAGES.format],
      ['/api/rapoarte/venituri?luna=2026-13', REPORT_MESSAGES.month],
      ['/api/rapoarte/creante?page=0', REPORT_MESSAGES.page],
      ['/api/rapoarte/creante?page=abc', REPORT_MESSAGES.page],
      ['/api/rapoarte/planuri?de_la=2026-04&pana_la=2026-03', REPORT_MESSAGES.range],
      ['/api/rapoarte/planuri?de_la=2023-01&pana_la=2026-03', REPORT_MESSAGES.rangeTooLong],
      ['/api/rapoarte/comisioane?luna=martie', REPORT_MESSAGES.month],
    ];
    for (const [url, message] of bad) {
      const response = await call(t().app, { url, cookie: admin.cookie });
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(errorOf(response)), url).toContain(message);
    }
  });
});
