import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EFACTURA_MESSAGES,
  type EfacturaSettings,
  type EfacturaStatus,
} from '@odonto/domain/contracts/efactura';
import { describeEachDialect } from '../../../test/build-test-app';
import { startFakeAnaf, type FakeAnaf } from '../../../test/fake-anaf';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import {
  auditActions,
  authorise,
  CIF,
  connect,
  REDIRECT_URI,
  settingsBody,
  signInAdmin,
} from './efactura.test-support';
import { KEY_FILE } from './secret-box';

let fake: FakeAnaf;
beforeAll(async () => {
  fake = await startFakeAnaf();
});
afterAll(async () => {
  await fake.close();
});

describeEachDialect('e-Factura connection: settings, authorisation, status', ({ useApp }) => {
  const t = useApp();

  const put = (cookie: string | null, body: unknown) =>
    call(t().app, { method: 'PUT', url: '/api/efactura/settings', cookie, body });
  /** The details of each settings save's audit row, oldest first. */
  const settingsAudits = async () =>
    (
      await t()
        .db.selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'efactura_settings_update')
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.details ?? '{}') as unknown);

  it('saves the settings, never answers the secret, keeps it when left out, and audits each save', async () => {
    const cookie = await signInAdmin(t());
    const empty = await call(t().app, { url: '/api/efactura/settings', cookie });
    expect(empty.json()).toMatchObject({ version: 0, hasClientSecret: false, environment: 'prod' });

    const saved = await put(cookie, settingsBody(fake));
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: EfacturaSettings = {
      environment: 'prod',
      apiUrl: fake.apiUrl,
      oauthUrl: fake.oauthUrl,
      clientId: fake.clientId,
      hasClientSecret: true,
      redirectUri: REDIRECT_URI,
      cif: CIF,
      otherCifs: [],
      version: 1,
    };
    expect(saved.json()).toEqual(expected);
    expect(saved.body).not.toContain(fake.clientSecret);

    const again = await put(
      cookie,
      settingsBody(fake, { environment: 'test', clientSecret: '', version: 1 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ environment: 'test', hasClientSecret: true, version: 2 });

    // The secret is stored sealed, not as typed.
    const row = await t().db.selectFrom('efactura_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret_enc).toMatch(/^v1:/);
    expect(row.client_secret_enc).not.toContain(fake.clientSecret);
    const key = await stat(join(t().dataDir, KEY_FILE));
    expect(key.mode & 0o777).toBe(0o600);

    expect(await settingsAudits()).toEqual([
      {
        fields: ['apiUrl', 'oauthUrl', 'clientId', 'redirectUri', 'cif', 'clientSecret'],
        version: 1,
      },
      { fields: ['environment'], version: 2 },
    ]);
  });

  it("keeps the other firms' CIFs, digits only, audits their change, and refuses a repeat or a bad one (400)", async () => {
    const cookie = await signInAdmin(t());
    const saved = await put(cookie, settingsBody(fake, { otherCifs: ['RO 18547290', '31415926'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ cif: CIF, otherCifs: ['18547290', '31415926'], version: 1 });
    const read = await call(t().app, { url: '/api/efactura/settings', cookie });
    expect(read.json()).toMatchObject({ otherCifs: ['18547290', '31415926'] });

    // Left out: none (the form always sends the list).
    const cleared = await put(cookie, settingsBody(fake, { clientSecret: '', version: 1 }));
    expect(cleared.json()).toMatchObject({ otherCifs: [], version: 2 });
    expect((await settingsAudits())[1]).toEqual({ fields: ['otherCifs'], version: 2 });

    for (const otherCifs of [[`RO${CIF}`], ['18547290', 'RO18547290'], ['18A']]) {
      const refused = await put(cookie, settingsBody(fake, { otherCifs, version: 2 }));
      expect(refused.statusCode, JSON.stringify(otherCifs)).toBe(400);
      const message = otherCifs[0] === '18A' ? EFACTURA_MESSAGES.cif : EFACTURA_MESSAGES.otherCifRepeated;
      expect(Object.values(refused.json().error.fields)).toEqual([message]);
    }
    const tooMany = Array.from({ length: 21 }, (_, index) => String(10_000_000 + index));
    const refused = await put(cookie, settingsBody(fake, { otherCifs: tooMany, version: 2 }));
    expect(refused.json()).toMatchObject({
      error: { fields: { otherCifs: EFACTURA_MESSAGES.otherCifsTooMany } },
    });
    // Nothing of the refused saves was kept.
    expect((await call(t().app, { url: '/api/efactura/settings', cookie })).json()).toMatchObject({
      otherCifs: [],
      version: 2,
    });
  });

  it('refuses a stale version (409), bad fields (400, Romanian) and other roles (403)', async () => {
    const cookie = await signInAdmin(t());
    expect((await put(cookie, settingsBody(fake))).statusCode).toBe(200);
    const stale = await put(cookie, settingsBody(fake, { cif: '123456', version: 0 }));
    expect(stale.statusCode).toBe(409);

    const bad = await put(
      cookie,
      settingsBody(fake, { cif: 'RO 1A', apiUrl: 'ftp://x', clientId: '', version: 1 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: {
        fields: {
          cif: expect.stringContaining('Codul fiscal (CIF)'),
          apiUrl: 'Adresa nu este validă (http:// sau https://).',
          clientId: 'ID-ul clientului OAuth este obligatoriu.',
        },
      },
    });

    const doctor = await createUser(t().db, { roles: ['medic'] });
    const doctorCookie = await loginAs(t().app, doctor.email, doctor.password);
    for (const url of ['/api/efactura/settings', '/api/efactura/status', '/api/efactura/authorize']) {
      expect((await call(t().app, { url, cookie: doctorCookie })).statusCode).toBe(403);
      expect((await call(t().app, { url })).statusCode).toBe(401);
    }
    expect((await put(doctorCookie, settingsBody(fake, { version: 1 }))).statusCode).toBe(403);
  });

  it('will not start an authorisation before the OAuth data is saved', async () => {
    const cookie = await signInAdmin(t());
    const start = await call(t().app, { url: '/api/efactura/authorize', cookie });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ error: { message: expect.stringContaining('Completați') } });
  });

  it('authorises through ANAF, stores the tokens encrypted, reports the status, audits it', async () => {
    const cookie = await signInAdmin(t());
    expect((await put(cookie, settingsBody(fake))).statusCode).toBe(200);
    const before = await call(t().app, { url: '/api/efactura/status', cookie });
    expect(before.json()).toMatchObject({ configured: true, connected: false, accessExpiresAt: null });

    const start = await call(t().app, { url: '/api/efactura/authorize', cookie });
    const location = new URL(String(start.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.oauthUrl}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      token_content_type: 'jwt',
    });
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    expect(await authorise(t(), cookie)).toBe('/setari?efactura=conectat');
    const status = (await call(t().app, { url: '/api/efactura/status', cookie })).json<EfacturaStatus>();
    expect(status).toEqual({
      configured: true,
      connected: true,
      authorisedAt: '2026-03-02T09:00:00.000Z',
      accessExpiresAt: '2026-05-31T09:00:00.000Z',
      refreshExpiresAt: '2027-03-02T09:00:00.000Z',
    });
    const tokens = await t().db.selectFrom('efactura_tokens').selectAll().executeTakeFirstOrThrow();
    expect(tokens.access_token_enc).toMatch(/^v1:/);
    expect(tokens.access_token_enc).not.toContain('eyJ');
    expect(fake.grants).toContain('authorization_code');
    expect(await auditActions(t())).toEqual([
      'efactura_settings_update',
      'efactura_authorize_start',
      'efactura_authorize_start',
      'efactura_authorize',
    ]);
  });

  it('answers 400 to a callback with a missing, unknown or already used state', async () => {
    const cookie = await connect(t(), fake);
    for (const query of ['code=abc', 'code=abc&state=nu-exista']) {
      const response = await call(t().app, { url: `/api/efactura/callback?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { message: expect.stringContaining('autorizare ANAF') },
      });
    }
    // A state is single-use: replaying ANAF's redirect fails.
    const start = await call(t().app, { url: '/api/efactura/authorize', cookie });
    const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const first = await call(t().app, { url: `${back.pathname}${back.search}` });
    expect(first.headers.location).toBe('/setari?efactura=conectat');
    const replay = await call(t().app, { url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(400);
  });

  it('ends on the settings screen with "refuzat" when ANAF reports an error, "eroare" when the code is bad', async () => {
    const cookie = await signInAdmin(t());
    expect((await put(cookie, settingsBody(fake))).statusCode).toBe(200);
    const stateOf = async () => {
      const start = await call(t().app, { url: '/api/efactura/authorize', cookie });
      return new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    };
    const refused = await call(t().app, {
      url: `/api/efactura/callback?error=access_denied&state=${await stateOf()}`,
    });
    expect(refused.headers.location).toBe('/setari?efactura=refuzat');
    const wrong = await call(t().app, { url: `/api/efactura/callback?code=gresit&state=${await stateOf()}` });
    expect(wrong.headers.location).toBe('/setari?efactura=eroare');
    const status = await call(t().app, { url: '/api/efactura/status', cookie });
    expect(status.json()).toMatchObject({ connected: false });
    expect(await auditActions(t(), 'efactura_authorize_')).toEqual([
      'efactura_authorize_start',
      'efactura_authorize_refused',
      'efactura_authorize_start',
      'efactura_authorize_failed',
    ]);
  });
});

describeEachDialect('e-Factura worker switch', ({ build }) => {
  it('starts with a listening server only when OUTBOX_WORKER is on', async () => {
    for (const [flag, running] of [
      ['true', true],
      ['false', false],
    ] as const) {
      const t = await build({ env: { OUTBOX_WORKER: flag } });
      try {
        expect(t.app.efacturaWorker.isRunning).toBe(false);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        expect(t.app.efacturaWorker.isRunning).toBe(running);
      } finally {
        await t.close();
      }
      expect(t.app.efacturaWorker.isRunning).toBe(false);
    }
  });
});
