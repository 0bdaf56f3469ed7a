import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { openSqlite } from '../../apps/server/src/db/sqlite-driver';
import type { DemoUser } from '../../apps/server/src/scripts/demo-users';
import type { RunningApp } from './server';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * A dinstitute_admin account on the demo server's data dir. The app grants that role to nobody (only the
 * installer does, DESIGN.md §5), so the account is made with `create-admin` and its role set in the
 * database, as an installer would.
 */
export function addInstituteAdmin(app: RunningApp): DemoUser {
  const user: DemoUser = {
    nume: 'Radu Marinescu',
    // Its own address each time: a retried test adds another account to the same server.
    email: `radu.marinescu.${randomInt(1_000_000)}@clinica-demo.ro`,
    password: 'Demo-Institut-2026',
    roles: ['dinstitute_admin'],
    functie: '',
    telefon: '',
    landing: '/pacienti',
  };
  const made = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/scripts/create-admin.ts',
      '--email',
      user.email,
      '--name',
      user.nume,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ODONTO_DATA_DIR: app.dataDir,
        DATABASE_URL: '',
        ODONTO_ADMIN_PASSWORD: user.password,
      },
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr || made.stdout}`);
  const database = openSqlite(join(app.dataDir, 'odonto.sqlite'));
  try {
    database
      .prepare('UPDATE users SET roles = ? WHERE email = ?')
      .run(JSON.stringify(user.roles), user.email);
  } finally {
    database.close();
  }
  return user;
}
