import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect';
import { verifyPassword } from '../features/auth/password.service';
import { runScript } from '../../test/processes';

describe('scripts/create-admin.ts', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'odonto-cli-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function users() {
    const database = await connectDatabase({ kind: 'sqlite', file: join(dataDir, 'odonto.sqlite') });
    try {
      return await database.db.selectFrom('users').selectAll().execute();
    } finally {
      await database.close();
    }
  }

  it('creates an admin with the password from ODONTO_ADMIN_PASSWORD, then refuses the same email', async () => {
    const env = { ODONTO_DATA_DIR: dataDir, ODONTO_ADMIN_PASSWORD: 'Parola-Admin-2026' };
    const created = await runScript(
      'src/scripts/create-admin.ts',
      ['--email', 'Ana@Clinica.test', '--name', 'Ana Pop'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Administrator creat: ana@clinica.test');
    const [user] = await users();
    expect(user).toMatchObject({ email: 'ana@clinica.test', nume: 'Ana Pop', roles: '["admin"]', active: 1 });
    expect(await verifyPassword(user?.password_hash ?? null, 'Parola-Admin-2026')).toBe(true);
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const again = await runScript('src/scripts/create-admin.ts', ['--email', 'ana@clinica.test'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Există deja un utilizator');
  });

  it('reads the password from standard input and checks the password rule', async () => {
    const env = { ODONTO_DATA_DIR: dataDir };
    const weak = await runScript(
      'src/scripts/create-admin.ts',
      ['--email', 'ion@clinica.test'],
      env,
      'scurta\n',
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('cel puțin 10 caractere');

    const ok = await runScript(
      'src/scripts/create-admin.ts',
      ['--email', 'ion@clinica.test'],
      env,
      'Parola-Din-Stdin-1\n',
    );
    expect(ok.code, ok.stderr).toBe(0);
    const [user] = await users();
    expect(user?.nume).toBe('Administrator');
    expect(await verifyPassword(user?.password_hash ?? null, 'Parola-Din-Stdin-1')).toBe(true);
  });
});
