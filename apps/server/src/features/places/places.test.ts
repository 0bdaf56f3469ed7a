import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { postForm } from '../../../test/upload';
import type { App } from '../../app-types';
import { loadBuiltInPlaces } from './places-builtin.service';

const FIXTURE = readFileSync(
  resolve(import.meta.dirname, '../../../../../packages/domain/src/__fixtures__/siruta-2025.csv'),
);
const csv = (data: Uint8Array | string, fileName = 'siruta.csv') => ({
  file: {
    fileName,
    data: typeof data === 'string' ? new TextEncoder().encode(data) : data,
    type: 'text/csv',
  },
});

describeEachDialect('places API', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  async function importFixture(app: App, cookie: string): Promise<void> {
    const response = await postForm(app, '/api/places/import', csv(FIXTURE), cookie);
    expect(response.statusCode, response.body).toBe(200);
  }

  it('answers 401 to a signed-out caller', async () => {
    for (const url of ['/api/places', '/api/places/CJ']) {
      const response = await call(t().app, { url });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe('Trebuie să vă autentificați.');
    }
  });

  it('lists the 42 counties with 0 localities before an import, and the countries with România first', async () => {
    const cookie = await signIn(['sterilizare']);
    const response = await call(t().app, { url: '/api/places', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      judete: { auto: string; nume: string; localitati: number }[];
      tari: { code: string; nume: string }[];
    }>();
    expect(body.judete).toHaveLength(42);
    expect(body.judete.every((judet) => judet.localitati === 0)).toBe(true);
    expect(body.judete).toContainEqual({ auto: 'B', nume: 'București', localitati: 0 });
    expect(body.tari[0]).toEqual({ code: 'RO', nume: 'România' });
    expect(body.tari.length).toBeGreaterThan(240);
    const rest = body.tari.slice(1).map((tara) => tara.nume);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('ro').compare));
    // Romanian order: Ț after every T, before U.
    expect(rest.indexOf('Țările de Jos')).toBeGreaterThan(rest.indexOf('Tuvalu'));
    expect(rest.indexOf('Țările de Jos')).toBeLessThan(rest.indexOf('Ucraina'));
    expect(rest).toContain('Republica Moldova');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers['etag']).toMatch(/^"places-none-/);
    expect(body).not.toHaveProperty('registru');
  });

  it('names the register: the built-in one with its edition, then an imported one', async () => {
    const cookie = await signIn(['admin']);
    await loadBuiltInPlaces(t().db, t().dialect, { now: new Date('2026-03-01T08:00:00.000Z') });
    const builtIn = await call(t().app, { url: '/api/places', cookie });
    expect(builtIn.json()).toMatchObject({
      registru: { inclus: true, editie: '2025_S1', incarcatLa: '2026-03-01T08:00:00.000Z' },
    });
    const alba = await call(t().app, { url: '/api/places/AB', cookie });
    expect(alba.json<{ localitati: unknown[] }>().localitati).toContainEqual({
      nume: 'Bărăbanț',
      simplu: 'Barabant',
      comuna: 'Alba Iulia',
    });

    await importFixture(t().app, cookie);
    const imported = await call(t().app, { url: '/api/places', cookie });
    expect(imported.json<{ registru: unknown }>().registru).toEqual({
      inclus: false,
      incarcatLa: t().clock.now().toISOString(),
    });
  });

  it('imports a SIRUTA upload (admin) and answers the counts; the counties show them', async () => {
    const cookie = await signIn(['admin']);
    const response = await postForm(t().app, '/api/places/import', csv(FIXTURE), cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ counties: 3, localities: 21 });

    const places = await call(t().app, { url: '/api/places', cookie });
    const counts = Object.fromEntries(
      places
        .json<{ judete: { auto: string; localitati: number }[] }>()
        .judete.map((j) => [j.auto, j.localitati]),
    );
    expect(counts).toMatchObject({ AB: 13, CJ: 2, B: 6, AG: 0 });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'places_import')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({
      counties: 3,
      localities: 21,
      source: 'upload',
    });
  });

  it("answers a county's localities by code, in any case: București has exactly Sector 1 to 6", async () => {
    const cookie = await signIn(['admin']);
    await importFixture(t().app, cookie);

    const bucuresti = await call(t().app, { url: '/api/places/B', cookie });
    expect(bucuresti.statusCode).toBe(200);
    expect(bucuresti.json()).toEqual({
      auto: 'B',
      nume: 'București',
      localitati: [1, 2, 3, 4, 5, 6].map((n) => ({ nume: `Sector ${n}` })),
    });

    const cluj = await call(t().app, { url: '/api/places/cj', cookie });
    expect(cluj.json()).toEqual({
      auto: 'CJ',
      nume: 'Cluj',
      localitati: [
        { nume: 'Poiana', comuna: 'Turnu de Cris' },
        { nume: 'Turnu de Criș', simplu: 'Turnu de Cris' },
      ],
    });
  });

  it('answers an empty list before an import and 404 for an unknown county', async () => {
    const cookie = await signIn(['asistent']);
    const empty = await call(t().app, { url: '/api/places/TM', cookie });
    expect(empty.json()).toEqual({ auto: 'TM', nume: 'Timiș', localitati: [] });

    const unknown = await call(t().app, { url: '/api/places/XY', cookie });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'not_found', message: 'Județul nu există.' });
  });

  it('answers 304 to a current If-None-Match, and a new ETag after an import', async () => {
    const cookie = await signIn(['admin']);
    for (const url of ['/api/places', '/api/places/B']) {
      const first = await call(t().app, { url, cookie });
      const etag = String(first.headers['etag']);
      const again = await call(t().app, { url, cookie, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['etag']).toBe(etag);
      const weak = await call(t().app, { url, cookie, headers: { 'if-none-match': `"x", W/${etag}` } });
      expect(weak.statusCode).toBe(304);

      await importFixture(t().app, cookie);
      const changed = await call(t().app, { url, cookie, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers['etag']).not.toBe(etag);
    }
  });

  it('refuses an import from a non-admin (403), a signed-out caller (401) and without the CSRF header (403)', async () => {
    const medic = await signIn(['medic']);
    const forbidden = await postForm(t().app, '/api/places/import', csv(FIXTURE), medic);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toBe('Nu aveți acces la această operațiune.');

    const signedOut = await postForm(t().app, '/api/places/import', csv(FIXTURE), null);
    expect(signedOut.statusCode).toBe(401);

    const admin = await signIn(['admin']);
    const noCsrf = await t().app.inject({
      method: 'POST',
      url: '/api/places/import',
      headers: { cookie: admin },
      payload: 'x',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await t().db.selectFrom('places').select('nume').execute()).toEqual([]);
  });

  it('keeps the previous localities when a second import is refused: 422 with the reason in Romanian', async () => {
    const cookie = await signIn(['admin']);
    await importFixture(t().app, cookie);
    const before = await t()
      .db.selectFrom('places')
      .selectAll()
      .orderBy('county_auto')
      .orderBy('position')
      .execute();

    const broken = `${FIXTURE.toString('utf8')}9990;SATU ORFAN;0;12;777777;23;3;0;6;13;0;RO113\n`;
    const response = await postForm(t().app, '/api/places/import', csv(broken), cookie);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/^Linia \d+: „Satu Orfan” aparține unității SIRSUP 777777/);

    const notSiruta = await postForm(t().app, '/api/places/import', csv('nume,prenume\nPop,Ana\n'), cookie);
    expect(notSiruta.statusCode).toBe(422);
    expect(errorOf(notSiruta).message).toMatch(/^Fișierul nu este un registru SIRUTA: lipsesc coloanele/);

    const after = await t()
      .db.selectFrom('places')
      .selectAll()
      .orderBy('county_auto')
      .orderBy('position')
      .execute();
    expect(after).toEqual(before);
  });

  it('answers 400 without a file and 415 when the body is not a form', async () => {
    const cookie = await signIn(['admin']);
    const noFile = await postForm(t().app, '/api/places/import', { note: 'fără fișier' }, cookie);
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).message).toBe('Alegeți fișierul SIRUTA (CSV).');

    const json = await call(t().app, {
      method: 'POST',
      url: '/api/places/import',
      cookie,
      body: { csv: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).message).toBe('Trimiteți fișierul într-un formular (multipart/form-data).');
  });
});

describeEachDialect('places import size limit', ({ useApp }) => {
  const t = useApp({ env: { UPLOAD_MAX_MB: '0.01' } });

  it('answers 413 with the limit in Romanian above UPLOAD_MAX_MB, and keeps the localities', async () => {
    const user = await createUser(t().db, { roles: ['admin'] });
    const cookie = await loginAs(t().app, user.email, user.password);
    const big = new Uint8Array(20_000).fill(59);
    const response = await postForm(t().app, '/api/places/import', csv(big), cookie);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({
      code: 'too_large',
      message: 'Fișierul este prea mare (maxim 0,01 MB).',
    });
  });
});
