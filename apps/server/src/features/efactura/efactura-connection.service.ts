import { createHash, randomBytes } from 'node:crypto';
import { ANAF_URLS, REFRESH_TOKEN_LIFETIME_MS } from '@odonto/domain/efactura-sending';
import {
  EFACTURA_MESSAGES,
  type EfacturaSettings,
  type EfacturaStatus,
} from '@odonto/domain/contracts/efactura';
import { MESSAGES } from '@odonto/domain/messages';
import { parseStringArray } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { authorizeUrl, exchangeCode, type TokenSet } from './anaf-oauth';
import { PURPOSE } from './efactura-tokens.service';
import type { EfacturaContext } from './efactura-context';
import {
  findSettingsRow,
  findTokensRow,
  insertOauthState,
  insertSettingsRow,
  saveAuthorisedTokens,
  updateSettingsRow,
  useOauthState,
  CONNECTION_ID,
} from './efactura-connection.queries';

/** An authorisation started must come back from ANAF within this time. */
const STATE_LIFETIME_MS = 15 * 60_000;

const DEFAULT_SETTINGS: EfacturaSettings = {
  environment: 'prod',
  apiUrl: null,
  oauthUrl: null,
  clientId: '',
  hasClientSecret: false,
  redirectUri: '',
  cif: '',
  otherCifs: [],
  version: 0,
};

/** GET /api/efactura/settings. */
export async function readSettings(ctx: Pick<EfacturaContext, 'db'>): Promise<EfacturaSettings> {
  const row = await findSettingsRow(ctx.db);
  if (!row) return DEFAULT_SETTINGS;
  return {
    environment: row.environment === 'test' ? 'test' : 'prod',
    apiUrl: row.api_url,
    oauthUrl: row.oauth_url,
    clientId: row.client_id,
    hasClientSecret: row.client_secret_enc !== null,
    redirectUri: row.redirect_uri,
    cif: row.cif,
    otherCifs: parseStringArray(row.other_cifs),
    version: row.version,
  };
}

export interface SettingsInput {
  environment: 'test' | 'prod';
  apiUrl: string | null;
  oauthUrl: string | null;
  clientId: string;
  clientSecret?: string | undefined;
  redirectUri: string;
  cif: string;
  otherCifs: string[];
}

/** PUT /api/efactura/settings: saves over `version` (else 409); the secret is sealed, never answered. */
export async function saveSettings(
  ctx: EfacturaContext,
  actor: AuditActor,
  input: SettingsInput,
  version: number,
): Promise<EfacturaSettings> {
  const before = await readSettings(ctx);
  if (before.version !== version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : null;
  const sealed = secret === null ? undefined : (await ctx.secrets()).seal(PURPOSE.clientSecret, secret);
  const at = ctx.now().toISOString();
  const values = {
    environment: input.environment,
    api_url: input.apiUrl,
    oauth_url: input.oauthUrl,
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    cif: input.cif,
    other_cifs: JSON.stringify(input.otherCifs),
    updated_at: at,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const saved =
      version === 0
        ? await insertSettingsRow(trx, {
            ...values,
            id: CONNECTION_ID,
            client_secret_enc: sealed ?? null,
            created_at: at,
            version: 1,
          })
        : await updateSettingsRow(
            trx,
            {
              ...values,
              ...(sealed === undefined ? {} : { client_secret_enc: sealed }),
              version: version + 1,
            },
            version,
          );
    if (!saved) throw new AppError(409, 'conflict', MESSAGES.conflict);
    const fields = [
      ...(['environment', 'apiUrl', 'oauthUrl', 'clientId', 'redirectUri', 'cif'] as const).filter(
        (key) => before[key] !== input[key],
      ),
      ...(before.otherCifs.join(',') === input.otherCifs.join(',') ? [] : ['otherCifs']),
    ];
    await writeAudit(trx, new Date(at), actor, {
      action: 'efactura_settings_update',
      entity: 'settings',
      entityId: 'efactura',
      details: { fields: secret === null ? fields : [...fields, 'clientSecret'], version: version + 1 },
    });
  });
  return readSettings(ctx);
}

/** What calling ANAF needs, or null while the settings are incomplete. */
export interface Connection {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The clinic's CIF: the one an authorisation is asked for. */
  cif: string;
  /** Every CIF the authorisation uploads for: the clinic's first, then the other firms' (decision 0050). */
  cifs: string[];
}

export async function readConnection(ctx: EfacturaContext): Promise<Connection | null> {
  const row = await findSettingsRow(ctx.db);
  if (!row || !row.client_secret_enc || !row.client_id || !row.redirect_uri || !row.cif) return null;
  return {
    apiUrl: row.api_url ?? (row.environment === 'test' ? ANAF_URLS.test : ANAF_URLS.prod),
    oauthUrl: row.oauth_url ?? ANAF_URLS.oauth,
    clientId: row.client_id,
    clientSecret: (await ctx.secrets()).open(PURPOSE.clientSecret, row.client_secret_enc),
    redirectUri: row.redirect_uri,
    cif: row.cif,
    cifs: [row.cif, ...parseStringArray(row.other_cifs)],
  };
}

