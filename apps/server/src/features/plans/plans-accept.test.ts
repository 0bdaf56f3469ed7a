import { expect, it } from 'vitest';
import {
  PLAN_MESSAGES,
  type OpenPlanItem,
  type Plan,
  type PlanAcceptanceContent,
} from '@odonto/domain/contracts/plans';
import type { Patient, PatientListResponse } from '@odonto/domain/contracts/patients';
import type { SignatureRequestState, StationEvent } from '@odonto/domain/contracts/signatures';
import type { SignatureAnswer } from '@odonto/domain/contracts/signatures-answer';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { insertLocationRow } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { drawnSignature } from '../../../test/signature-image';
import {
  auditRows,
  content,
  getPlan,
  moveClock,
  planFixture,
  putPlan,
  saveHistory,
  staff,
  treatment,
  updateHistory,
} from './plans.test-support';

async function signPlan(
  t: TestApp,
  cookie: string,
  plan: Plan,
  alternative: 'A' | 'B' | 'C',
  revision = plan.revision,
) {
  return call(t.app, {
    method: 'POST',
    url: '/api/signature',
    cookie,
    body: {
      kind: 'plan',
      patientId: plan.patientId,
      planId: plan.id,
      alternative,
      revision,
      image: await drawnSignature(),
    },
  });
}

/** The entry ids of the patient's history, by tooth. */
async function entryOn(t: TestApp, cookie: string, patientId: string, tooth: string): Promise<number> {
  const patient = (await call(t.app, { url: `/api/get-pacient/${patientId}`, cookie })).json<Patient>();
  const entry = patient.history.find((candidate) => candidate.dinte === tooth);
  if (!entry) throw new Error(`no entry on ${tooth}`);
  return entry.id;
}

