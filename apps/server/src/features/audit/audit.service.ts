import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditPatientLabel,
  type AuditActionOption,
  type AuditFilter,
  type AuditListResponse,
  type AuditUserOption,
} from '@odonto/domain/contracts/audit';
import { endOfDay, startOfDay, toIsoDay } from '@odonto/domain/dates';
import { MESSAGES } from '@odonto/domain/messages';
import { countLimit, pagedTotal } from '@odonto/domain/contracts/paging';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { auditCsvLine, CSV_BOM, CSV_HEADER, csvLine } from './audit-csv';
import { toAuditRow } from './audit.presenter';
import {
  countAudit,
  findAuditBatch,
  findAuditPage,
  findAuditUsers,
  findDistinctActions,
  findPatientNames,
  type AuditCursor,
  type AuditListFilter,
} from './audit.queries';

export interface AuditDeps {
  db: Kysely<Database>;
  now: Clock;
}

/** Rows read per query while an export streams: memory stays flat however long the log is. */
export const EXPORT_BATCH_SIZE = 500;
/** The user filter offers at most this many addresses. */
export const AUDIT_USERS_LIMIT = 500;

const DATE_RANGE_MESSAGE = 'Data de început este după data de sfârșit.';
const collator = new Intl.Collator('ro', { sensitivity: 'base' });

/** The query as the list queries take it: whole days in Bucharest, an email or a user id. */
export function toAuditFilter(params: AuditFilter): AuditListFilter {
  const atFrom = params.from ? startOfDay(params.from).toISOString() : undefined;
  const atTo = params.to ? endOfDay(params.to).toISOString() : undefined;
  if (atFrom !== undefined && atTo !== undefined && atFrom > atTo) {
    throw new AppError(400, 'invalid_input', MESSAGES.invalidInput, { fields: { to: DATE_RANGE_MESSAGE } });
  }
  const filter: AuditListFilter = { atFrom, atTo };
  if (params.user !== undefined) {
    // Emails are stored lower-cased; ids never contain '@'.
    if (params.user.includes('@')) filter.userEmail = params.user.toLowerCase();
    else filter.userId = params.user;
  }
  if (params.patient !== undefined) filter.patientId = params.patient;
  if (params.action !== undefined) filter.action = params.action;
  return filter;
}

/**
 * GET /api/audit: one page, newest first, the total (exact up to 1,000, then "more than": decision 0040),
 * and the filtered patient's name.
 */
export async function listAudit(
  db: Kysely<Database>,
  params: AuditFilter & { page: number },
): Promise<AuditListResponse> {
  const filter = toAuditFilter(params);
  const page = { limit: AUDIT_PAGE_SIZE, offset: (params.page - 1) * AUDIT_PAGE_SIZE };
  const limit = countLimit(page);
  const [rows, counted, patient] = await Promise.all([
    findAuditPage(db, filter, page),
    countAudit(db, filter, limit),
    params.patient === undefined ? undefined : findPatientNames(db, params.patient),
  ]);
  return {
    rows: rows.map(toAuditRow),
    ...pagedTotal(counted, limit),
    page: params.page,
    pageSize: AUDIT_PAGE_SIZE,
    patient:
      patient && params.patient !== undefined
        ? {
            id: params.patient,
            label: auditPatientLabel({ ...patient, fileNumber: patient.file_number }),
          }
        : null,
  };
}

/** GET /api/audit/actions: the actions present in the log, by label. */
export async function auditActions(db: Kysely<Database>): Promise<AuditActionOption[]> {
  const actions = await findDistinctActions(db);
  return actions
    .map((action) => ({ action, label: auditActionLabel(action) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** GET /api/audit/users: the addresses present in the log, with the account's current name, by name. */
export async function auditUsers(db: Kysely<Database>): Promise<AuditUserOption[]> {
  const rows = await findAuditUsers(db, AUDIT_USERS_LIMIT);
  return rows
    .map((row) => ({ email: row.email, userId: row.user_id, name: row.name }))
    .sort((a, b) => collator.compare(a.name ?? a.email, b.name ?? b.email));
}

async function* csvChunks(db: Kysely<Database>, filter: AuditListFilter): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvLine(CSV_HEADER), 'utf8');
  let after: AuditCursor | null = null;
  for (;;) {
    const rows = await findAuditBatch(db, filter, after, EXPORT_BATCH_SIZE);
    if (rows.length > 0) yield Buffer.from(rows.map((row) => auditCsvLine(toAuditRow(row))).join(''), 'utf8');
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = { at: last.at, id: Number(last.id) };
  }
}

/**
 * GET /api/audit/export.csv: records who exported which filters, then streams the matching rows
 * (newest first) as a semicolon-separated UTF-8 file with a BOM, the way Romanian Excel opens it.
 */
export async function exportAudit(
  deps: AuditDeps,
  actor: AuditActor,
  params: AuditFilter,
): Promise<{ fileName: string; body: Readable }> {
  const filter = toAuditFilter(params);
  const now = deps.now();
  const filters = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  await writeAudit(deps.db, now, actor, {
    action: 'audit_export',
    entity: 'audit_log',
    details: { filters },
  });
  return { fileName: `jurnal-audit-${toIsoDay(now)}.csv`, body: Readable.from(csvChunks(deps.db, filter)) };
}
