import { sql, type Kysely } from 'kysely';
import { countUpTo } from '../../db/capped-count.queries';
import type { Database } from '../../db/database';

/** What the audit list is restricted by; times are ISO instants (whole Bucharest days already applied). */
export interface AuditListFilter {
  userId?: string;
  userEmail?: string;
  patientId?: string;
  action?: string;
  atFrom?: string;
  atTo?: string;
}

/** The position after which the next batch of an export starts (the list's order: newest first). */
export interface AuditCursor {
  at: string;
  id: number;
}

/** An audit row with the user's current name and the patient's name, when they still exist. */
export interface AuditListRow {
  id: number;
  at: string;
  user_id: string | null;
  user_email: string | null;
  ip: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  patient_id: string | null;
  details: string | null;
  user_name: string | null;
  patient_nume: string | null;
  patient_prenume: string | null;
  patient_file_number: number | null;
}

function filtered(db: Kysely<Database>, filter: AuditListFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.userId !== undefined) query = query.where('audit_log.user_id', '=', filter.userId);
  if (filter.userEmail !== undefined) query = query.where('audit_log.user_email', '=', filter.userEmail);
  if (filter.patientId !== undefined) query = query.where('audit_log.patient_id', '=', filter.patientId);
  if (filter.action !== undefined) query = query.where('audit_log.action', '=', filter.action);
  if (filter.atFrom !== undefined) query = query.where('audit_log.at', '>=', filter.atFrom);
  if (filter.atTo !== undefined) query = query.where('audit_log.at', '<=', filter.atTo);
  return query;
}

function withNames(db: Kysely<Database>, filter: AuditListFilter) {
  return filtered(db, filter)
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .leftJoin('patients', 'patients.id', 'audit_log.patient_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'audit_log.user_email',
      'audit_log.ip',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.patient_id',
      'audit_log.details',
      'users.nume as user_name',
      'patients.nume as patient_nume',
      'patients.prenume as patient_prenume',
      'patients.file_number as patient_file_number',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc');
}

/** One page of the log, newest first. */
export function auditPageQuery(
  db: Kysely<Database>,
  filter: AuditListFilter,
  page: { limit: number; offset: number },
) {
  return withNames(db, filter).limit(page.limit).offset(page.offset);
}

export async function findAuditPage(
  db: Kysely<Database>,
  filter: AuditListFilter,
  page: { limit: number; offset: number },
): Promise<AuditListRow[]> {
  return auditPageQuery(db, filter, page).execute();
}

/** How many rows the filter matches, up to `limit` (countLimit in contracts/paging.ts). */
export async function countAudit(
  db: Kysely<Database>,
  filter: AuditListFilter,
  limit: number,
): Promise<number> {
  return countUpTo(db, filtered(db, filter), limit);
}

/** The next `limit` rows after the cursor (keyset paging, so a long export never re-reads what it sent). */
export async function findAuditBatch(
  db: Kysely<Database>,
  filter: AuditListFilter,
  after: AuditCursor | null,
  limit: number,
): Promise<AuditListRow[]> {
  let query = withNames(db, filter);
  if (after !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.at', '<', after.at),
        eb.and([eb('audit_log.at', '=', after.at), eb('audit_log.id', '<', after.id)]),
      ]),
    );
  }
  return query.limit(limit).execute();
}

/**
 * The distinct actions of the log. A loose index scan (one index seek per action) instead of
 * `select distinct`, which would read every row of a log that only grows.
 */
export function distinctActionsQuery() {
  return sql<{ action: string }>`
    with recursive actions(action) as (
      select min(action) from audit_log
      union all
      select (select min(later.action) from audit_log later where later.action > actions.action)
      from actions where actions.action is not null
    )
    select action from actions where action is not null`;
}

export async function findDistinctActions(db: Kysely<Database>): Promise<string[]> {
  const result = await distinctActionsQuery().execute(db);
  return result.rows.map((row) => row.action);
}

/** The first `limit` distinct emails of the log (loose index scan, as above) with the account's name. */
export async function findAuditUsers(
  db: Kysely<Database>,
  limit: number,
): Promise<{ email: string; user_id: string | null; name: string | null }[]> {
  const result = await sql<{ email: string; user_id: string | null; name: string | null }>`
    with recursive emails(email, n) as (
      select min(user_email), 1 from audit_log
      union all
      select (select min(later.user_email) from audit_log later where later.user_email > emails.email), n + 1
      from emails where emails.email is not null and n < ${limit}
    )
    select emails.email as email, users.id as user_id, users.nume as name
    from emails left join users on users.email = emails.email
    where emails.email is not null`.execute(db);
  return result.rows;
}

/** The patient's names and file number, deleted patients included. */
export async function findPatientNames(
  db: Kysely<Database>,
  id: string,
): Promise<{ nume: string; prenume: string; file_number: number } | undefined> {
  return db
    .selectFrom('patients')
    .select(['nume', 'prenume', 'file_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}
