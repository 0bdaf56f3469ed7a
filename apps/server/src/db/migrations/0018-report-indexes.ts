import type { Kysely, Migration } from 'kysely';

/**
 * The money reports (decision 0025) read the ledger by day and by month, never by patient:
 * - the cash report sums the cash of every day before one (`method, day, amount_bani` covers it, so the
 *   opening balance is read from the index alone) and narrows the day to one cashier (`created_by, day`);
 * - revenue and the plans report sum a month's charges by day (`day`, `plan_id`);
 * - revenue and commissions sum the allocations made in a month (`created_at`);
 * - receivables read a doctor's charges (`doctor_id, day`).
 */
export function reportIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('payments_cash_day')
        .on('payments')
        .columns(['method', 'day', 'amount_bani'])
        .execute();
      await db.schema
        .createIndex('payments_user_day')
        .on('payments')
        .columns(['created_by', 'day'])
        .execute();
      await db.schema.createIndex('charges_day').on('charges').columns(['day', 'doctor_id']).execute();
      await db.schema.createIndex('charges_doctor_day').on('charges').columns(['doctor_id', 'day']).execute();
      await db.schema
        .createIndex('allocations_created')
        .on('allocations')
        .columns(['created_at', 'charge_id'])
        .execute();
    },
  };
}
