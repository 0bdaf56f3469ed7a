import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { lockoutMessage, MESSAGES } from '@odonto/domain/messages';
import type { LoginRequest } from '@odonto/domain/contracts/auth';
import type { Clock } from '../../app-types';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { isUniqueViolation, lockTable, type DialectName } from '../../db/dialect';
import { toJsonText } from '../../db/json';
import type { Mailer } from '../../notify/mail';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { createSession } from '../../plugins/sessions';
import { deleteSession } from '../../plugins/sessions.queries';
import {
  countUsers,
  findLockedAttemptsRow,
  findUserByEmail,
  insertUser,
  updateLockedAttemptsRow,
  type UserAccount,
} from './auth.queries';
import { isSlowedAddress, LOCKOUT, lockoutSeconds } from './lockout';
import { hashPassword, verifyPassword } from './password.service';

export interface AuthDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: Clock;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Where a call comes from, for the session row and the audit log. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface SignedIn {
  user: UserAccount;
  session: { token: string; expiresAt: Date };
}

/**
 * An attempt on a locked account. Recorded as its own action (the lockout counts only `login_failed`
 * rows, so it does not push the end of the lockout further away, decision 0005), and counted: one row
 * per account and address per lockout window, its `attempts` growing, so hammering a locked account
 * cannot grow the audit log without bound.
 */
async function recordLockedAttempt(
  deps: AuthDeps,
  email: string,
  ip: string,
  now: Date,
  retryAfter: number,
): Promise<void> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const counted = await findLockedAttemptsRow(deps.db, email, ip, since);
  if (counted) {
    const previous = parseDetails(counted.details);
    const attempts = (typeof previous['attempts'] === 'number' ? previous['attempts'] : 1) + 1;
    const details = { ...previous, attempts, retryAfter, lastAt: now.toISOString() };
    await updateLockedAttemptsRow(deps.db, counted.id, toJsonText(details));
    return;
  }
  const locked = await findUserByEmail(deps.db, email);
  await writeAudit(
    deps.db,
    now,
    { userId: locked?.id ?? null, userEmail: email, ip },
    {
      action: 'login_locked',
      entity: 'user',
      ...(locked ? { entityId: locked.id } : {}),
      details: { retryAfter, attempts: 1 },
    },
  );
}

function parseDetails(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/login. Checks the lockout first (so even the right password waits it out), then the
 * account; then `secondStep` may hold the sign-in back for a second factor (decision 0027), or a new
 * session is opened in place of the caller's previous one.
 */
export async function login<Pending>(
  deps: AuthDeps,
  input: LoginRequest,
  client: ClientInfo,
  previousSessionId: string | null,
  secondStep: (user: UserAccount) => Promise<Pending | null> = async () => null,
): Promise<SignedIn | { pending: Pending }> {
  const now = deps.now();
  const waitSeconds = await lockoutSeconds(deps.db, input.email, now);
  if (waitSeconds > 0) {
    deps.log.warn({ email: input.email, ip: client.ip }, 'sign-in refused: locked out');
    await recordLockedAttempt(deps, input.email, client.ip, now, waitSeconds);
    throw new AppError(429, 'rate_limited', lockoutMessage(waitSeconds), {
      headers: { 'retry-after': String(waitSeconds) },
    });
  }

  const user = await findUserByEmail(deps.db, input.email);
  const failure = async (reason: string, message: string): Promise<never> => {
    // An address that keeps failing (many accounts guessed) gets its failures answered late.
    const slowedMs = (await isSlowedAddress(deps.db, client.ip, now)) ? deps.config.loginSlowdownMs : 0;
    await writeAudit(
      deps.db,
      now,
      { userId: user?.id ?? null, userEmail: input.email, ip: client.ip },
      {
        action: 'login_failed',
        entity: 'user',
        ...(user ? { entityId: user.id } : {}),
        details: slowedMs > 0 ? { reason, slowedMs } : { reason },
      },
    );
    if (slowedMs > 0) await new Promise((resolve) => setTimeout(resolve, slowedMs));
    throw new AppError(401, 'unauthenticated', message);
  };
  if (!user) return failure('unknown_email', MESSAGES.unknownEmail);
  if (!(await verifyPassword(user.passwordHash, input.password)))
    return failure('wrong_password', MESSAGES.wrongPassword);
  if (!user.active) return failure('inactive', MESSAGES.inactiveAccount);

  const pending = await secondStep(user);
  if (pending !== null) return { pending };
  const session = await startSession(deps, user, client, previousSessionId);
  return { user, session };
}

/** Replaces the caller's previous session (if any) with a new one and records the sign-in. */
export async function startSession(
  deps: AuthDeps,
  user: UserAccount,
  client: ClientInfo,
  previousSessionId: string | null,
  db: Kysely<Database> = deps.db,
  details?: Record<string, unknown>,
): Promise<SignedIn['session']> {
  const now = deps.now();
  const write = async (trx: Kysely<Database>) => {
    if (previousSessionId) await deleteSession(trx, previousSessionId);
    const session = await createSession(trx, { userId: user.id, now, ...client }, deps.config);
    await writeAudit(
      trx,
      now,
      { userId: user.id, userEmail: user.email, ip: client.ip },
      { action: 'login', entity: 'user', entityId: user.id, ...(details ? { details } : {}) },
    );
    return session;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** DELETE /api/logout: ends the session (if any) and records it. */
export async function logout(
  deps: AuthDeps,
  session: { id: string; user: { id: string; email: string } } | null,
  client: ClientInfo,
): Promise<void> {
  if (!session) return;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.id);
    await writeAudit(
      trx,
      now,
      { userId: session.user.id, userEmail: session.user.email, ip: client.ip },
      { action: 'logout', entity: 'user', entityId: session.user.id },
    );
  });
}

