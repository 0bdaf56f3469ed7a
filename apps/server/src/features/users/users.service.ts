import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  USER_MESSAGES,
  USER_PAGE_SIZE,
  type User,
  type UserFormData,
  type UserListResponse,
  type UserUpdate,
} from '@odonto/domain/contracts/users';
import { isAdmin } from '@odonto/domain/roles';
import type { Database, UserRow } from '../../db/database';
import { isUniqueViolation, lockTable } from '../../db/dialect';
import { parseStringArray } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { deleteSessionsOfUser } from '../../plugins/sessions.queries';
import { findLocationIdsOfUsers } from '../locations/locations.queries';
import { replaceLocationsOfUser } from '../locations/user-locations.service';
import { sendInvitation, type UsersDeps } from './invitation.service';
import { changedFields, formColumns, rolesToStore, toUser } from './users.presenter';
import {
  countActiveAdminsExcept,
  deleteOpenPasswordTokens,
  deleteUserRow,
  findAllUsers,
  findUserById,
  findUserIdByEmail,
  insertUserRow,
  updateUserIfVersion,
} from './users.queries';

const collator = new Intl.Collator('ro', { sensitivity: 'base' });

const notFound = () => new AppError(404, 'not_found', USER_MESSAGES.notFound);
const stale = () => new AppError(409, 'conflict', USER_MESSAGES.stale);
// The field tells the screen to mark the email as taken (SPEC.md §8), not to report a stale form.
const emailTaken = () =>
  new AppError(409, 'conflict', USER_MESSAGES.emailTaken, { fields: { email: USER_MESSAGES.emailTaken } });
const refused = (field: 'roles' | 'active' | '_', message: string) =>
  new AppError(409, 'conflict', message, { fields: { [field]: message } });

/** POST /api/get-utilizatori: one page of 10 by name in Romanian order (ă after a, ș after s). */
export async function listUsersPage(deps: Pick<UsersDeps, 'db'>, page: number): Promise<UserListResponse> {
  // SQLite has no Romanian collation and a clinic has tens of accounts, so the sort happens here.
  const rows = await findAllUsers(deps.db);
  rows.sort((a, b) => collator.compare(a.nume, b.nume) || a.email.localeCompare(b.email));
  const start = page * USER_PAGE_SIZE;
  const pageRows = rows.slice(start, start + USER_PAGE_SIZE);
  const locations = await findLocationIdsOfUsers(
    deps.db,
    pageRows.map((row) => row.id),
  );
  return {
    utilizatori: pageRows.map((row) => ({ ...toUser(row), locationIds: locations.get(row.id) ?? [] })),
    isNextPage: rows.length > start + USER_PAGE_SIZE,
  };
}

/** POST /api/save-utilizator: the account without a password, then (when active) its invitation mail. */
export async function createUser(deps: UsersDeps, actor: AuditActor, form: UserFormData): Promise<User> {
  const now = deps.now();
  const at = now.toISOString();
  const row = await translateUniqueViolation(
    deps.db.transaction().execute(async (trx) => {
      if (await findUserIdByEmail(trx, form.email)) throw emailTaken();
      const created = await insertUserRow(trx, {
        id: randomUUID(),
        ...formColumns(form, form.roles),
        password_hash: null,
        created_at: at,
        updated_at: at,
        version: 1,
      });
      await writeAudit(trx, now, actor, {
        action: 'user_create',
        entity: 'user',
        entityId: created.id,
        details: { roles: form.roles, active: form.active },
      });
      if (form.locationIds !== undefined) {
        await replaceLocationsOfUser(trx, now, actor, created.id, form.locationIds, { onlyIfChanged: true });
      }
      return created;
    }),
  );
  // After the commit: the link must point at a stored account, and the mail is not part of the write.
  if (form.active) await sendInvitation(deps, actor, { id: row.id, nume: row.nume, email: row.email }, false);
  return toUser(row);
}

/**
 * POST /api/update-utilizator/{id}. Refuses a stale version, an email of another account, demoting or
 * deactivating oneself, and leaving the clinic without an active admin. Deactivating ends the account's
 * sessions and cancels its unused password links in the same transaction.
 */
