import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { writeAudit } from '../src/plugins/audit';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './build-test-app';
import { createUser } from './factories';

// A PostgreSQL test database used again must be what the next test would have got as a fresh copy of the
// template (reused-databases.ts): no row of the last test, identities restarted, the migrations' rows back;
// and one whose schema a test changed must not be used again.
describe.runIf(TEST_DIALECTS.includes('postgres'))('PostgreSQL test databases used again', () => {
  const opened: TestApp[] = [];
  const build = async () => {
    const app = await buildTestApp({ dialect: 'postgres' });
    opened.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });

  const urlOf = (t: TestApp) => (t.config.database.kind === 'postgres' ? t.config.database.url : '');
  const count = async (t: TestApp, table: 'users' | 'audit_log' | 'patients') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditRow = (t: TestApp) =>
    writeAudit(
      t.db,
      new Date('2026-03-02T09:00:00.000Z'),
      { userId: null, userEmail: 'x@clinica.test', ip: '' },
      {
        action: 'login',
        entity: 'user',
      },
    );

  it('hands the next test the same database as the template left it', async () => {
    const first = await build();
    await createUser(first.db);
    await auditRow(first);
    await auditRow(first);
    await first.db.updateTable('locations').set({ name: 'Sediul schimbat' }).execute();
    await sql`analyze users`.execute(first.db);
    const url = urlOf(first);
    await first.close();

    const second = await build();
    expect(urlOf(second)).toBe(url);
    expect(await count(second, 'users')).toBe(0);
    expect(await count(second, 'audit_log')).toBe(0);
    await auditRow(second);
    const ids = await second.db.selectFrom('audit_log').select('id').execute();
    expect(ids.map((row) => Number(row.id))).toEqual([1]);
    const locations = await sql<{ json: string }>`select json_agg(t)::text as json from locations t`.execute(
      second.db,
    );
    const template = inject('postgresTemplateState');
    expect(locations.rows[0]?.json).toBe(template?.rows.find((row) => row.table === 'locations')?.json);
    const statistics = await sql<{ n: number }>`
      select count(*)::int as n from pg_statistic where starelid = 'users'::regclass`.execute(second.db);
    expect(statistics.rows[0]?.n).toBe(0);
  });

  it('drops a database whose schema the test changed, and hands the next test another', async () => {
    const first = await build();
    await sql`create function fail_write() returns trigger language plpgsql as
              $$ begin raise exception 'disc plin'; end $$`.execute(first.db);
    await sql`create trigger fail_write before insert on patients
              for each row execute function fail_write()`.execute(first.db);
    const url = urlOf(first);
    const name = new URL(url).pathname.slice(1);
    await first.close();

    const second = await build();
    expect(urlOf(second)).not.toBe(url);
    const triggers = await sql<{ n: number }>`
      select count(*)::int as n from pg_trigger where tgname = 'fail_write'`.execute(second.db);
    expect(triggers.rows[0]?.n).toBe(0);
    // close() does not wait for the drop.
    const exists = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(
          second.db,
        )
      ).rows[0]?.n;
    for (let tries = 0; tries < 100 && (await exists()) !== 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists()).toBe(0);
  });
});
