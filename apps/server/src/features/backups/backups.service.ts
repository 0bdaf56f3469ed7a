import { access, constants, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nextBackupAt } from '@odonto/domain/backups';
import type {
  BackupRun,
  BackupSchedule,
  BackupScheduleData,
  BackupSettings,
} from '@odonto/domain/contracts/backups';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';
import type { BlobStore } from '../../files/blob-store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { writeBackupArchive } from './backup-archive';
import { backupFileName, pruneBackups } from './backup-files';
import { Refusal } from './refusal';

export interface BackupsDeps {
  db: Kysely<Database>;
  now: () => Date;
  config: Pick<Config, 'dataDir' | 'database' | 'secretKey'>;
  /** Where the stored files are read from for the archive. */
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

const SCHEDULE_KEY = 'backups';
const RUN_KEY = 'backup-run';
const STALE_SCHEDULE = 'Setările au fost modificate între timp de altcineva. Reîncărcați pagina.';
/** A run still 'running' after this long was left by a server that died: another may start. */
const ABANDONED_AFTER_MS = 6 * 60 * 60_000;

const OFF: BackupSchedule = {
  enabled: false,
  time: '02:00',
  keep: 7,
  directory: '',
  version: 0,
  savedAt: null,
};

export async function readSchedule(
  db: Kysely<Database>,
): Promise<{ schedule: BackupSchedule; text: string | null }> {
  const text = await readSettingText(db, SCHEDULE_KEY);
  if (text === null) return { schedule: OFF, text };
  return { schedule: { ...OFF, ...(JSON.parse(text) as Partial<BackupSchedule>) }, text };
}

export async function readLastRun(
  db: Kysely<Database>,
): Promise<{ run: BackupRun | null; text: string | null }> {
  const text = await readSettingText(db, RUN_KEY);
  return { run: text === null ? null : (JSON.parse(text) as BackupRun), text };
}

/** GET /api/settings/backups. */
export async function readBackupSettings(deps: Pick<BackupsDeps, 'db' | 'now'>): Promise<BackupSettings> {
  const { schedule } = await readSchedule(deps.db);
  const { run } = await readLastRun(deps.db);
  const next = nextBackupAt(schedule, deps.now());
  return { schedule, lastRun: run, nextRunAt: next === null ? null : new Date(next).toISOString() };
}

/** PUT /api/settings/backups: 409 when someone saved since `version`, 422 when the directory cannot be written. */
export async function saveSchedule(
  deps: Pick<BackupsDeps, 'db' | 'now' | 'config'>,
  actor: AuditActor,
  update: BackupScheduleData,
): Promise<BackupSettings> {
  const { schedule, text } = await readSchedule(deps.db);
  if (update.version !== schedule.version) throw new AppError(409, 'conflict', STALE_SCHEDULE);
  if (update.directory !== '') await checkDirectory(update.directory, deps.config.dataDir);
  const at = deps.now();
  const next: BackupSchedule = {
    enabled: update.enabled,
    time: update.time,
    keep: update.keep,
    directory: update.directory,
    version: schedule.version + 1,
    savedAt: at.toISOString(),
  };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await swapSettingText(trx, SCHEDULE_KEY, text, JSON.stringify(next), at.toISOString()))) {
      throw new AppError(409, 'conflict', STALE_SCHEDULE);
    }
    await writeAudit(trx, at, actor, {
      action: 'backup_settings_update',
      entity: 'settings',
      entityId: SCHEDULE_KEY,
      details: { enabled: next.enabled, time: next.time, keep: next.keep, directory: next.directory },
    });
  });
  return readBackupSettings(deps);
}

