import { z } from 'zod';

/** A time of day as the schedule takes it, 24-hour HH:mm. */
export const backupTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ora se scrie HH:mm (24 de ore), de exemplu 02:30.');

/** The scheduled backup as stored and answered (issue 16). */
export const backupSchedule = z.object({
  enabled: z.boolean(),
  /** The time of day in the clinic's time zone (Europe/Bucharest). */
  time: z.string(),
  /** How many of the scheduled archives in the directory are kept; older ones are deleted. */
  keep: z.number().int(),
  /** An absolute directory on the server; '' until an admin sets one. */
  directory: z.string(),
  /** 0 until an admin first saves it; a save sends the version it started from. */
  version: z.number().int(),
  /** When it was last saved: a schedule never runs for a time of day that passed before it was turned on. */
  savedAt: z.string().nullable(),
});
export type BackupSchedule = z.infer<typeof backupSchedule>;

// An absolute path on the server: '/…' (Linux, macOS) or 'C:\…' (Windows).
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/])/;

/** PUT /api/settings/backups. */
export const backupScheduleUpdate = z
  .strictObject({
    enabled: z.boolean(),
    time: backupTime,
    keep: z
      .number({ error: 'Scrieți câte copii se păstrează.' })
      .int('Scrieți un număr întreg.')
      .min(1, 'Se păstrează cel puțin o copie.')
      .max(365, 'Se pot păstra cel mult 365 de copii.'),
    directory: z
      .string()
      .trim()
      .max(500, 'Calea este prea lungă.')
      .refine((value) => value === '' || ABSOLUTE_PATH.test(value), {
        message: 'Scrieți calea completă a directorului, de exemplu /var/backups/odonto.',
      }),
    version: z.number().int().min(0),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.directory === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['directory'],
        message: 'Scrieți directorul în care se salvează copiile.',
      });
    }
  });
export type BackupScheduleUpdate = z.input<typeof backupScheduleUpdate>;
export type BackupScheduleData = z.output<typeof backupScheduleUpdate>;

export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
export const BACKUP_RESULTS = ['running', 'ok', 'error'] as const;

/** The last backup the server ran (scheduled or "Rulează acum"). */
export const backupRun = z.object({
  trigger: z.enum(BACKUP_TRIGGERS),
  result: z.enum(BACKUP_RESULTS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The archive's path on the server, once written. */
  file: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Why it failed, in Romanian. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRun>;

/** GET /api/settings/backups. */
export const backupSettings = z.object({
  schedule: backupSchedule,
  lastRun: backupRun.nullable(),
  /** When the schedule runs next (ISO), null while it is off. */
  nextRunAt: z.string().nullable(),
});
export type BackupSettings = z.infer<typeof backupSettings>;
