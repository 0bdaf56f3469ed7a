import type { SessionWithUser } from './sessions.queries';

/**
 * How long a session read from the database answers from memory. The cache is emptied whenever a session
 * or a user changes (below), so this bounds only what nothing announced: a change made by a program that
 * neither runs through this process's database handle nor reaches it by PostgreSQL's NOTIFY.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Sessions kept at most; past it the oldest goes. A clinic group has a few hundred signed in at once. */
export const SESSION_CACHE_SIZE = 10_000;

interface Entry {
  found: SessionWithUser;
  storedAt: number;
}

/**
 * The sessions this instance has read lately, by token hash, with their users (decision 0066): the check
 * every signed-in request makes answers from memory instead of a round trip to PostgreSQL. Nothing about
 * a session is decided here: the caller checks idle time, expiry and the user's state on every request, as
 * it does with a row read from the database.
 *
 * Any change to a session or a user empties the whole cache, which is cheaper than knowing which entries a
 * change touches, and changes are rare (a sign-in, a sign-out, a touch a minute, a user edited).
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #clock: () => number;
  #generation = 0;
  #isOn: boolean;

  constructor(options: { isOn: boolean; clock?: () => number }) {
    this.#isOn = options.isOn;
    this.#clock = options.clock ?? (() => performance.now());
  }

  get isOn(): boolean {
    return this.#isOn;
  }

  /** The session behind a token hash, if read within the last SESSION_CACHE_TTL_MS and unchanged since. */
  get(tokenHash: string): SessionWithUser | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.#clock() - entry.storedAt >= SESSION_CACHE_TTL_MS) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.found;
  }

  /**
   * Taken before reading a session from the database and handed to `store`: a read that a change overtook
   * (the change emptied the cache while the read was on its way) may carry the old row, and is not kept.
   */
  get generation(): number {
    return this.#generation;
  }

  store(tokenHash: string, found: SessionWithUser, generation: number): void {
    if (!this.#isOn || generation !== this.#generation) return;
    if (this.#entries.size >= SESSION_CACHE_SIZE) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { found, storedAt: this.#clock() });
  }

  /** A session or a user changed: nothing read before now answers again. */
  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }

  /** Changes can no longer be heard (PostgreSQL's listening connection is down): every check reads. */
  suspend(): void {
    this.#isOn = false;
    this.clear();
  }

  /** Changes are heard again; what was read while they were not is gone already. */
  resume(): void {
    this.clear();
    this.#isOn = true;
  }
}

// A statement that writes `users` or `sessions`: Kysely's own text (`update "users" set …`), or raw SQL.
const SESSION_WRITE = /\b(?:update|delete\s+from|insert\s+into)\s+"?(?:users|sessions)\b/i;
const CHECKED_TEXTS = 2_000;
const checked = new Map<string, boolean>();

/**
 * Whether a statement may end a session or change what a signed-in user is (roles, active, name). The app
 * runs a few hundred distinct statement texts, so each text's answer is kept.
 */
export function changesSessions(sqlText: string): boolean {
  const known = checked.get(sqlText);
  if (known !== undefined) return known;
  const answer = SESSION_WRITE.test(sqlText);
  if (checked.size < CHECKED_TEXTS) checked.set(sqlText, answer);
  return answer;
}