/** The directory is created if missing and must be writable by the server; never the data dir's files/. */
async function checkDirectory(directory: string, dataDir: string): Promise<void> {
  const refuse = (message: string): never => {
    throw new AppError(422, 'unprocessable', message, { fields: { directory: message } });
  };
  const files = join(dataDir, 'files');
  if (directory === files || directory.startsWith(`${files}/`)) {
    refuse('Copiile nu se pot salva printre fișierele încărcate; alegeți alt director.');
  }
  try {
    await mkdir(directory, { recursive: true });
    await access(directory, constants.W_OK);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    refuse(`Serverul nu poate scrie în directorul ${directory}${code ? ` (${code})` : ''}.`);
  }
}

/**
 * Claims the one backup run (across servers sharing the database, too): the last run's row goes from a
 * finished state to 'running' only if nobody changed it meanwhile. Answers the claimed run and the text
 * to swap from when it ends, or null when a run is already under way.
 */
export async function claimRun(
  deps: Pick<BackupsDeps, 'db' | 'now'>,
  trigger: BackupRun['trigger'],
): Promise<{ run: BackupRun; text: string } | null> {
  const { run: last, text } = await readLastRun(deps.db);
  const at = deps.now();
  if (last?.result === 'running' && at.getTime() - Date.parse(last.startedAt) < ABANDONED_AFTER_MS)
    return null;
  const run: BackupRun = {
    trigger,
    result: 'running',
    startedAt: at.toISOString(),
    finishedAt: null,
    file: null,
    size: null,
    error: null,
  };
  const runningText = JSON.stringify(run);
  if (!(await swapSettingText(deps.db, RUN_KEY, text, runningText, at.toISOString()))) return null;
  return { run, text: runningText };
}

/** Writes the archive of a claimed run, keeps the newest `keep`, and records the outcome (row, audit, log). */
export async function completeRun(
  deps: BackupsDeps,
  claimed: { run: BackupRun; text: string },
  actor: AuditActor,
): Promise<BackupRun> {
  const { schedule } = await readSchedule(deps.db);
  let finished: BackupRun;
  try {
    if (schedule.directory === '') throw new Refusal('Nu este setat directorul copiilor.');
    const written = await writeBackupArchive(
      {
        dataDir: deps.config.dataDir,
        blobs: deps.blobs,
        database: deps.config.database,
        hasConfiguredSecretKey: deps.config.secretKey !== null,
      },
      join(schedule.directory, backupFileName(new Date(claimed.run.startedAt))),
      deps.now,
    );
    const removed = await pruneBackups(schedule.directory, schedule.keep);
    finished = {
      ...claimed.run,
      result: 'ok',
      finishedAt: deps.now().toISOString(),
      file: written.file,
      size: written.size,
    };
    deps.log.info({ file: written.file, size: written.size, removed }, 'backup written');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = error instanceof Refusal ? reason : `Copia nu a putut fi scrisă: ${reason}`;
    finished = { ...claimed.run, result: 'error', finishedAt: deps.now().toISOString(), error: message };
    deps.log.error({ err: error }, 'backup failed');
  }
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Only this run's own claim is replaced: the row cannot have moved on while it was 'running'.
    await swapSettingText(trx, RUN_KEY, claimed.text, JSON.stringify(finished), at.toISOString());
    await writeAudit(trx, at, actor, {
      action: finished.result === 'ok' ? 'backup_run' : 'backup_run_failed',
      entity: 'settings',
      entityId: SCHEDULE_KEY,
      details: { trigger: finished.trigger, file: finished.file, error: finished.error },
    });
  });
  return finished;
}

/** A run the server stopped during: recorded as failed, so the next start does not wait for it. */
export async function markInterrupted(
  deps: Pick<BackupsDeps, 'db' | 'now'>,
  claimed: { run: BackupRun; text: string },
): Promise<void> {
  const at = deps.now().toISOString();
  const run: BackupRun = {
    ...claimed.run,
    result: 'error',
    finishedAt: at,
    error: 'Serverul a fost oprit în timpul copiei; copia nu a fost terminată.',
  };
  await swapSettingText(deps.db, RUN_KEY, claimed.text, JSON.stringify(run), at);
}
