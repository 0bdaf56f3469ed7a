import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sending invoices to RO e-Factura (issue 13).
 *
 * - `efactura_settings`: the one ANAF connection (id 'anaf'): environment, optional address overrides, the
 *   OAuth client data (the secret encrypted) and the clinic's CIF.
 * - `efactura_tokens`: the authorisation's access and refresh tokens, encrypted (AES-256-GCM);
 *   `refresh_lock_until` lets one worker renew them while the others wait.
 * - `efactura_oauth_states`: the single-use `state` of each authorisation started, hashed, with its admin.
 * - `efactura_submissions`: one per document (`document_id` unique, so a document is queued once), with the
 *   XML as sent, the state, ANAF's upload index and download id, the answer ZIP (a stored file) and the
 *   worker's claim (`lease`, `claimed_at`).
 */
export function efactura(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('efactura_settings')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('environment', 'text', (col) => col.notNull())
        .addColumn('api_url', 'text')
        .addColumn('oauth_url', 'text')
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('client_secret_enc', 'text')
        .addColumn('redirect_uri', 'text', (col) => col.notNull())
        .addColumn('cif', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addCheckConstraint('efactura_settings_environment', sql`environment in ('test', 'prod')`)
        .execute();

      await db.schema
        .createTable('efactura_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('access_token_enc', 'text', (col) => col.notNull())
        .addColumn('refresh_token_enc', 'text', (col) => col.notNull())
        .addColumn('access_expires_at', 'text', (col) => col.notNull())
        .addColumn('refresh_expires_at', 'text', (col) => col.notNull())
        .addColumn('authorised_at', 'text', (col) => col.notNull())
        .addColumn('authorised_by', 'text')
        .addColumn('refreshed_at', 'text')
        .addColumn('refresh_lock_until', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('efactura_oauth_states')
        .addColumn('state_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text')
        .addColumn('ip', 'text')
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('efactura_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('document_id', 'text', (col) => col.notNull().unique())
        .addColumn('document_kind', 'text', (col) => col.notNull())
        .addColumn('b2c', 'integer', (col) => col.notNull())
        .addColumn('cif', 'text', (col) => col.notNull())
        .addColumn('xml', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('upload_index', 'text')
        .addColumn('download_id', 'text')
        .addColumn('answer_file_id', 'text', (col) => col.references('files.id'))
        .addColumn('errors', 'text')
        .addColumn('last_error', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('polls', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('lease', 'text')
        .addColumn('uploaded_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addCheckConstraint('efactura_submissions_kind', sql`document_kind in ('invoice', 'credit-note')`)
        .addCheckConstraint(
          'efactura_submissions_state',
          sql`state in ('queued', 'uploading', 'uploaded', 'ok', 'nok', 'failed', 'check')`,
        )
        .execute();
      // The worker looks for due rows by state and time.
      await db.schema
        .createIndex('efactura_submissions_due')
        .on('efactura_submissions')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('efactura_submissions_upload_index')
        .on('efactura_submissions')
        .column('upload_index')
        .execute();
    },
  };
}
