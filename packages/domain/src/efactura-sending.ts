/**
 * Sending invoices to ANAF's RO e-Factura system (issue 13): the states of a submission, the retry and
 * polling schedules, and when an OAuth access token is renewed. Pure rules; the server's worker applies them.
 */

/**
 * A submission's life: queued → uploading (claimed, the POST may be under way) → uploaded (ANAF gave its
 * upload index) → ok | nok. `failed`: ANAF refused the file at upload, or it could not be sent after every
 * retry. `check`: an upload was interrupted after it may have reached ANAF; an admin looks in SPV before
 * anything is sent again, so an invoice is never reported twice.
 */
export const SUBMISSION_STATES = ['queued', 'uploading', 'uploaded', 'ok', 'nok', 'failed', 'check'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** How the invoice screen names each state. */
export const SUBMISSION_STATE_LABELS: Readonly<Record<SubmissionState, string>> = {
  queued: 'În așteptare',
  uploading: 'Se trimite la ANAF',
  uploaded: 'Trimisă, în prelucrare la ANAF',
  ok: 'Acceptată de ANAF',
  nok: 'Respinsă de ANAF',
  failed: 'Netrimisă',
  check: 'De verificat în SPV',
};

/** States no worker changes any more (an admin may still re-queue a failed one). */
export function isFinalState(state: SubmissionState): boolean {
  return state === 'ok' || state === 'nok' || state === 'failed';
}

/** Uploads tried at most this many times (network errors, 5xx, 429) before the submission is failed. */
export const MAX_UPLOAD_ATTEMPTS = 8;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When to try an upload again after the `attempts`-th try failed in a way that proves ANAF kept nothing
 * (no connection, 429, 5xx): 1, 2, 4 … minutes, at most an hour apart; null after the last attempt.
 */
export function uploadRetryAt(failedAtMs: number, attempts: number): number | null {
  if (attempts >= MAX_UPLOAD_ATTEMPTS) return null;
  return failedAtMs + Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
}

/** ANAF usually decides within seconds to minutes: the first question comes soon after the upload. */
const FIRST_POLL_MS = 15_000;

/**
 * When to ask ANAF again about an uploaded invoice after `polls` answers of "in prelucrare" or failed
 * calls: 15 s, 30 s, 1, 2, 4 … minutes, then hourly (well under ANAF's daily limit of status calls per
 * upload). Polling never gives up: the invoice is at ANAF already.
 */
export function statusPollAt(fromMs: number, polls: number): number {
  return fromMs + Math.min(FIRST_POLL_MS * 2 ** Math.max(0, polls), HOUR);
}

/** The access token is renewed when less than this is left of it (ANAF's last about 90 days). */
export const TOKEN_RENEW_MARGIN_MS = 24 * HOUR;

/** ANAF's refresh tokens last about a year from the authorisation; they are not given an expiry. */
export const REFRESH_TOKEN_LIFETIME_MS = 365 * 24 * HOUR;

/** Whether an access token expiring at `expiresAt` is renewed before it is used at `nowMs`. */
export function isTokenDue(expiresAt: string, nowMs: number): boolean {
  return Date.parse(expiresAt) - nowMs <= TOKEN_RENEW_MARGIN_MS;
}

/** ANAF's addresses: the e-Factura REST API per environment, and the OAuth server. */
export const ANAF_URLS = {
  prod: 'https://api.anaf.ro/prod/FCTEL/rest',
  test: 'https://api.anaf.ro/test/FCTEL/rest',
  oauth: 'https://logincert.anaf.ro/anaf-oauth2/v1',
} as const;

/** The digits of a fiscal code, as ANAF's `cif` parameters want them ('RO 14399840' → '14399840'). */
export function cifDigits(cif: string): string {
  return cif.replace(/^\s*RO\s*/i, '').replace(/\s+/g, '');
}

/** ANAF's answers to stareMesaj, by meaning. */
export type AnafState = 'ok' | 'nok' | 'processing' | 'rejected';

/**
 * Reads ANAF's `stare` text: 'ok', 'nok', 'in prelucrare', or 'XML cu erori nepreluat de sistem' (the
 * file was not taken into the system at all: final, like nok, with no answer to download).
 */
export function anafStateOf(stare: string): AnafState | null {
  const text = stare.trim().toLowerCase();
  if (text === 'ok') return 'ok';
  if (text === 'nok') return 'nok';
  if (text === 'in prelucrare' || text === 'în prelucrare') return 'processing';
  if (text.startsWith('xml cu erori')) return 'rejected';
  return null;
}
