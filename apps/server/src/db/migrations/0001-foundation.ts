import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementColumn, type DialectName } from '../dialect';

/** Users, sessions, password tokens, the audit log, the outbox and settings (issue 2). */
export function foundation(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('nume', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('telefon', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('functie', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('password_hash', 'text')
        .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('password_resets_purpose', sql`purpose in ('reset', 'invite')`)
        .execute();
      await db.schema
        .createIndex('password_resets_user_id')
        .on('password_resets')
        .column('user_id')
        .execute();

      const id = autoIncrementColumn(dialect);
      await db.schema
        .createTable('audit_log')
        .addColumn('id', id.type, id.build)
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text')
        .addColumn('ip', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('entity', 'text')
        .addColumn('entity_id', 'text')
        .addColumn('patient_id', 'text')
        .addColumn('details', 'text')
        .execute();
      // Sign-in lockout counts recent failures per account and per address.
      await db.schema
        .createIndex('audit_log_email_action_at')
        .on('audit_log')
        .columns(['user_email', 'action', 'at'])
        .execute();
      await db.schema
        .createIndex('audit_log_ip_action_at')
        .on('audit_log')
        .columns(['ip', 'action', 'at'])
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('send_after', 'text', (col) => col.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addCheckConstraint('outbox_channel', sql`channel in ('mail', 'sms')`)
        .addCheckConstraint('outbox_status', sql`status in ('queued', 'sent', 'failed')`)
        .execute();
      await db.schema
        .createIndex('outbox_status_send_after')
        .on('outbox')
        .columns(['status', 'send_after'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