export async function needsSetup(deps: Pick<AuthDeps, 'db'>): Promise<boolean> {
  return (await countUsers(deps.db)) === 0;
}

export interface NewAdmin {
  nume: string;
  email: string;
  password: string;
}

export interface NewAccount extends NewAdmin {
  roles: string[];
  functie: string;
  telefon: string;
}

export interface CreateAccountOptions {
  /** Create only when the database has no user yet (first run); answer null otherwise. */
  onlyIfNoUser: boolean;
  actor: ClientInfo | null;
  source: 'setup' | 'env' | 'cli' | 'seed';
}

/** Creates an admin account (first-run setup, ODONTO_ADMIN_EMAIL at start, the create-admin script). */
export function createAdmin(
  deps: Pick<AuthDeps, 'db' | 'dialect' | 'now'>,
  input: NewAdmin,
  options: CreateAccountOptions,
  then?: (trx: Kysely<Database>, user: UserAccount) => Promise<void>,
): Promise<UserAccount | null> {
  return createAccount(
    deps,
    { ...input, roles: ['admin'], functie: 'Administrator', telefon: '' },
    options,
    then,
  );
}

/**
 * Creates a staff account with a password. With `onlyIfNoUser`, the check "no user yet" and the insert
 * happen in one transaction holding the users table, so two concurrent first-run setups create one
 * admin. A duplicate email is a 409. `then` runs inside the same transaction.
 */
export async function createAccount(
  deps: Pick<AuthDeps, 'db' | 'dialect' | 'now'>,
  input: NewAccount,
  options: CreateAccountOptions,
  then?: (trx: Kysely<Database>, user: UserAccount) => Promise<void>,
): Promise<UserAccount | null> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.now().toISOString();
  const user: UserAccount = {
    id: randomUUID(),
    nume: input.nume,
    email: input.email,
    telefon: input.telefon,
    functie: input.functie,
    roles: input.roles,
    passwordHash,
    active: true,
  };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (options.onlyIfNoUser) {
        await lockTable(trx, deps.dialect, 'users');
        if ((await countUsers(trx)) > 0) return null;
      }
      await insertUser(trx, {
        id: user.id,
        nume: user.nume,
        email: user.email,
        telefon: user.telefon,
        functie: user.functie,
        roles: toJsonText(user.roles),
        password_hash: passwordHash,
        active: 1,
        created_at: now,
        updated_at: now,
        version: 1,
      });
      await writeAudit(
        trx,
        deps.now(),
        { userId: user.id, userEmail: user.email, ip: options.actor?.ip ?? null },
        {
          action: 'user_create',
          entity: 'user',
          entityId: user.id,
          details: { roles: user.roles, source: options.source },
        },
      );
      await then?.(trx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'conflict', 'Există deja un utilizator cu această adresă de email.');
    }
    throw error;
  }
}

/** POST /api/setup: the first admin of an empty database, signed in at once. */
export async function setupFirstAdmin(
  deps: AuthDeps,
  input: NewAdmin,
  client: ClientInfo,
): Promise<SignedIn> {
  const opened: { session?: SignedIn['session'] } = {};
  const user = await createAdmin(
    deps,
    input,
    { onlyIfNoUser: true, actor: client, source: 'setup' },
    async (trx, created) => {
      opened.session = await startSession(deps, created, client, null, trx);
    },
  );
  if (!user || !opened.session) throw new AppError(409, 'conflict', MESSAGES.setupDone);
  return { user, session: opened.session };
}