export async function updateUser(
  deps: UsersDeps,
  actor: AuditActor,
  id: string,
  update: UserUpdate,
): Promise<User> {
  const { version, ...form } = update;
  const now = deps.now();
  const row = await translateUniqueViolation(
    deps.db.transaction().execute(async (trx) => {
      const before = await findUserById(trx, id);
      if (!before) throw notFound();
      if (before.version !== version) throw stale();
      const roles = rolesToStore(form.roles, parseStringArray(before.roles));
      if (id === actor.userId) {
        if (!isAdmin(roles)) throw refused('roles', USER_MESSAGES.selfDemote);
        if (!form.active) throw refused('active', USER_MESSAGES.selfDeactivate);
      }
      if (isActiveAdmin(before) && !(form.active && isAdmin(roles))) {
        await requireAnotherActiveAdmin(deps, trx, id, form.active ? 'roles' : 'active');
      }
      const otherId = await findUserIdByEmail(trx, form.email);
      if (otherId !== undefined && otherId !== id) throw emailTaken();

      const columns = formColumns(form, roles);
      const updated = await updateUserIfVersion(trx, id, version, columns, now.toISOString());
      if (!updated) throw stale();
      const isDeactivation = before.active === 1 && !form.active;
      const endedSessions = isDeactivation ? await deleteSessionsOfUser(trx, id) : 0;
      if (isDeactivation) await deleteOpenPasswordTokens(trx, id);
      await writeAudit(trx, now, actor, {
        action: 'user_update',
        entity: 'user',
        entityId: id,
        details: {
          fields: changedFields(before, columns),
          version: updated.version,
          ...(isDeactivation ? { endedSessions } : {}),
        },
      });
      if (form.locationIds !== undefined) {
        await replaceLocationsOfUser(trx, now, actor, id, form.locationIds, { onlyIfChanged: true });
      }
      return updated;
    }),
  );
  return toUser(row);
}

/**
 * GET /api/delete-user/{email}/{userId}: removes the account (its sessions and password links cascade;
 * audit rows keep the actor's email). Nobody deletes themselves or the last active admin.
 */
export async function deleteUser(
  deps: UsersDeps,
  actor: AuditActor,
  email: string,
  id: string,
): Promise<{ id: string }> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    if (!before) throw notFound();
    if (before.email !== email) {
      throw new AppError(400, 'invalid_input', USER_MESSAGES.emailMismatch, {
        fields: { email: USER_MESSAGES.emailMismatch },
      });
    }
    if (id === actor.userId) throw refused('_', USER_MESSAGES.selfDelete);
    if (isActiveAdmin(before)) await requireAnotherActiveAdmin(deps, trx, id, '_');
    const endedSessions = await deleteSessionsOfUser(trx, id);
    if (!(await deleteUserRow(trx, id))) throw notFound();
    await writeAudit(trx, now, actor, {
      action: 'user_delete',
      entity: 'user',
      entityId: id,
      details: {
        email: before.email,
        nume: before.nume,
        roles: parseStringArray(before.roles),
        endedSessions,
      },
    });
  });
  return { id };
}

function isActiveAdmin(row: UserRow): boolean {
  return row.active === 1 && isAdmin(parseStringArray(row.roles));
}

/**
 * The change takes away an active admin: another must remain. On PostgreSQL the users table is locked
 * first, so two admins removing each other at the same moment cannot both succeed.
 */
async function requireAnotherActiveAdmin(
  deps: Pick<UsersDeps, 'dialect'>,
  trx: Kysely<Database>,
  id: string,
  field: 'roles' | 'active' | '_',
): Promise<void> {
  await lockTable(trx, deps.dialect, 'users');
  if ((await countActiveAdminsExcept(trx, id)) === 0) throw refused(field, USER_MESSAGES.lastAdmin);
}

/** Two saves of the same email at once: the unique index stops the second, answered like the first check. */
async function translateUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * POST /api/utilizatori/{id}/inchide-sesiuni: an admin signs the user out everywhere (a lost phone, a
 * shared computer left signed in). Answers how many sessions ended.
 */
export async function endUserSessions(
  deps: UsersDeps,
  actor: AuditActor,
  id: string,
): Promise<{ ended: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, id);
    if (!target) throw notFound();
    const ended = await deleteSessionsOfUser(trx, id);
    await writeAudit(trx, deps.now(), actor, {
      action: 'user_sessions_end',
      entity: 'user',
      entityId: id,
      details: { email: target.email, nume: target.nume, endedSessions: ended },
    });
    return { ended };
  });
}
