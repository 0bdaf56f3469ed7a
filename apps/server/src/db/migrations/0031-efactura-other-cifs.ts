import type { Kysely, Migration } from 'kysely';

/**
 * The other CIFs the clinic's ANAF authorisation uploads for (issue 14, decision 0050): a clinic group whose
 * location is a firm of its own (its own CUI) sends that location's invoices through the same connection
 * when the authorised person has the right to in ANAF's SPV. A JSON array of digit strings; '[]' for the
 * connections saved before it.
 */
export function efacturaOtherCifs(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('efactura_settings')
        .addColumn('other_cifs', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
    },
  };
}
