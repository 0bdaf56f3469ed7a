import { expect, it } from 'vitest';
import {
  STERILISATION_MESSAGES as M,
  type Cycle,
  type Instrument,
  type SterilisedInstrument,
} from '@odonto/domain/contracts/sterilisation';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import {
  createInstrumentVia,
  cycleBody,
  getJson,
  postCycle,
  recordCycleVia,
  signIn,
  sterilisedPouches,
} from './sterilisation.test-support';

describeEachDialect('sterilisation: cycles', ({ useApp }) => {
  const t = useApp();
  const getId = (cookie: string | null) =>
    call(t().app, { url: '/api/instrument/sterilizare/get-id', cookie });

  it('hands out a different sterilisation id to each of many concurrent get-id calls', async () => {
    const cookie = await signIn(t(), 'sterilizare');
    const answers = await Promise.all(Array.from({ length: 20 }, () => getId(cookie)));
    const ids = answers.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ id: number }>().id;
    });
    expect(new Set(ids).size).toBe(20);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('records a load: reserved and new ids, use-by per packaging, the operator, and it is offered for use', async () => {
    const cookie = await signIn(t(), 'sterilizare', 'Ana-Maria Pop');
    const pouch = await createInstrumentVia(t(), cookie, 'Sondă', 'punga');
    const box = await createInstrumentVia(t(), cookie, 'Trusă consultație', 'container');
    const reserved = (await getId(cookie)).json<{ id: number }>().id;
    const response = await postCycle(
      t(),
      cookie,
      cycleBody([], {
        items: [{ instrumentId: pouch._id, id_sterilizare: reserved }, { instrumentId: box._id }],
        biological: 'pending',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const cycle = response.json<Cycle>();
    expect(cycle).toMatchObject({
      id: 1,
      startedAt: Date.parse('2026-03-02T09:00:00.000Z'),
      autoclave: 'Autoclav 1',
      operator: 'Ana-Maria Pop',
      operatorInitials: 'AMP',
      status: 'bi-in-asteptare',
      packagingChecked: true,
    });
    expect(cycle.items).toEqual([
      {
        id_sterilizare: reserved,
        instrumentId: pouch._id,
        name: 'Sondă',
        packaging: 'punga',
        // 180 days for a pouch, 30 for a container (the defaults), to the end of that day in Bucharest.
        useBy: Date.parse('2026-08-29T20:59:59.999Z'),
        used_at: null,
      },
      {
        id_sterilizare: reserved + 1,
        instrumentId: box._id,
        name: 'Trusă consultație',
        packaging: 'container',
        useBy: Date.parse('2026-04-01T20:59:59.999Z'),
        used_at: null,
      },
    ]);
    const available = await getJson<SterilisedInstrument[]>(t(), cookie, '/api/instrumente-sterilizate');
    expect(available.map((item) => [item.id_sterilizare, item.name])).toEqual([
      [reserved, 'Sondă'],
      [reserved + 1, 'Trusă consultație'],
    ]);
    const [listed] = await getJson<Instrument[]>(t(), cookie, '/api/instruments?q=sonda');
    expect(listed).toMatchObject({ id_sterilizare: reserved, cycleId: 1, status: 'disponibil' });
    expect(await getJson<Cycle>(t(), cookie, '/api/instrument/sterilizare/1')).toEqual(cycle);
    // A scanned label finds its load.
    expect(await getJson<Cycle>(t(), cookie, `/api/instrument/eticheta/${reserved + 1}`)).toEqual(cycle);
    const unknown = await call(t().app, { url: '/api/instrument/eticheta/999', cookie });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(M.unknownSterilisationId(999));
    expect((await call(t().app, { url: '/api/instrument/eticheta/abc', cookie })).statusCode).toBe(400);
  });

  it('never offers a failed, expired or superseded pouch', async () => {
    const { cookie, instruments } = await sterilisedPouches(t(), ['Pensă', 'Sondă', 'Oglindă', 'Chiuretă']);
    const [pensa, sonda] = instruments.map((instrument) => instrument._id) as [string, string];
    await recordCycleVia(t(), cookie, [pensa], { integrator: 'fail' });
    await recordCycleVia(t(), cookie, [sonda], { biological: 'fail' });
    const unwrapped = await createInstrumentVia(t(), cookie, 'Freză', 'neambalat');
    await recordCycleVia(t(), cookie, [unwrapped._id]);
    const names = async (as = cookie) =>
      (await getJson<SterilisedInstrument[]>(t(), as, '/api/instrumente-sterilizate')).map(
        (item) => item.name,
      );
    // Pensă and Sondă were resterilised in failed loads: their earlier good pouches are superseded.
    expect(await names()).toEqual(['Oglindă', 'Chiuretă', 'Freză']);
    const listed = await getJson<Instrument[]>(t(), cookie, '/api/instruments');
    expect(listed.map((item) => [item.name, item.status])).toEqual([
      ['Chiuretă', 'disponibil'],
      ['Freză', 'disponibil'],
      ['Oglindă', 'disponibil'],
      ['Pensă', 'neconform'],
      ['Sondă', 'neconform'],
    ]);
    // An unwrapped instrument is good until the end of its day only.
    // (A new session each time: the clock jumps past the session's idle time-out.)
    t().clock.set('2026-03-02T22:00:00.000Z');
    expect(await names(await signIn(t(), 'medic'))).toEqual(['Oglindă', 'Chiuretă']);
    t().clock.set('2026-08-29T21:00:00.000Z');
    expect(await names(await signIn(t(), 'medic'))).toEqual([]);
  });

  it('a biological fail read later takes the load out of use; only a pending result can be read', async () => {
    const { cookie, cycle } = await sterilisedPouches(t(), ['Sondă'], { biological: 'pending' });
    const read = (id: number, biological: string, as = cookie) =>
      call(t().app, {
        method: 'POST',
        url: `/api/instrument/sterilizare/${id}/indicator-biologic`,
        cookie: as,
        body: { biological },
      });
    const bad = await read(cycle.id, 'pending');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ biological: M.biologicalFinal });
    const medic = await signIn(t(), 'medic');
    expect((await read(cycle.id, 'fail', medic)).statusCode).toBe(403);
    expect((await read(999, 'fail')).statusCode).toBe(404);
    const failed = await read(cycle.id, 'fail');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ biological: 'fail', status: 'neconform', version: 2 });
    expect(await getJson(t(), cookie, '/api/instrumente-sterilizate')).toEqual([]);
    const twice = await read(cycle.id, 'pass');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(M.biologicalNotPending);
  });

  it('answers 400, 403, 404 and 409 with Romanian messages; a medic cannot record a cycle', async () => {
    const cookie = await signIn(t(), 'sterilizare');
    const sonda = await createInstrumentVia(t(), cookie, 'Sondă');
    const cases: [string, unknown, number, string][] = [
      ['autoclave not in the list', cycleBody([sonda._id], { autoclave: 'Autoclav 9' }), 400, M.autoclave],
      ['programme not in the list', cycleBody([sonda._id], { programme: '200 °C' }), 400, M.programme],
      [
        'packaging not checked',
        { ...cycleBody([sonda._id]), packagingChecked: false },
        400,
        M.packagingChecked,
      ],
      ['no instrument', cycleBody([]), 400, M.noItems],
      [
        'a future cycle',
        cycleBody([sonda._id], { startedAt: '2026-03-02T10:00:00.000Z' }),
        400,
        M.futureCycle,
      ],
      [
        'an id never handed out',
        cycleBody([], { items: [{ instrumentId: sonda._id, id_sterilizare: 50 }] }),
        400,
        M.idNotReserved,
      ],
      ['an unknown instrument', cycleBody(['nu-exista']), 404, M.instrumentNotFound],
    ];
    for (const [name, body, status, message] of cases) {
      const response = await postCycle(t(), cookie, body);
      expect(response.statusCode, name).toBe(status);
      const error = errorOf(response);
      expect([error.message, ...Object.values(error.fields ?? {})], name).toContain(message);
    }
    const reserved = (await getId(cookie)).json<{ id: number }>().id;
    const withId = cycleBody([], { items: [{ instrumentId: sonda._id, id_sterilizare: reserved }] });
    expect((await postCycle(t(), cookie, withId)).statusCode).toBe(201);
    const reused = await postCycle(t(), cookie, withId);
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).message).toBe(M.idTaken);

    const medic = await signIn(t(), 'medic');
    expect((await postCycle(t(), medic, cycleBody([sonda._id]))).statusCode).toBe(403);
    expect((await getId(medic)).statusCode).toBe(403);
    expect((await postCycle(t(), null, cycleBody([sonda._id]))).statusCode).toBe(401);
    expect((await call(t().app, { url: '/api/instrument/sterilizare/77', cookie })).statusCode).toBe(404);
    // get-id hands out a number, so it needs the CSRF header like a write.
    const noHeader = await call(t().app, {
      url: '/api/instrument/sterilizare/get-id',
      cookie,
      withoutCsrfHeader: true,
    });
    expect(noHeader.statusCode).toBe(403);
  });
});
