import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { email, passwordProblem } from '@odonto/domain/contracts/auth';
import type { DateWindow } from '@odonto/domain/date-window';
import { PROJECT_ROOT } from './server-dir';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const S3_REQUIRED = ['ODONTO_S3_REGION', 'ODONTO_S3_ACCESS_KEY_ID', 'ODONTO_S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = [...S3_REQUIRED, 'ODONTO_S3_ENDPOINT'] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    ODONTO_DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().default('Odonto <no-reply@odonto.local>'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    // Other origins the app is opened from (comma-separated), e.g. a second name of the same server.
    ALLOWED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s):// URLs, comma-separated' })))
      .default([]),
    SENTRY_DSN: z.url().optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
    SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
    UPLOAD_MAX_MB: z.coerce.number().positive().default(25),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    ODONTO_ADMIN_EMAIL: email.optional(),
    ODONTO_ADMIN_PASSWORD: z.string().optional(),
    ODONTO_ADMIN_NAME: z.string().trim().min(2).max(120).default('Administrator'),
    WEB_DIST_DIR: z.string().optional(),
    // Behind a reverse proxy the client address comes from X-Forwarded-For; lockout counts per address.
    TRUST_PROXY: flag.default(false),
    // How late a failed sign-in is answered once its address has failed 20 times in 15 minutes.
    // The days treatments and appointments may be dated: from 1 January of this year...
    DATE_WINDOW_FIRST_YEAR: z.coerce.number().int().min(1900).max(2100).default(1990),
    // ...to 31 December of the year this many years ahead.
    DATE_WINDOW_YEARS_AHEAD: z.coerce.number().int().min(1).max(100).default(10),
    // How many uploaded images are decoded at once (each takes its whole pixel buffer in memory).
    IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    // How review requests and the public review page name the clinic.
    CLINIC_NAME: z.string().trim().min(1).max(120).default('Clinica dentară'),
    // SMS reminders (notify/sms.ts): the default provider writes each message under <data dir>/outbox/sms/.
    SMS_PROVIDER: z.enum(['file', 'http']).default('file'),
    SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_REMIND_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 14)
      .default(24),
    // The outbox worker (notify/worker.ts) sends due SMS from the server process.
    OUTBOX_WORKER: flag.default(true),
    OUTBOX_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    // Signature stations (server-sent events): how often an open stream is kept alive and its session checked.
    STATION_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(20),
    // Encrypts secrets at rest (the ANAF e-Factura tokens): 32 bytes as 64 hex digits or base64. Unset: a key
    // file created under the data dir on first use.
    ODONTO_SECRET_KEY: z
      .string()
      .trim()
      .refine((value) => secretKeyBytes(value) !== null, 'must be 32 bytes as 64 hex digits or base64')
      .optional(),
    // Stored files on S3-compatible object storage (files/s3-blob-store.ts); unset: under <data dir>/files/.
    ODONTO_S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    // Unset: AWS itself; MinIO, Ceph, Hetzner… give their address, e.g. https://fsn1.your-objectstorage.com.
    ODONTO_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    ODONTO_S3_REGION: z.string().trim().min(1).optional(),
    ODONTO_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    ODONTO_S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    // Addresses the bucket as <endpoint>/<bucket> (MinIO and most self-hosted servers) instead of by host name.
    ODONTO_S3_FORCE_PATH_STYLE: flag.default(false),
    // Keys start with this (e.g. "odonto/"), so one bucket may hold other things too.
    ODONTO_S3_PREFIX: z
      .string()
      .trim()
      .regex(/^([\w.-]+\/)*$/, 'must be folder names each ending in /, e.g. odonto/')
      .default(''),
    // Bench only (bench/hot-path.ts): a file every SQL statement run is appended to.
    ODONTO_SQL_LOG: z.string().trim().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ODONTO_ADMIN_EMAIL && !env.ODONTO_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ODONTO_ADMIN_PASSWORD'],
        message: 'required with ODONTO_ADMIN_EMAIL',
      });
    }
    if (env.ODONTO_ADMIN_EMAIL && env.ODONTO_ADMIN_PASSWORD) {
      const problem = passwordProblem(env.ODONTO_ADMIN_PASSWORD, env.ODONTO_ADMIN_EMAIL);
      if (problem) ctx.addIssue({ code: 'custom', path: ['ODONTO_ADMIN_PASSWORD'], message: problem });
    }
    for (const name of S3_REQUIRED) {
      if (env.ODONTO_S3_BUCKET && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with ODONTO_S3_BUCKET' });
      }
    }
    for (const name of S3_OPTIONAL) {
      if (!env.ODONTO_S3_BUCKET && env[name] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'set ODONTO_S3_BUCKET too, or unset this' });
      }
    }
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required with SMS_PROVIDER=http' });
    }
  });

