import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * On PostgreSQL, every change to `users` or `sessions` is announced on the channel `odonto_sessions`
 * when it commits (decision 0066): each instance keeps the sessions it has checked lately in memory, and
 * forgets them all when it hears this. A statement trigger, not one per row, and PostgreSQL folds the same
 * notice sent twice in one transaction into one. On SQLite one process serves the clinic and sees its own
 * statements (plugins/session-changes.ts): nothing here.
 */
export function sessionChangeNotices(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function odonto_sessions_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('odonto_sessions', '');
          return null;
        end $$`.execute(db);
      for (const table of ['users', 'sessions']) {
        await sql`
          create trigger ${sql.raw(`${table}_changed`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function odonto_sessions_changed()`.execute(db);
      }
    },
  };
}
