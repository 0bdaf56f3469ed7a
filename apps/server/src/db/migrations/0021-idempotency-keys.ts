import type { Kysely, Migration } from 'kysely';

/**
 * Retried requests write once (issue 18): the answer to a request sent with an `Idempotency-Key` is kept
 * here for 24 hours, in the database so that every instance sees it. `scope` is the signed-in user's id
 * (keys of different users never meet); `fingerprint` identifies the call and its body, so the same key
 * with another body is refused. A row is 'pending' while its first request runs.
 */
export function idempotencyKeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_headers', 'text')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('completed_at', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  };
}
