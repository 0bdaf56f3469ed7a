import { request } from './anaf-http';

/** ANAF's OAuth server (logincert.anaf.ro/anaf-oauth2/v1): the consent address and the token endpoint. */

/** The tokens ANAF's OAuth server gives. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
}

export class AnafOAuthError extends Error {
  override name = 'AnafOAuthError';
  constructor(
    message: string,
    /** ANAF answered (4xx): the grant itself was refused, not a passing network problem. */
    readonly isRefused: boolean,
  ) {
    super(message);
  }
}

interface OAuthClient {
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** The address of ANAF's consent page (the admin signs in there with the qualified certificate). */
export function authorizeUrl(
  client: Omit<OAuthClient, 'clientSecret' | 'timeoutMs'>,
  redirectUri: string,
  state: string,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
    token_content_type: 'jwt',
  });
  return `${client.oauthUrl}/authorize?${query.toString()}`;
}

async function tokenCall(client: OAuthClient, params: Record<string, string>): Promise<TokenSet> {
  const body = new URLSearchParams({
    ...params,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    token_content_type: 'jwt',
  });
  const raw = await request(
    `${client.oauthUrl}/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    },
    client.timeoutMs,
  );
  if (raw.kind !== 'response') throw new AnafOAuthError(raw.reason, false);
  let value: Record<string, unknown> = {};
  try {
    value = JSON.parse(raw.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    // Reported below by status.
  }
  const access = value['access_token'];
  const refresh = value['refresh_token'];
  if (raw.status === 200 && typeof access === 'string' && typeof refresh === 'string') {
    const expiresIn = Number(value['expires_in']);
    return {
      accessToken: access,
      refreshToken: refresh,
      expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 90 * 24 * 3600,
    };
  }
  const reason = [value['error'], value['error_description']]
    .filter((part) => typeof part === 'string')
    .join(': ');
  throw new AnafOAuthError(
    `ANAF a refuzat tokenul (HTTP ${raw.status}${reason ? `, ${reason}` : ''})`,
    raw.status >= 400 && raw.status < 500,
  );
}

/** grant_type=authorization_code: the code ANAF's redirect brought, for the first tokens. */
export function exchangeCode(client: OAuthClient, code: string, redirectUri: string): Promise<TokenSet> {
  return tokenCall(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
}

/** grant_type=refresh_token: new tokens before the access token expires. */
export function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
  return tokenCall(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