describeEachDialect('plans: acceptance by signature, progress from the history', ({ useApp }) => {
  const t = useApp();

  it('an asistent collects the signature: the plan is acceptat, bound to that revision until it changes', async () => {
    const { medic, plan } = await planFixture(t());
    const asistent = await staff(t(), 'asistent');
    const response = await signPlan(t(), asistent.cookie, plan, 'B');
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<SignatureAnswer>();
    expect(answer.entry).toBeNull();
    expect(answer.signature).toMatchObject({ kind: 'plan', via: 'direct', matches: true });
    const snapshot = answer.signature.snapshot as PlanAcceptanceContent;
    expect(snapshot).toMatchObject({
      kind: 'plan',
      planId: plan.id,
      alternative: 'B',
      revision: 1,
      totalBani: 225_000,
    });

    const accepted = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(accepted).toMatchObject({
      status: 'acceptat',
      version: 2,
      acceptance: {
        alternative: 'B',
        revision: 1,
        via: 'direct',
        matches: true,
        sha256: answer.signature.sha256,
      },
      progress: { itemsDone: 0, itemsTotal: 1, amountDoneBani: 0, amountRemainingBani: 225_000 },
    });
    const audit = await auditRows(t());
    expect(audit.map((row) => row.action)).toContain('plan_accept');

    // Accepting again, or another alternative: 409.
    const again = await signPlan(t(), medic.cookie, accepted, 'A');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(PLAN_MESSAGES.notAcceptable);

    // A change makes a new revision; the signature stays bound to revision 1.
    const edited = await putPlan(t(), medic.cookie, plan.id, {
      version: 2,
      content: content(medic.user.id, { title: 'Implant 1.6' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Plan>()).toMatchObject({
      status: 'acceptat',
      revision: 2,
      acceptance: { revision: 1, matches: false },
    });
    // Removing the accepted alternative is refused.
    const withoutB = content(medic.user.id);
    withoutB.alternatives = withoutB.alternatives.slice(0, 1);
    const removed = await putPlan(t(), medic.cookie, plan.id, { version: 3, content: withoutB });
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed).message).toBe(PLAN_MESSAGES.alternativeNotFound);

    // The patient signs the changed plan again: the accepted alternative only, at the current revision.
    const changed = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect((await signPlan(t(), asistent.cookie, changed, 'A')).statusCode).toBe(409);
    expect((await signPlan(t(), asistent.cookie, changed, 'B', 1)).statusCode).toBe(409);
    const resigned = await signPlan(t(), asistent.cookie, changed, 'B');
    expect(resigned.statusCode, resigned.body).toBe(201);
    expect((await getPlan(t(), medic.cookie, plan.id)).json<Plan>()).toMatchObject({
      status: 'acceptat',
      revision: 2,
      acceptance: {
        alternative: 'B',
        revision: 2,
        matches: true,
        sha256: resigned.json<SignatureAnswer>().signature.sha256,
      },
    });
    // Once it matches again there is nothing to sign.
    const current = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect((await signPlan(t(), asistent.cookie, current, 'B')).statusCode).toBe(409);
  });

  it('a clinic group: a first acceptance places the plan where its doctor works (the plans report by location)', async () => {
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    const { medic, plan } = await planFixture(t());
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: medic.user.id, location_id: 'nord' })
      .execute();
    const locationOf = async (planId: string) =>
      (
        await t()
          .db.selectFrom('treatment_plans')
          .select('location_id')
          .where('id', '=', planId)
          .executeTakeFirstOrThrow()
      ).location_id;
    expect(await locationOf(plan.id)).toBeNull();
    expect((await signPlan(t(), medic.cookie, plan, 'B')).statusCode).toBe(201);
    expect(await locationOf(plan.id)).toBe('nord');

    // Signed again after a change: it stays where it was accepted, wherever the doctor works now.
    await t().db.deleteFrom('user_locations').execute();
    const edited = await putPlan(t(), medic.cookie, plan.id, {
      version: 2,
      content: content(medic.user.id, { title: 'Implant 1.6' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await signPlan(t(), medic.cookie, edited.json<Plan>(), 'B')).statusCode).toBe(201);
    expect(await locationOf(plan.id)).toBe('nord');
  });

  it('refuses an acceptance: sterilizare 403, stale revision 409, unknown plan or alternative 404, expired plan 409', async () => {
    const { medic, plan } = await planFixture(t());
    const sterilizare = await staff(t(), 'sterilizare');
    expect((await signPlan(t(), sterilizare.cookie, plan, 'A')).statusCode).toBe(403);
    const stale = await signPlan(t(), medic.cookie, plan, 'A', 2);
    expect(stale.statusCode).toBe(409);
    const unknown = await call(t().app, {
      method: 'POST',
      url: '/api/signature',
      cookie: medic.cookie,
      body: {
        kind: 'plan',
        patientId: plan.patientId,
        planId: 'x',
        alternative: 'A',
        revision: 1,
        image: await drawnSignature(),
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await signPlan(t(), medic.cookie, plan, 'C')).statusCode).toBe(404);

    const later = await moveClock(t(), '2026-05-01T09:00:00.000Z', medic);
    const expired = await signPlan(t(), later.cookie, plan, 'A');
    expect(expired.statusCode).toBe(409);
    expect(errorOf(expired).message).toBe(PLAN_MESSAGES.notAcceptable);
    // Nothing was stored.
    expect(await t().db.selectFrom('signatures').select('id').execute()).toEqual([]);
    expect((await getPlan(t(), later.cookie, plan.id)).json<Plan>().status).toBe('expirat');
  });

  it('accepts on the signature station: the station shows the plan, the patient signs there', async () => {
    const { medic, plan } = await planFixture(t());
    const asistent = await staff(t(), 'asistent');
    const sent = await call(t().app, {
      method: 'POST',
      url: '/api/signature-requests',
      cookie: asistent.cookie,
      body: { kind: 'plan', patientId: plan.patientId, planId: plan.id, alternative: 'A', revision: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<SignatureRequestState>();
    expect(request).toMatchObject({ kind: 'plan', status: 'pending', entryId: null });

    const pending = await call(t().app, { url: '/api/signature-station/pending', cookie: asistent.cookie });
    expect(pending.statusCode, pending.body).toBe(200);
    const shown = pending.json<StationEvent>().request?.content as PlanAcceptanceContent;
    expect(shown).toMatchObject({
      kind: 'plan',
      title: 'Reabilitare cadran 1',
      alternative: 'A',
      validUntil: '2026-04-30',
      totalBani: 150_000,
      items: [
        { name: 'Obturație compozit', teeth: ['1.6'], finalBani: 30_000 },
        { name: 'Coroană ceramică', teeth: ['1.5'], finalBani: 120_000 },
      ],
    });

    const signed = await call(t().app, {
      method: 'POST',
      url: '/api/signature',
      cookie: asistent.cookie,
      body: { kind: 'request', requestId: request.id, image: await drawnSignature() },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const accepted = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(accepted).toMatchObject({
      status: 'acceptat',
      acceptance: { alternative: 'A', via: 'station', matches: true },
    });
  });

  it('a plan changed after the request was sent cannot be signed from it (409)', async () => {
    const { medic, plan } = await planFixture(t());
    const sent = await call(t().app, {
      method: 'POST',
      url: '/api/signature-requests',
      cookie: medic.cookie,
      body: { kind: 'plan', patientId: plan.patientId, planId: plan.id, alternative: 'A', revision: 1 },
    });
    const request = sent.json<SignatureRequestState>();
    await putPlan(t(), medic.cookie, plan.id, {
      version: 1,
      content: content(medic.user.id, { title: 'Alt plan' }),
    });
    const signed = await call(t().app, {
      method: 'POST',
      url: '/api/signature',
      cookie: medic.cookie,
      body: { kind: 'request', requestId: request.id, image: await drawnSignature() },
    });
    expect(signed.statusCode).toBe(409);
    expect((await getPlan(t(), medic.cookie, plan.id)).json<Plan>().status).toBe('propus');
  });

  it('progress: a treatment saved for a plan item marks it done; all done → finalizat; deleting the entry reopens it', async () => {
    const { medic, patientId, plan } = await planFixture(t());
    expect((await signPlan(t(), medic.cookie, plan, 'A')).statusCode).toBe(201);
    const open = await call(t().app, { url: `/api/plans/${patientId}/open-items`, cookie: medic.cookie });
    expect(open.statusCode).toBe(200);
    expect(open.json<OpenPlanItem[]>().map((item) => [item.itemId, item.teeth, item.finalBani])).toEqual([
      ['a1', ['1.6'], 30_000],
      ['a2', ['1.5'], 120_000],
    ]);

    // Another tooth than the item's: 400; an item that is not open: 409.
    const wrongTooth = await saveHistory(t(), medic.cookie, patientId, {
      ...treatment('obturație compozit trei suprafețe', '2.6'),
      planItem: { planId: plan.id, itemId: 'a1' },
    });
    expect(wrongTooth.statusCode).toBe(400);
    expect(errorOf(wrongTooth).message).toBe(PLAN_MESSAGES.itemTooth);
    const notOpen = await saveHistory(t(), medic.cookie, patientId, {
      ...treatment('obturație compozit trei suprafețe', '1.6'),
      planItem: { planId: plan.id, itemId: 'b1' },
    });
    expect(notOpen.statusCode).toBe(409);
    expect(errorOf(notOpen).message).toBe(PLAN_MESSAGES.itemNotOpen);

    const first = await saveHistory(t(), medic.cookie, patientId, {
      ...treatment('obturație compozit trei suprafețe', '1.6'),
      planItem: { planId: plan.id, itemId: 'a1' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json<Patient>().history.find((entry) => entry.dinte === '1.6');
    expect(saved?.planItem).toEqual({ planId: plan.id, itemId: 'a1' });
    let now = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(now.status).toBe('în lucru');
    expect(now.progress).toEqual({
      itemsDone: 1,
      itemsTotal: 2,
      amountDoneBani: 30_000,
      amountRemainingBani: 120_000,
      percentByAmountBp: 2000,
      percentByItemsBp: 5000,
    });
    expect(now.links).toMatchObject([{ alternative: 'A', itemId: 'a1', entryId: saved?.id }]);
    const twice = await saveHistory(t(), medic.cookie, patientId, {
      ...treatment('obturație compozit trei suprafețe', '1.6', { id: Date.parse('2026-03-02T08:30:00Z') }),
      planItem: { planId: plan.id, itemId: 'a1' },
    });
    expect(twice.statusCode).toBe(409);

    // The second item through update-history of an entry saved without the link.
    const plain = await saveHistory(t(), medic.cookie, patientId, {
      ...treatment('coroană zirconiu monolitic', '1.5', { id: Date.parse('2026-03-02T09:00:00Z') }),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const crown = plain.json<Patient>().history.find((entry) => entry.dinte === '1.5');
    if (!crown) throw new Error('no crown');
    expect(crown.planItem).toBeNull();
    const { updated_at: _updatedAt, ...obj } = crown;
    const linked = await updateHistory(t(), medic.cookie, patientId, {
      ...obj,
      planItem: { planId: plan.id, itemId: 'a2' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    now = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(now.status).toBe('finalizat');
    expect(now.progress).toMatchObject({ itemsDone: 2, amountRemainingBani: 0, percentByAmountBp: 10_000 });
    expect(
      (await call(t().app, { url: `/api/plans/${patientId}/open-items`, cookie: medic.cookie })).json(),
    ).toEqual([]);

    // Deleting the crown's entry unlinks it: the plan is în lucru again.
    const entryId = await entryOn(t(), medic.cookie, patientId, '1.5');
    const deleted = await call(t().app, {
      method: 'POST',
      url: `/api/sterge-tratament/${patientId}`,
      cookie: medic.cookie,
      body: { id: entryId },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    now = (await getPlan(t(), medic.cookie, plan.id)).json<Plan>();
    expect(now.status).toBe('în lucru');
    expect(now.progress).toMatchObject({ itemsDone: 1, amountRemainingBani: 120_000 });

    // A done item cannot be removed from the plan.
    const withoutA1 = content(medic.user.id);
    withoutA1.alternatives[0]!.phases[0]!.items = withoutA1.alternatives[0]!.phases[0]!.items.slice(1);
    const removed = await putPlan(t(), medic.cookie, plan.id, { version: now.version, content: withoutA1 });
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed).message).toBe(PLAN_MESSAGES.doneItemRemoved);
  });

  it('the patient list carries each patient’s open plan amount (planOpenBani)', async () => {
    const { medic, patientId, plan } = await planFixture(t());
    const list = async () =>
      (await call(t().app, { url: '/api/pacienti', cookie: medic.cookie })).json<PatientListResponse>();
    expect((await list()).pacienti.find((row) => row._id === patientId)?.planOpenBani).toBe(0);
    expect((await signPlan(t(), medic.cookie, plan, 'B')).statusCode).toBe(201);
    expect((await list()).pacienti.find((row) => row._id === patientId)?.planOpenBani).toBe(225_000);
  });
});