/** GET /api/efactura/status. */
export async function readStatus(ctx: EfacturaContext): Promise<EfacturaStatus> {
  const [settings, tokens] = await Promise.all([readSettings(ctx), findTokensRow(ctx.db)]);
  const configured =
    settings.version > 0 && settings.hasClientSecret && settings.clientId !== '' && settings.cif !== '';
  const connected = tokens !== undefined && Date.parse(tokens.refresh_expires_at) > ctx.now().getTime();
  return {
    configured,
    connected,
    authorisedAt: tokens?.authorised_at ?? null,
    accessExpiresAt: tokens?.access_expires_at ?? null,
    refreshExpiresAt: tokens?.refresh_expires_at ?? null,
  };
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** GET /api/efactura/authorize: a single-use state kept (hashed) server-side; answers ANAF's consent address. */
export async function startAuthorisation(ctx: EfacturaContext, actor: AuditActor): Promise<string> {
  const connection = await readConnection(ctx);
  if (!connection) throw new AppError(400, 'invalid_input', EFACTURA_MESSAGES.notConfigured);
  const state = randomBytes(32).toString('base64url');
  const at = ctx.now();
  await insertOauthState(ctx.db, {
    state_hash: hashState(state),
    user_id: actor.userId,
    user_email: actor.userEmail,
    ip: actor.ip,
    expires_at: new Date(at.getTime() + STATE_LIFETIME_MS).toISOString(),
    used_at: null,
    created_at: at.toISOString(),
  });
  await writeAudit(ctx.db, at, actor, {
    action: 'efactura_authorize_start',
    entity: 'settings',
    entityId: 'efactura',
  });
  return authorizeUrl(connection, connection.redirectUri, state);
}

/** Where the settings screen shows the outcome of an authorisation. */
export type AuthorisationResult = 'conectat' | 'refuzat' | 'eroare';

/**
 * GET /api/efactura/callback: ANAF's redirect with `code` and the `state` we gave. The browser arrives from
 * ANAF's site, so the SameSite=Strict session cookie is not sent: the state (single-use, 15 minutes,
 * created by a signed-in admin) is what authorises the exchange. A missing, unknown, used or expired state is
 * a 400; the rest ends on the settings screen with the result.
 */
export async function finishAuthorisation(
  ctx: EfacturaContext,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<AuthorisationResult> {
  const at = ctx.now();
  const started = query.state
    ? await useOauthState(ctx.db, hashState(query.state), at.toISOString())
    : undefined;
  if (!started) throw new AppError(400, 'invalid_input', EFACTURA_MESSAGES.badState);
  const actor: AuditActor = { userId: started.user_id, userEmail: started.user_email, ip: started.ip };
  const connection = await readConnection(ctx);
  if (query.error || !query.code || !connection) {
    await writeAudit(ctx.db, at, actor, {
      action: 'efactura_authorize_refused',
      entity: 'settings',
      entityId: 'efactura',
      details: { error: (query.error ?? (connection ? 'no code' : 'not configured')).slice(0, 200) },
    });
    return 'refuzat';
  }
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(
      { ...connection, timeoutMs: ctx.httpTimeoutMs },
      query.code,
      connection.redirectUri,
    );
  } catch (error) {
    ctx.log.warn({ err: error }, 'ANAF authorisation code exchange failed');
    await writeAudit(ctx.db, ctx.now(), actor, {
      action: 'efactura_authorize_failed',
      entity: 'settings',
      entityId: 'efactura',
      details: { error: (error instanceof Error ? error.message : String(error)).slice(0, 300) },
    });
    return 'eroare';
  }
  const box = await ctx.secrets();
  const done = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await saveAuthorisedTokens(trx, {
      access_token_enc: box.seal(PURPOSE.access, tokens.accessToken),
      refresh_token_enc: box.seal(PURPOSE.refresh, tokens.refreshToken),
      access_expires_at: new Date(done.getTime() + tokens.expiresIn * 1000).toISOString(),
      refresh_expires_at: new Date(done.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
      authorised_at: done.toISOString(),
      authorised_by: started.user_id,
      refreshed_at: null,
      updated_at: done.toISOString(),
    });
    await writeAudit(trx, done, actor, {
      action: 'efactura_authorize',
      entity: 'settings',
      entityId: 'efactura',
      details: { accessExpiresAt: new Date(done.getTime() + tokens.expiresIn * 1000).toISOString() },
    });
  });
  return 'conectat';
}