/** `sqlLog`: bench only (ODONTO_SQL_LOG), a file every statement run is appended to, one JSON line each. */
export type DatabaseConfig = ({ kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }) & {
  sqlLog?: string;
};

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin the users open, without a trailing slash; links in mails start with it. */
  publicUrl: string;
  /**
   * The origins a state-changing call may come from: PUBLIC_URL's and ALLOWED_ORIGINS. `null` when
   * PUBLIC_URL is not set (a trial install): then a call from the address the browser used is accepted.
   */
  allowedOrigins: readonly string[] | null;
  isHttps: boolean;
  sentryDsn: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  uploadMaxBytes: number;
  logLevel: LogLevel;
  bootstrapAdmin: { email: string; password: string; nume: string } | null;
  webDistDir: string;
  trustProxy: boolean;
  /** How many uploaded images are decoded at once; the CPU count unless set. */
  imageDecodeConcurrency: number;
  /** The days a treatment or an appointment may be dated (a typing mistake like year 9999 is refused). */
  dateWindow: DateWindow;
  /** How late a failed sign-in from an address with many failures is answered (lockout.ts). */
  loginSlowdownMs: number;
  /** The clinic's name in review requests and on the public review page. */
  clinicName: string;
  sms: SmsConfig;
  /** Hours before an appointment its SMS reminder is sent. */
  smsRemindHours: number;
  /** Whether `npm start` runs the outbox worker, and how often it looks for due messages. */
  outboxWorker: { enabled: boolean; intervalMs: number };
  /** How often a signature station's event stream gets a heartbeat and its session is checked. */
  stationHeartbeatMs: number;
  /** ODONTO_SECRET_KEY decoded; null: the key file under the data dir. */
  secretKey: Buffer | null;
  /** Where stored files live: this bucket, or (null) `<data dir>/files/`. */
  s3: S3Config | null;
}

/** An S3-compatible bucket for stored files (ODONTO_S3_*). */
export interface S3Config {
  bucket: string;
  /** null: AWS's own address for the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Put before every key: '' or folder names each ending in '/'. */
  prefix: string;
}

export type SmsConfig = { provider: 'file' } | { provider: 'http'; url: string; token: string | null };

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; empty values count as unset. Relative paths resolve against `cwd`. */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = toAbsolute(e.ODONTO_DATA_DIR, cwd);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: {
      ...(e.DATABASE_URL
        ? { kind: 'postgres' as const, url: e.DATABASE_URL }
        : { kind: 'sqlite' as const, file: resolve(dataDir, 'odonto.sqlite') }),
      ...(e.ODONTO_SQL_LOG ? { sqlLog: e.ODONTO_SQL_LOG } : {}),
    },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    allowedOrigins: e.PUBLIC_URL
      ? [...new Set([publicUrl, ...e.ALLOWED_ORIGINS].map((url) => new URL(url).origin))]
      : null,
    isHttps: publicUrl.startsWith('https:'),
    sentryDsn: e.SENTRY_DSN ?? null,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    bootstrapAdmin:
      e.ODONTO_ADMIN_EMAIL && e.ODONTO_ADMIN_PASSWORD
        ? { email: e.ODONTO_ADMIN_EMAIL, password: e.ODONTO_ADMIN_PASSWORD, nume: e.ODONTO_ADMIN_NAME }
        : null,
    webDistDir: e.WEB_DIST_DIR ? toAbsolute(e.WEB_DIST_DIR, cwd) : resolve(PROJECT_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    loginSlowdownMs: e.LOGIN_SLOWDOWN_MS,
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY ?? availableParallelism(),
    dateWindow: { firstYear: e.DATE_WINDOW_FIRST_YEAR, yearsAhead: e.DATE_WINDOW_YEARS_AHEAD },
    clinicName: e.CLINIC_NAME,
    sms:
      e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL
        ? { provider: 'http', url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN ?? null }
        : { provider: 'file' },
    smsRemindHours: e.SMS_REMIND_HOURS,
    outboxWorker: { enabled: e.OUTBOX_WORKER, intervalMs: Math.round(e.OUTBOX_INTERVAL_SECONDS * 1000) },
    stationHeartbeatMs: Math.round(e.STATION_HEARTBEAT_SECONDS * 1000),
    secretKey: e.ODONTO_SECRET_KEY ? secretKeyBytes(e.ODONTO_SECRET_KEY) : null,
    s3:
      e.ODONTO_S3_BUCKET && e.ODONTO_S3_REGION && e.ODONTO_S3_ACCESS_KEY_ID && e.ODONTO_S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.ODONTO_S3_BUCKET,
            endpoint: e.ODONTO_S3_ENDPOINT ?? null,
            region: e.ODONTO_S3_REGION,
            accessKeyId: e.ODONTO_S3_ACCESS_KEY_ID,
            secretAccessKey: e.ODONTO_S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.ODONTO_S3_FORCE_PATH_STYLE,
            prefix: e.ODONTO_S3_PREFIX,
          }
        : null,
  };
}

/** A 256-bit key from 64 hex digits or base64 text; null when it is not one. */
export function secretKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : null;
}

function toAbsolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}
