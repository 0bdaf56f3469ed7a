import { expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import {
  DEFAULT_STERILISATION_SETTINGS,
  STERILISATION_MESSAGES as M,
  type DailyTestsResponse,
  type RegisterResponse,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import { describeEachDialect } from '../../../test/build-test-app';
import { insertLocationRow } from '../../../test/factories';
import { call, errorOf } from '../../../test/http';
import { getJson, recordCycleVia, signIn, sterilisedPouches } from './sterilisation.test-support';

describeEachDialect('sterilisation: register, daily test, settings', ({ useApp }) => {
  const t = useApp();

  it("warns until today's daily test passed; records it with the operator", async () => {
    const cookie = await signIn(t(), 'sterilizare', 'Ion Vasile');
    const today = await getJson<DailyTestsResponse>(t(), cookie, '/api/instrument/test-zilnic');
    expect(today).toEqual({ day: '2026-03-02', tests: [], missing: ['Autoclav 1'] });
    const post = (body: unknown, as = cookie) =>
      call(t().app, { method: 'POST', url: '/api/instrument/test-zilnic', cookie: as, body });
    const failed = await post({ autoclave: 'Autoclav 1', kind: 'Bowie-Dick', result: 'fail' });
    expect(failed.statusCode, failed.body).toBe(201);
    expect(failed.json<DailyTestsResponse>().missing).toEqual(['Autoclav 1']);
    const passed = await post({ autoclave: 'Autoclav 1', kind: 'Helix', result: 'pass' });
    expect(passed.json<DailyTestsResponse>()).toMatchObject({
      missing: [],
      tests: [
        { kind: 'Bowie-Dick', result: 'fail' },
        { kind: 'Helix', result: 'pass', operator: 'Ion Vasile' },
      ],
    });
    const unknown = await post({ autoclave: 'Autoclav 7', kind: 'Helix', result: 'pass' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(M.autoclave);
    const kind = await post({ autoclave: 'Autoclav 1', kind: 'Vacuum', result: 'pass' });
    expect(errorOf(kind).fields).toEqual({ kind: M.dailyTestKind });
    expect(
      (await post({ autoclave: 'Autoclav 1', kind: 'Helix', result: 'pass' }, await signIn(t(), 'asistent')))
        .statusCode,
    ).toBe(403);
  });

  it('answers the register of a date range as JSON and as CSV (one line per pouch)', async () => {
    const { instruments } = await sterilisedPouches(t(), ['Sondă', 'Pensă; dreaptă']);
    t().clock.set('2026-03-04T08:00:00.000Z');
    const later = await signIn(t(), 'sterilizare');
    await recordCycleVia(t(), later, [instruments[0]?._id ?? ''], { biological: 'pending' });
    const range = (from: string, to: string) => `/api/instrument/registru?from=${from}&to=${to}`;
    const all = await getJson<RegisterResponse>(t(), later, range('2026-03-01', '2026-03-07'));
    expect(all.cycles.map((cycle) => [cycle.id, cycle.items.length, cycle.status])).toEqual([
      [1, 2, 'conform'],
      [2, 1, 'bi-in-asteptare'],
    ]);
    const day = await getJson<RegisterResponse>(t(), later, range('2026-03-02', '2026-03-02'));
    expect(day.cycles.map((cycle) => cycle.id)).toEqual([1]);

    const csv = await call(t().app, {
      url: `/api/instrument/registru.csv?from=2026-03-01&to=2026-03-07`,
      cookie: later,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="registru-sterilizare-2026-03-01-2026-03-07.csv"',
    );
    const lines = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Șarja;Data și ora;Autoclav;Program;Temperatura (°C);Presiunea (bar)');
    expect(lines[1]).toMatch(
      /^1;.*;Autoclav 1;134 °C standard;134;2,1;5;Conform;Fără;DA;Ana-Maria Pop;Conform;1;Sondă;Pungă;29.08.2026$/,
    );
    expect(lines[2]).toContain(';"Pensă; dreaptă";');
    expect(lines[3]).toContain(';BI în așteptare;');

    const wrong = await call(t().app, { url: range('2026-03-07', '2026-03-01'), cookie: later });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ to: M.range });
    expect(
      (await call(t().app, { url: '/api/instrument/registru?from=2026-03-01', cookie: later })).statusCode,
    ).toBe(400);
    expect((await call(t().app, { url: range('2026-03-01', '2026-03-02') })).statusCode).toBe(401);
    const medic = await signIn(t(), 'medic');
    expect((await call(t().app, { url: range('2026-03-01', '2026-03-02'), cookie: medic })).statusCode).toBe(
      200,
    );
  });

  it('admin edits the autoclaves, programmes and shelf lives; new cycles use them', async () => {
    const admin = await signIn(t(), 'admin');
    const steriliser = await signIn(t(), 'sterilizare');
    expect(await getJson(t(), steriliser, '/api/instrument/setari')).toEqual(DEFAULT_STERILISATION_SETTINGS);
    const settings: SterilisationSettings = {
      ...DEFAULT_STERILISATION_SETTINGS,
      autoclaves: ['Autoclav 1', 'Autoclav 2'],
      shelfLifeDays: { punga: 90, container: 30, neambalat: 0 },
    };
    const put = (body: unknown, cookie: string) =>
      call(t().app, { method: 'PUT', url: '/api/instrument/setari', cookie, body });
    expect((await put(settings, steriliser)).statusCode).toBe(403);
    const saved = await put(settings, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await getJson(t(), steriliser, '/api/instrument/setari')).toEqual(settings);
    const invalid = await put({ ...settings, autoclaves: [] }, admin);
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toEqual({ autoclaves: M.settingsList });
    const { cycle } = await sterilisedPouches(t(), ['Sondă'], { autoclave: 'Autoclav 2' });
    expect(cycle.items[0]?.useBy).toBe(Date.parse('2026-05-31T20:59:59.999Z'));
    expect(
      (await getJson<DailyTestsResponse>(t(), steriliser, '/api/instrument/test-zilnic')).missing,
    ).toEqual(['Autoclav 1', 'Autoclav 2']);
  });

  it('a clinic group: autoclaves placed at locations; the register and daily tests of one location', async () => {
    const admin = await signIn(t(), 'admin');
    const steriliser = await signIn(t(), 'sterilizare');
    const first = await t().db.selectFrom('locations').select('id').executeTakeFirstOrThrow();
    await insertLocationRow(t().db, { id: 'nord', name: 'Sediul Nord' });
    await insertLocationRow(t().db, {
      id: 'vechi',
      name: 'Sediul vechi',
      archivedAt: '2026-03-01T08:00:00.000Z',
    });
    const put = (body: unknown) =>
      call(t().app, { method: 'PUT', url: '/api/instrument/setari', cookie: admin, body });
    const settings = {
      ...DEFAULT_STERILISATION_SETTINGS,
      autoclaves: ['Autoclav 1', 'Autoclav Nord', 'Autoclav comun'],
      autoclaveLocations: { 'Autoclav 1': first.id, 'Autoclav Nord': 'nord', 'Autoclav șters': 'nord' },
    };
    const saved = await put(settings);
    expect(saved.statusCode, saved.body).toBe(200);
    // An entry of an autoclave no longer listed is dropped.
    expect(saved.json<SterilisationSettings>().autoclaveLocations).toEqual({
      'Autoclav 1': first.id,
      'Autoclav Nord': 'nord',
    });
    for (const placed of ['vechi', 'nicăieri']) {
      const refused = await put({ ...settings, autoclaveLocations: { 'Autoclav 1': placed } });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toEqual({ autoclaveLocations: LOCATION_MESSAGES.unknownLocations });
    }

    await sterilisedPouches(t(), ['Sondă'], { autoclave: 'Autoclav 1' });
    await sterilisedPouches(t(), ['Pensă'], { autoclave: 'Autoclav Nord' });
    await sterilisedPouches(t(), ['Oglindă'], { autoclave: 'Autoclav comun' });
    const register = (query: string) =>
      getJson<RegisterResponse>(
        t(),
        steriliser,
        `/api/instrument/registru?from=2026-03-01&to=2026-03-07${query}`,
      );
    const autoclavesOf = (answer: RegisterResponse) => answer.cycles.map((cycle) => cycle.autoclave);
    expect(autoclavesOf(await register(''))).toEqual(['Autoclav 1', 'Autoclav Nord', 'Autoclav comun']);
    expect(autoclavesOf(await register('&sediu=nord'))).toEqual(['Autoclav Nord', 'Autoclav comun']);
    expect(autoclavesOf(await register(`&sediu=${first.id}`))).toEqual(['Autoclav 1', 'Autoclav comun']);

    const tests = (query = '') =>
      getJson<DailyTestsResponse>(t(), steriliser, `/api/instrument/test-zilnic${query}`);
    expect((await tests()).missing).toEqual(['Autoclav 1', 'Autoclav Nord', 'Autoclav comun']);
    expect((await tests('?sediu=nord')).missing).toEqual(['Autoclav Nord', 'Autoclav comun']);

    for (const url of [
      '/api/instrument/test-zilnic?sediu=nicaieri',
      '/api/instrument/registru?from=2026-03-01&to=2026-03-02&sediu=nicaieri',
    ]) {
      const unknown = await call(t().app, { url, cookie: steriliser });
      expect(unknown.statusCode, url).toBe(404);
      expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
    }
    const csv = await call(t().app, {
      url: '/api/instrument/registru.csv?from=2026-03-01&to=2026-03-07&sediu=nord',
      cookie: steriliser,
    });
    expect(csv.body).toContain('Autoclav Nord');
    expect(csv.body).not.toContain(';Autoclav 1;');
  });
});
