import { EFACTURA_MESSAGES } from '@odonto/domain/contracts/efactura';
import { isTokenDue, REFRESH_TOKEN_LIFETIME_MS } from '@odonto/domain/efactura-sending';
import type { EfacturaTokensRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import type { AnafApi } from './anaf-client';
import { refreshTokens, type TokenSet } from './anaf-oauth';
import type { Connection } from './efactura-connection.service';
import type { EfacturaContext } from './efactura-context';
import {
  findTokensRow,
  releaseRefreshLock,
  storeRefreshedTokens,
  takeRefreshLock,
} from './efactura-connection.queries';

/**
 * The ANAF access token for the worker's calls: renewed a day before it expires, or once after ANAF answers
 * 401, by one worker at a time (a lock on the tokens row; ANAF re-issues the refresh token on each renewal,
 * so two renewals with one refresh token would break the connection).
 */

/** The worker's renewals are recorded without a user. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, userEmail: null, ip: null };

/** Each sealed column names its purpose, so a value copied into another column does not open. */
export const PURPOSE = {
  clientSecret: 'efactura:client-secret',
  access: 'efactura:access-token',
  refresh: 'efactura:refresh-token',
} as const;

/** A worker renewing the tokens holds the lock at most this long (by the app's clock). */
const REFRESH_LOCK_MS = 60_000;
/** How long (real time) a worker waits for another one's renewal. */
const REFRESH_WAIT_MS = 20_000;

export class NotConnectedError extends Error {
  override name = 'NotConnectedError';
}

/** A usable access token and the version of the tokens it came from. */
export interface AccessToken {
  token: string;
  version: number;
}

/** The access token, renewed first when it is about to expire; NotConnectedError when never authorised. */
export async function accessToken(ctx: EfacturaContext, connection: Connection): Promise<AccessToken> {
  const row = await findTokensRow(ctx.db);
  if (!row) throw new NotConnectedError(EFACTURA_MESSAGES.notConnected);
  const current = isTokenDue(row.access_expires_at, ctx.now().getTime())
    ? await renew(ctx, connection, row, 'expiring')
    : row;
  return {
    token: (await ctx.secrets()).open(PURPOSE.access, current.access_token_enc),
    version: current.version,
  };
}

/**
 * ANAF answered 401 to the token of `version`: renewed once (or the one another worker renewed meanwhile
 * is taken). The caller retries its call once with it.
 */
export async function renewAfterRejection(
  ctx: EfacturaContext,
  connection: Connection,
  version: number,
): Promise<AccessToken> {
  const row = await findTokensRow(ctx.db);
  if (!row) throw new NotConnectedError(EFACTURA_MESSAGES.notConnected);
  const current = row.version === version ? await renew(ctx, connection, row, 'rejected') : row;
  return {
    token: (await ctx.secrets()).open(PURPOSE.access, current.access_token_enc),
    version: current.version,
  };
}

/** Renews under the lock; a worker that does not get it waits for the one that did. */
async function renew(
  ctx: EfacturaContext,
  connection: Connection,
  row: EfacturaTokensRow,
  reason: 'expiring' | 'rejected',
): Promise<EfacturaTokensRow> {
  const at = ctx.now();
  if (Date.parse(row.refresh_expires_at) <= at.getTime())
    throw new NotConnectedError(EFACTURA_MESSAGES.notConnected);
  const won = await takeRefreshLock(
    ctx.db,
    row.version,
    at.toISOString(),
    new Date(at.getTime() + REFRESH_LOCK_MS).toISOString(),
  );
  if (!won) return waitForRenewal(ctx, connection, row.version, reason);
  const box = await ctx.secrets();
  let tokens: TokenSet;
  try {
    tokens = await refreshTokens(
      { ...connection, timeoutMs: ctx.httpTimeoutMs },
      box.open(PURPOSE.refresh, row.refresh_token_enc),
    );
  } catch (error) {
    await releaseRefreshLock(ctx.db, row.version);
    throw error;
  }
  const done = ctx.now();
  const accessExpiresAt = new Date(done.getTime() + tokens.expiresIn * 1000).toISOString();
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const ok = await storeRefreshedTokens(trx, row.version, {
      access_token_enc: box.seal(PURPOSE.access, tokens.accessToken),
      refresh_token_enc: box.seal(PURPOSE.refresh, tokens.refreshToken),
      access_expires_at: accessExpiresAt,
      refresh_expires_at: new Date(done.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
      at: done.toISOString(),
    });
    if (ok) {
      await writeAudit(trx, done, SYSTEM_ACTOR, {
        action: 'efactura_token_refresh',
        entity: 'settings',
        entityId: 'efactura',
        details: { reason, accessExpiresAt },
      });
    }
    return ok;
  });
  // Not stored: an admin authorised again meanwhile; the tokens of that authorisation are the ones to use.
  const latest = await findTokensRow(ctx.db);
  if (!latest) throw new NotConnectedError(EFACTURA_MESSAGES.notConnected);
  if (stored) ctx.log.info({ reason, accessExpiresAt }, 'ANAF tokens renewed');
  return latest;
}

async function waitForRenewal(
  ctx: EfacturaContext,
  connection: Connection,
  version: number,
  reason: 'expiring' | 'rejected',
): Promise<EfacturaTokensRow> {
  const giveUpAt = Date.now() + REFRESH_WAIT_MS;
  while (Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const row = await findTokensRow(ctx.db);
    if (!row) throw new NotConnectedError(EFACTURA_MESSAGES.notConnected);
    if (row.version !== version) return row;
    // The other worker gave up (its renewal failed, or its lock expired): try ourselves.
    const lockFree = row.refresh_lock_until === null || row.refresh_lock_until < ctx.now().toISOString();
    if (lockFree) return renew(ctx, connection, row, reason);
  }
  throw new Error('ANAF token renewal by another worker did not finish');
}

/** Runs an ANAF call with the access token; a 401 renews the token once and repeats the call once. */
export async function withAccessToken<T extends { kind: string }>(
  ctx: EfacturaContext,
  connection: Connection,
  call: (api: AnafApi) => Promise<T>,
): Promise<T> {
  const api = (token: AccessToken): AnafApi => ({
    apiUrl: connection.apiUrl,
    accessToken: token.token,
    timeoutMs: ctx.httpTimeoutMs,
  });
  const token = await accessToken(ctx, connection);
  const first = await call(api(token));
  if (first.kind !== 'unauthorized') return first;
  return call(api(await renewAfterRejection(ctx, connection, token.version)));
}
