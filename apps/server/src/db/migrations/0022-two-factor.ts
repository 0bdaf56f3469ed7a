import type { Kysely, Migration } from 'kysely';

/**
 * Two-factor sign-in (issue 16, decision 0027). `user_totp`: one row per user who started or finished
 * setting up TOTP; the key is sealed with the secrets-at-rest key; `enabled_at` is null until a first
 * code confirmed it; `last_used_step` is the 30-second step of the last accepted code, so a code never
 * works twice. `recovery_codes`: sha256 of each single-use code. `sign_in_challenges`: the second step
 * of a sign-in in progress, found by the sha256 of the token in the short-lived `odonto_2fa` cookie.
 */
export function twoFactor(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', (col) => col.notNull())
        .addColumn('enabled_at', 'text')
        .addColumn('last_used_step', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_codes_user_hash')
        .on('recovery_codes')
        .columns(['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('sign_in_challenges')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_challenges_expires')
        .on('sign_in_challenges')
        .column('expires_at')
        .execute();
    },
  };
}
