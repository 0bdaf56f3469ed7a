import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/odonto');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/odonto/data',
      database: { kind: 'sqlite', file: '/srv/odonto/data/odonto.sqlite' },
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      isHttps: false,
      sentryDsn: null,
      sessionIdleMinutes: 120,
      sessionMaxHours: 12,
      uploadMaxBytes: 25 * 1024 * 1024,
      logLevel: 'info',
      bootstrapAdmin: null,
      trustProxy: false,
      s3: null,
    });
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        ODONTO_DATA_DIR: '/var/lib/odonto',
        DATABASE_URL: 'postgres://odonto:secret@db:5432/odonto',
        SMTP_URL: 'smtps://user:pass@mail.example.ro:465',
        MAIL_FROM: 'Clinica <noreply@clinica.ro>',
        PUBLIC_URL: 'https://clinica.ro/',
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/1',
        SESSION_IDLE_MINUTES: '30',
        SESSION_MAX_HOURS: '8',
        UPLOAD_MAX_MB: '10',
        LOG_LEVEL: 'warn',
        ODONTO_ADMIN_EMAIL: ' Admin@Clinica.RO ',
        ODONTO_ADMIN_PASSWORD: 'Parola-Admin-2026',
        ODONTO_ADMIN_NAME: 'Ana Pop',
        WEB_DIST_DIR: 'web',
        TRUST_PROXY: 'true',
        ALLOWED_ORIGINS: 'https://www.clinica.ro, http://10.0.0.5:8080/',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/odonto',
      database: { kind: 'postgres', url: 'postgres://odonto:secret@db:5432/odonto' },
      smtpUrl: 'smtps://user:pass@mail.example.ro:465',
      mailFrom: 'Clinica <noreply@clinica.ro>',
      publicUrl: 'https://clinica.ro',
      allowedOrigins: ['https://clinica.ro', 'https://www.clinica.ro', 'http://10.0.0.5:8080'],
      isHttps: true,
      sentryDsn: 'https://key@o1.ingest.sentry.io/1',
      sessionIdleMinutes: 30,
      sessionMaxHours: 8,
      uploadMaxBytes: 10 * 1024 * 1024,
      logLevel: 'warn',
      bootstrapAdmin: { email: 'admin@clinica.ro', password: 'Parola-Admin-2026', nume: 'Ana Pop' },
      webDistDir: '/srv/web',
      trustProxy: true,
    });
  });

  it('treats empty values as unset and follows PORT in the default PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '3999', DATABASE_URL: '', SMTP_URL: '', SENTRY_DSN: '' }, '/x');
    expect(config.database.kind).toBe('sqlite');
    expect(config.smtpUrl).toBeNull();
    expect(config.sentryDsn).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:3999');
    // No PUBLIC_URL: no list of origins (the CSRF check falls back to the address the browser used).
    expect(config.allowedOrigins).toBeNull();
  });

  it('names every invalid variable', () => {
    const load = () =>
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        SESSION_IDLE_MINUTES: '-5',
        LOG_LEVEL: 'loud',
        ALLOWED_ORIGINS: 'https://ok.ro,ftp://nu',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL[\s\S]*SESSION_IDLE_MINUTES[\s\S]*LOG_LEVEL/);
    expect(load).toThrow(/ALLOWED_ORIGINS\.1: must be http\(s\):\/\/ URLs, comma-separated/);
  });

  it('requires a valid password with ODONTO_ADMIN_EMAIL', () => {
    expect(() => loadConfig({ ODONTO_ADMIN_EMAIL: 'admin@clinica.ro' })).toThrow(
      /ODONTO_ADMIN_PASSWORD: required/,
    );
    expect(() =>
      loadConfig({ ODONTO_ADMIN_EMAIL: 'admin@clinica.ro', ODONTO_ADMIN_PASSWORD: 'scurta' }),
    ).toThrow(/ODONTO_ADMIN_PASSWORD: Parola trebuie să aibă cel puțin 10 caractere/);
    expect(
      loadConfig({ ODONTO_ADMIN_EMAIL: 'a@b.ro', ODONTO_ADMIN_PASSWORD: 'Parola-Admin-2026' }).bootstrapAdmin
        ?.nume,
    ).toBe('Administrator');
  });

  it('stores files on S3 only with a bucket, a region and both keys, and says what is missing', () => {
    const s3 = {
      ODONTO_S3_BUCKET: 'odonto-fisiere',
      ODONTO_S3_ENDPOINT: 'https://fsn1.your-objectstorage.com',
      ODONTO_S3_REGION: 'fsn1',
      ODONTO_S3_ACCESS_KEY_ID: 'cheie',
      ODONTO_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'odonto-fisiere',
      endpoint: 'https://fsn1.your-objectstorage.com',
      region: 'fsn1',
      accessKeyId: 'cheie',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({
        ...s3,
        ODONTO_S3_ENDPOINT: '',
        ODONTO_S3_FORCE_PATH_STYLE: 'true',
        ODONTO_S3_PREFIX: 'odonto/',
      }).s3,
    ).toMatchObject({ endpoint: null, forcePathStyle: true, prefix: 'odonto/' });

    const load = (env: Record<string, string>) => () => loadConfig(env);
    expect(load({ ODONTO_S3_BUCKET: 'odonto-fisiere' })).toThrow(
      /ODONTO_S3_REGION: required with ODONTO_S3_BUCKET[\s\S]*ODONTO_S3_ACCESS_KEY_ID: required[\s\S]*ODONTO_S3_SECRET_ACCESS_KEY: required/,
    );
    expect(load({ ...s3, ODONTO_S3_BUCKET: '' })).toThrow(
      /ODONTO_S3_REGION: set ODONTO_S3_BUCKET too[\s\S]*ODONTO_S3_ENDPOINT: set ODONTO_S3_BUCKET too/,
    );
    expect(load({ ...s3, ODONTO_S3_ENDPOINT: 'fsn1.your-objectstorage.com' })).toThrow(
      /ODONTO_S3_ENDPOINT: must be an http\(s\):\/\/ URL/,
    );
    expect(load({ ...s3, ODONTO_S3_PREFIX: 'odonto' })).toThrow(/ODONTO_S3_PREFIX: must be folder names/);
  });
});
