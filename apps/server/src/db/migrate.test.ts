import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

describeEachDialect('database and migrations', ({ useApp, dialect }) => {
  const t = useApp();

  it.runIf(dialect === 'sqlite')(
    'opens SQLite in WAL mode, synchronous=FULL, with foreign keys on',
    async () => {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(t().db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    },
  );

  it('has applied every migration once; running again changes nothing', async () => {
    const names = Object.keys(migrations(t().dialect));
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t().db,
    );
    expect(recorded.rows.map((row) => row.name)).toEqual(names);
    expect(await migrateToLatest(t().db, t().dialect)).toEqual([]);
  });

  it('creates the foundation tables', async () => {
    const tables = (await t().db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'sessions', 'password_resets', 'audit_log', 'outbox', 'settings']),
    );
  });

  it('keeps emails unique and sessions tied to an existing user', async () => {
    const user = await createUser(t().db, { email: 'unic@clinica.test' });
    await expect(createUser(t().db, { email: 'unic@clinica.test' })).rejects.toThrow();
    const at = new Date().toISOString();
    const session = {
      token_hash: 'h',
      created_at: at,
      last_seen_at: at,
      expires_at: at,
      ip: '',
      user_agent: '',
    };
    await expect(
      t()
        .db.insertInto('sessions')
        .values({ ...session, id: 's1', user_id: 'nu-exista' })
        .execute(),
    ).rejects.toThrow();
    await t()
      .db.insertInto('sessions')
      .values({ ...session, id: 's2', user_id: user.id })
      .execute();
    // Deleting a user takes their sessions along.
    await t().db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t().db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('numbers audit rows in order and answers counts as numbers', async () => {
    const row = {
      at: new Date().toISOString(),
      user_id: null,
      user_email: null,
      ip: null,
      entity: null,
      entity_id: null,
      patient_id: null,
      details: null,
    };
    await t()
      .db.insertInto('audit_log')
      .values([
        { ...row, action: 'a' },
        { ...row, action: 'b' },
      ])
      .execute();
    const ids = await t().db.selectFrom('audit_log').select(['id', 'action']).orderBy('id').execute();
    expect(ids.map((r) => r.action)).toEqual(['a', 'b']);
    expect(typeof ids[0]?.id).toBe('number');
    const count = await t()
      .db.selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
  });

  it('refuses an unknown password token purpose and outbox status', async () => {
    const user = await createUser(t().db);
    const at = new Date().toISOString();
    await expect(
      sql`insert into password_resets (id, user_id, token_hash, purpose, expires_at, created_at)
          values ('t1', ${user.id}, 'h', 'other', ${at}, ${at})`.execute(t().db),
    ).rejects.toThrow();
    await expect(
      sql`insert into outbox (id, channel, recipient, body, status, send_after, created_at, updated_at)
          values ('o1', 'mail', 'x', 'y', 'lost', ${at}, ${at}, ${at})`.execute(t().db),
    ).rejects.toThrow();
  });
});
