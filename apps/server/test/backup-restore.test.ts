import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { finished, listening, runScript, startServer } from './processes';
import { adminQuery, databaseUrl, testDatabasePrefix, testDataRoot } from './test-databases';

const ADMIN = { email: 'admin@clinica.test', password: 'Parola-Admin-2026' };
const CSRF = { 'x-requested-with': 'odonto' };
const WRITERS = 8;
/** A PDF is stored as sent, so its bytes after the restore can be compared with those uploaded. */
const pdf = (tag: string) =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${tag}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
/** A number in letters (a name takes only letters): 12 → 'bc'. */
const letters = (value: number) =>
  String(value).replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Acknowledged {
  patientId: string;
  document: { label: string; sha256: string } | null;
}

const DIALECTS = process.env['TEST_DATABASE_URL'] ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/**
 * `npm run backup` while 8 clients write through the API of a real server, `npm run restore` of the archive
 * into a new data dir (and, on PostgreSQL, a new database), and a server started on it: every write
 * acknowledged before the backup began is there, and every uploaded file has the bytes it had.
 */
describe.each(DIALECTS)('backup while 8 clients write, restore, start [%s]', (dialect) => {
  let workDir: string;
  const databases: string[] = [];
  beforeEach(async () => {
    workDir = await mkdtemp(join(testDataRoot(), 'odonto-backup-'));
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
    for (const name of databases.splice(0)) await adminQuery(`drop database if exists ${name} with (force)`);
  });

  async function newDatabase(): Promise<Record<string, string>> {
    if (dialect === 'sqlite') return {};
    const name = `${testDatabasePrefix(inject('postgresTemplate'))}${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    databases.push(name);
    return { DATABASE_URL: databaseUrl(name) };
  }
  const env = (dataDir: string, database: Record<string, string>) => ({
    PORT: '0',
    HOST: '127.0.0.1',
    ODONTO_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    OUTBOX_WORKER: 'false',
    ODONTO_ADMIN_EMAIL: ADMIN.email,
    ODONTO_ADMIN_PASSWORD: ADMIN.password,
    ...database,
  });
  async function signIn(url: string): Promise<string> {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  /** One client: a patient, and every other time a document with its own bytes, until told to stop. */
  async function writer(
    url: string,
    cookie: string,
    index: number,
    acked: Acknowledged[],
    stop: { now: boolean },
  ) {
    for (let n = 0; !stop.now; n += 1) {
      const saved = await fetch(`${url}/api/save-pacient`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...CSRF },
        body: JSON.stringify({ nume: 'Scriitor', prenume: `Client ${letters(index)} ${letters(n)}` }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      const patientId = ((await saved.json()) as { _id: string })._id;
      if (n % 2 === 1) {
        acked.push({ patientId, document: null });
        continue;
      }
      const label = `Doc ${index}-${n}`;
      const bytes = pdf(`${index}-${n}-${randomBytes(8).toString('hex')}`);
      const form = new FormData();
      form.append('obj', JSON.stringify({ kind: 'document', label, date: '2026-03-02' }));
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
      const uploaded = await fetch(`${url}/api/update-doc/${patientId}`, {
        method: 'POST',
        headers: { cookie, ...CSRF },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      acked.push({ patientId, document: { label, sha256: sha256(bytes) } });
    }
  }

  it('every write acknowledged before the backup began is in the restored app, files intact', async () => {
    const sourceDir = join(workDir, 'source');
    const sourceDatabase = await newDatabase();
    const server = startServer(env(sourceDir, sourceDatabase));
    const serverDone = finished(server);
    const url = await listening(server).catch(async (error: Error) => {
      throw new Error(`${error.message} ${(await serverDone).stderr}`);
    });
    const cookies = await Promise.all(Array.from({ length: WRITERS }, () => signIn(url)));

    const acked: Acknowledged[] = [];
    const stop = { now: false };
    let failure: unknown = null;
    const writers = cookies.map((cookie, index) =>
      writer(url, cookie, index, acked, stop).catch((error: unknown) => {
        failure ??= error;
        stop.now = true;
      }),
    );
    // Let the clients write for a while, then take the backup while they go on.
    while (acked.length < 40 && failure === null) await new Promise((resolve) => setTimeout(resolve, 50));
    if (failure !== null) throw failure;
    const beforeBackup = acked.slice();
    const archive = join(workDir, 'copie.tar.gz');
    const backup = await runScript('src/scripts/backup.ts', [archive], env(sourceDir, sourceDatabase));
    const duringBackup = acked.length - beforeBackup.length;
    stop.now = true;
    await Promise.all(writers);
    if (failure !== null) throw failure;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Copie salvată: ${archive}`);
    // The writers did not wait for the backup: it was taken while they wrote.
    expect(duringBackup).toBeGreaterThan(0);
    server.kill('SIGTERM');
    expect((await serverDone).code).toBe(0);

    const targetDir = join(workDir, 'restored');
    const targetDatabase = await newDatabase();
    const restored = await runScript('src/scripts/restore.ts', [archive], env(targetDir, targetDatabase));
    expect(restored.code, restored.stderr + restored.stdout).toBe(0);
    expect(restored.stdout).toContain('sumele de control SHA-256 corecte');

    const second = startServer(env(targetDir, targetDatabase));
    const secondDone = finished(second);
    const secondUrl = await listening(second).catch(async (error: Error) => {
      throw new Error(`${error.message} ${(await secondDone).stderr}`);
    });
    const cookie = await signIn(secondUrl);
    for (const write of beforeBackup) {
      const patient = await fetch(`${secondUrl}/api/get-pacient/${write.patientId}`, { headers: { cookie } });
      expect(patient.status, write.patientId).toBe(200);
      // Read whole: an answer left unread keeps its connection busy in the client.
      await patient.arrayBuffer();
      if (!write.document) continue;
      const documents = (await (
        await fetch(`${secondUrl}/api/documents/${write.patientId}`, { headers: { cookie } })
      ).json()) as { document: { id: string; label: string }[] };
      const document = documents.document.find((item) => item.label === write.document?.label);
      expect(document, write.document.label).toBeDefined();
      const file = await fetch(`${secondUrl}/api/documents/${write.patientId}/${document?.id ?? ''}/file`, {
        headers: { cookie },
      });
      expect(file.status).toBe(200);
      expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(write.document.sha256);
    }
    second.kill('SIGTERM');
    const { code, stdout, stderr } = await secondDone;
    // Seen once in CI: exit code 1 on SIGTERM. The warnings and errors it logged say why next time.
    const problems = stdout.split('\n').filter((line) => /"level":(?:40|50|60)/.test(line));
    expect(code, [stderr, ...problems].join('\n')).toBe(0);
    // The archive's schema is this version's: the restored app starts without migrating anything.
    expect(stdout).not.toContain('database migrated');
  }, 300_000);
});
