import { expect, it } from 'vitest';
import { PLAN_MESSAGES, type Plan, type PlanSummary } from '@odonto/domain/contracts/plans';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import {
  addPrice,
  auditRows,
  content,
  getPlan,
  item,
  moveClock,
  planFixture,
  postPlan,
  priceItem,
  putPlan,
  staff,
  TODAY,
} from './plans.test-support';

describeEachDialect('plans: create, read, edit, reject, print', ({ useApp }) => {
  const t = useApp();

  it('creates a plan: 201, numbered, propus, priced from the price list of today, totals per alternative', async () => {
    const medic = await staff(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    const listed = await priceItem(t(), { amountBani: 35_000, vatRateBp: null });
    const body = content(medic.user.id);
    body.alternatives[0]!.phases[0]!.items[0] = item({
      id: 'a1',
      priceItemId: listed,
      unitPriceBani: 35_000,
    });
    const response = await postPlan(t(), medic.cookie, patientId, body);
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({
      patientId,
      number: 1,
      status: 'propus',
      priceDay: TODAY,
      revision: 1,
      version: 1,
      doctorId: medic.user.id,
      doctorName: 'Dr. Ana Pop',
      acceptance: null,
      progress: null,
      links: [],
    });
    expect(plan.alternatives[0]?.phases[0]?.items[0]).toMatchObject({
      listPriceBani: 35_000,
      vatRateBp: null,
    });
    expect(plan.alternatives[0]?.totals.totalBani).toBe(155_000);
    // B: 2.500 lei less 10 %.
    expect(plan.alternatives[1]?.totals).toMatchObject({
      subtotalBani: 250_000,
      discountBani: 25_000,
      totalBani: 225_000,
    });

    const second = await postPlan(t(), medic.cookie, patientId, content(medic.user.id));
    expect(second.json<Plan>().number).toBe(2);
    expect((await auditRows(t())).map((row) => row.action)).toEqual(['plan_create', 'plan_create']);

    const list = await call(t().app, { url: `/api/plans/${patientId}`, cookie: medic.cookie });
    expect(list.statusCode).toBe(200);
    const summaries = list.json<PlanSummary[]>();
    expect(summaries.map((summary) => summary.number)).toEqual([2, 1]);
    expect(summaries[1]?.alternatives).toEqual([
      { label: 'A', title: 'Obturații și coroană', totalBani: 155_000 },
      { label: 'B', title: 'Implant', totalBani: 225_000 },
    ]);
  });

  it('refuses bad plans with a Romanian message (400) and unknown patients (404)', async () => {
    const medic = await staff(t(), 'medic');
    const asistent = await staff(t(), 'asistent');
    const patientId = await insertPatientRow(t().db);
    const listed = await priceItem(t(), { amountBani: 35_000 });

    const past = await postPlan(
      t(),
      medic.cookie,
      patientId,
      content(medic.user.id, { validUntil: '2026-03-01' }),
    );
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).fields?.['validUntil']).toBe(PLAN_MESSAGES.validUntilPast);

    const notDoctor = await postPlan(t(), medic.cookie, patientId, content(asistent.user.id));
    expect(notDoctor.statusCode).toBe(400);
    expect(errorOf(notDoctor).fields?.['doctorId']).toBe(PLAN_MESSAGES.doctorUnknown);

    const noReason = content(medic.user.id);
    noReason.alternatives[0]!.phases[0]!.items[0] = item({ priceItemId: listed, unitPriceBani: 30_000 });
    const reason = await postPlan(t(), medic.cookie, patientId, noReason);
    expect(reason.statusCode).toBe(400);
    expect(errorOf(reason).message).toBe(PLAN_MESSAGES.priceReason);

    const unknownItem = content(medic.user.id);
    unknownItem.alternatives[0]!.phases[0]!.items[0] = item({ priceItemId: 'nu-exista' });
    const unknown = await postPlan(t(), medic.cookie, patientId, unknownItem);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(PLAN_MESSAGES.unknownPriceItem);

    const noAlternatives = await postPlan(
      t(),
      medic.cookie,
      patientId,
      content(medic.user.id, { alternatives: [] }),
    );
    expect(noAlternatives.statusCode).toBe(400);
    expect(Object.values(errorOf(noAlternatives).fields ?? {})).toContain(PLAN_MESSAGES.alternativesCount);

    const missing = await postPlan(t(), medic.cookie, 'nu-exista', content(medic.user.id));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(PLAN_MESSAGES.patientNotFound);
    expect((await call(t().app, { url: '/api/plan/nu-exista', cookie: medic.cookie })).statusCode).toBe(404);
    expect((await call(t().app, { url: '/api/plans/nu-exista', cookie: medic.cookie })).statusCode).toBe(404);
    expect(await auditRows(t())).toEqual([]);
  });

  it('401 signed out; 403 for an asistent creating or editing and for sterilizare reading; asistent reads and prints', async () => {
    const { medic, patientId, plan } = await planFixture(t());
    const asistent = await staff(t(), 'asistent');
    const sterilizare = await staff(t(), 'sterilizare');
    expect((await postPlan(t(), null, patientId, content(medic.user.id))).statusCode).toBe(401);
    expect((await getPlan(t(), null, plan.id)).statusCode).toBe(401);
    expect((await postPlan(t(), asistent.cookie, patientId, content(medic.user.id))).statusCode).toBe(403);
    const edit = { version: 1, content: content(medic.user.id) };
    expect((await putPlan(t(), asistent.cookie, plan.id, edit)).statusCode).toBe(403);
    const reject = {
      method: 'POST' as const,
      url: `/api/plan/${plan.id}/reject`,
      body: { version: 1, reason: 'x' },
    };
    expect((await call(t().app, { ...reject, cookie: asistent.cookie })).statusCode).toBe(403);
    expect((await getPlan(t(), sterilizare.cookie, plan.id)).statusCode).toBe(403);
    expect(
      (await call(t().app, { url: `/api/plans/${patientId}`, cookie: sterilizare.cookie })).statusCode,
    ).toBe(403);
    const openItems = `/api/plans/${patientId}/open-items`;
    expect((await call(t().app, { url: openItems })).statusCode).toBe(401);
    expect((await call(t().app, { url: openItems, cookie: sterilizare.cookie })).statusCode).toBe(403);
    expect((await call(t().app, { url: openItems, cookie: asistent.cookie })).json()).toEqual([]);
    const noPatient = await call(t().app, {
      url: '/api/plans/nu-exista/open-items',
      cookie: asistent.cookie,
    });
    expect(noPatient.statusCode).toBe(404);
    expect((await getPlan(t(), asistent.cookie, plan.id)).statusCode).toBe(200);
    const print = await call(t().app, {
      method: 'POST',
      url: `/api/plan/${plan.id}/print`,
      cookie: asistent.cookie,
    });
    expect(print.statusCode).toBe(200);
    expect(print.json()).toEqual({ printedAt: '2026-03-02T09:00:00.000Z' });
    expect((await auditRows(t())).map((row) => row.action)).toEqual([
      'plan_create',
      'plan_view',
      'plan_print',
    ]);
    const missing = await call(t().app, {
      method: 'POST',
      url: '/api/plan/nu-exista/print',
      cookie: medic.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('edits: a new revision; a stale version is 409 and changes nothing', async () => {
    const { medic, plan } = await planFixture(t());
    const changed = content(medic.user.id, { title: 'Reabilitare completă' });
    const response = await putPlan(t(), medic.cookie, plan.id, { version: 1, content: changed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Plan>()).toMatchObject({ title: 'Reabilitare completă', revision: 2, version: 2 });

    const stale = await putPlan(t(), medic.cookie, plan.id, { version: 1, content: content(medic.user.id) });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(PLAN_MESSAGES.stale);
    const now = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(now).toMatchObject({ title: 'Reabilitare completă', revision: 2, version: 2 });
    const revisions = await t()
      .db.selectFrom('treatment_plan_revisions')
      .select('revision')
      .where('plan_id', '=', plan.id)
      .execute();
    expect(revisions.map((row) => row.revision).sort()).toEqual([1, 2]);

    expect((await putPlan(t(), medic.cookie, 'nu-exista', { version: 1, content: changed })).statusCode).toBe(
      404,
    );
    const bad = await putPlan(t(), medic.cookie, plan.id, { version: 2, content: { ...changed, title: '' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.['content.title']).toBe(PLAN_MESSAGES.titleRequired);
    expect((await auditRows(t())).map((row) => row.action)).toEqual([
      'plan_create',
      'plan_update',
      'plan_view',
    ]);
  });

  it('a price change after the plan’s date does not alter its prices, nor those of items added later', async () => {
    const medic = await staff(t(), 'medic');
    const patientId = await insertPatientRow(t().db);
    const listed = await priceItem(t(), { amountBani: 35_000 });
    const body = content(medic.user.id);
    body.alternatives[0]!.phases[0]!.items[0] = item({
      id: 'a1',
      priceItemId: listed,
      unitPriceBani: 35_000,
    });
    const created = (await postPlan(t(), medic.cookie, patientId, body)).json<Plan>();

    // From tomorrow the item costs 400 lei.
    await addPrice(t(), listed, 40_000, '2026-03-03');
    const later = await moveClock(t(), '2026-03-10T09:00:00.000Z', medic);
    const edited = content(medic.user.id);
    edited.alternatives[0]!.phases[0]!.items[0] = item({
      id: 'a1',
      priceItemId: listed,
      unitPriceBani: 35_000,
    });
    edited.alternatives[0]!.phases[0]!.items.push(
      item({ id: 'a3', priceItemId: listed, unitPriceBani: 35_000 }),
    );
    const response = await putPlan(t(), later.cookie, created.id, { version: 1, content: edited });
    expect(response.statusCode, response.body).toBe(200);
    const plan = response.json<Plan>();
    expect(plan.priceDay).toBe(TODAY);
    const items = plan.alternatives[0]?.phases[0]?.items ?? [];
    expect(items.map((line) => [line.id, line.listPriceBani, line.unitPriceBani])).toEqual([
      ['a1', 35_000, 35_000],
      ['a2', null, 120_000],
      ['a3', 35_000, 35_000],
    ]);
  });

  it('rejects a proposal once (409 after), and a rejected plan cannot be edited', async () => {
    const { medic, plan } = await planFixture(t());
    const url = `/api/plan/${plan.id}/reject`;
    const empty = await call(t().app, {
      method: 'POST',
      url,
      cookie: medic.cookie,
      body: { version: 1, reason: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.['reason']).toBe(PLAN_MESSAGES.rejectReason);
    const stale = await call(t().app, {
      method: 'POST',
      url,
      cookie: medic.cookie,
      body: { version: 5, reason: 'Cost' },
    });
    expect(stale.statusCode).toBe(409);
    const response = await call(t().app, {
      method: 'POST',
      url,
      cookie: medic.cookie,
      body: { version: 1, reason: 'Cost' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Plan>()).toMatchObject({ status: 'respins', rejectedReason: 'Cost', version: 2 });
    const again = await call(t().app, {
      method: 'POST',
      url,
      cookie: medic.cookie,
      body: { version: 2, reason: 'Cost' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(PLAN_MESSAGES.notRejectable);
    const edit = await putPlan(t(), medic.cookie, plan.id, { version: 2, content: content(medic.user.id) });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).message).toBe(PLAN_MESSAGES.notEditable);
    const missing = await call(t().app, {
      method: 'POST',
      url: '/api/plan/x/reject',
      cookie: medic.cookie,
      body: { version: 1, reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a proposal past its validity as expirat', async () => {
    const { medic, plan } = await planFixture(t());
    const later = await moveClock(t(), '2026-05-01T09:00:00.000Z', medic);
    expect((await getPlan(t(), later.cookie, plan.id)).json<Plan>().status).toBe('expirat');
  });
});
