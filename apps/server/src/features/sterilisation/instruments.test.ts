import { expect, it } from 'vitest';
import {
  STERILISATION_MESSAGES as M,
  type Instrument,
  type InstrumentHistoryEvent,
} from '@odonto/domain/contracts/sterilisation';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { createInstrumentVia, getJson, recordCycleVia, signIn } from './sterilisation.test-support';

describeEachDialect('sterilisation: instruments', ({ useApp }) => {
  const t = useApp();

  it('creates, lists by name prefix (case and diacritics ignored), renames and deletes', async () => {
    const cookie = await signIn(t(), 'sterilizare');
    const pensa = await createInstrumentVia(t(), cookie, 'Pensă dinți');
    await createInstrumentVia(t(), cookie, 'Sondă parodontală', 'container');
    await createInstrumentVia(t(), cookie, 'Oglindă');
    expect(pensa).toMatchObject({
      name: 'Pensă dinți',
      packaging: 'punga',
      status: 'nesterilizat',
      version: 1,
    });

    const names = async (q: string) =>
      (await getJson<Instrument[]>(t(), cookie, `/api/instruments?q=${encodeURIComponent(q)}`)).map(
        (i) => i.name,
      );
    expect(await names('')).toEqual(['Oglindă', 'Pensă dinți', 'Sondă parodontală']);
    expect(await names('PENSA')).toEqual(['Pensă dinți']);
    expect(await names('s')).toEqual(['Sondă parodontală']);
    expect(await names('dinti')).toEqual([]);

    const renamed = await call(t().app, {
      method: 'PUT',
      url: '/api/instruments',
      cookie,
      body: { _id: pensa._id, name: 'Pensă extracție', packaging: 'container', version: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Pensă extracție', packaging: 'container', version: 2 });
    const stale = await call(t().app, {
      method: 'PUT',
      url: '/api/instruments',
      cookie,
      body: { _id: pensa._id, name: 'Altă pensă', packaging: 'punga', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(M.stale);

    const deleted = await call(t().app, { method: 'DELETE', url: `/api/instrument/${pensa._id}`, cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await names('')).toEqual(['Oglindă', 'Sondă parodontală']);
    const again = await call(t().app, { method: 'DELETE', url: `/api/instrument/${pensa._id}`, cookie });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(M.instrumentNotFound);
    // The name of a deleted instrument may be used again.
    await createInstrumentVia(t(), cookie, 'Pensă extracție');
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'instrument')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'instrument_create',
      'instrument_create',
      'instrument_create',
      'instrument_update',
      'instrument_delete',
      'instrument_create',
    ]);
  });

  it('answers 400 with Romanian field messages, 409 for a taken name, 404 for an unknown instrument', async () => {
    const cookie = await signIn(t(), 'admin');
    const post = (body: unknown) => call(t().app, { method: 'POST', url: '/api/instruments', cookie, body });
    const empty = await post({ name: ' ', packaging: 'punga' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toMatchObject({ name: 'Câmpul este obligatoriu.' });
    const packaging = await post({ name: 'Chiuretă', packaging: 'cutie' });
    expect(packaging.statusCode).toBe(400);
    expect(errorOf(packaging).fields).toMatchObject({ packaging: M.packaging });
    await createInstrumentVia(t(), cookie, 'Chiuretă');
    const taken = await post({ name: '  chiureta ', packaging: 'punga' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(M.nameTaken);
    const unknown = await call(t().app, {
      method: 'PUT',
      url: '/api/instruments',
      cookie,
      body: { _id: 'nu-exista', name: 'X', packaging: 'punga', version: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const history = await call(t().app, { url: '/api/instrument/get-history/nu-exista', cookie });
    expect(history.statusCode).toBe(404);
  });

  it('lets medic and asistent read the register but not change it; signed out is 401', async () => {
    const owner = await signIn(t(), 'sterilizare');
    const instrument = await createInstrumentVia(t(), owner, 'Elevator');
    for (const role of ['medic', 'asistent'] as const) {
      const cookie = await signIn(t(), role);
      expect((await call(t().app, { url: '/api/instruments', cookie })).statusCode).toBe(200);
      const writes = [
        { method: 'POST' as const, url: '/api/instruments', body: { name: 'X', packaging: 'punga' } },
        {
          method: 'PUT' as const,
          url: '/api/instruments',
          body: { _id: instrument._id, name: 'X', packaging: 'punga', version: 1 },
        },
        { method: 'DELETE' as const, url: `/api/instrument/${instrument._id}` },
      ];
      for (const write of writes) {
        const response = await call(t().app, { ...write, cookie });
        expect(response.statusCode, `${role} ${write.method}`).toBe(403);
      }
    }
    expect((await call(t().app, { url: '/api/instruments' })).statusCode).toBe(401);
    const csrf = await call(t().app, {
      method: 'DELETE',
      url: `/api/instrument/${instrument._id}`,
      cookie: owner,
      withoutCsrfHeader: true,
    });
    expect(csrf.statusCode).toBe(403);
  });

  it("get-history's day filter covers the whole clinic day, to 23:59 Bucharest time", async () => {
    t().clock.set('2026-03-03T12:00:00.000Z');
    const cookie = await signIn(t(), 'sterilizare');
    const sonda = await createInstrumentVia(t(), cookie, 'Sondă');
    // 23:59 and then 00:00 in Bucharest (UTC+2 in March).
    const late = await recordCycleVia(t(), cookie, [sonda._id], { startedAt: '2026-03-02T21:59:00.000Z' });
    const next = await recordCycleVia(t(), cookie, [sonda._id], { startedAt: '2026-03-02T22:00:00.000Z' });
    const ids = async (query: string) =>
      (
        await getJson<InstrumentHistoryEvent[]>(
          t(),
          cookie,
          `/api/instrument/get-history/${sonda._id}${query}`,
        )
      ).map((event) => [event.kind, event.cycleId]);
    expect(await ids('?zi=2026-03-02')).toEqual([['sterilizare', late.id]]);
    expect(await ids('?zi=2026-03-03')).toEqual([['sterilizare', next.id]]);
    expect(await ids('')).toEqual([
      ['sterilizare', next.id],
      ['sterilizare', late.id],
    ]);
    const bad = await call(t().app, {
      url: `/api/instrument/get-history/${sonda._id}?zi=03-02-2026`,
      cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ zi: M.day });
  });
});
