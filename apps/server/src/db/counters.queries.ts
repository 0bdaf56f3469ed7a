import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * Advances the named counter by `count` (default 1) and answers its new value; the numbers handed out are
 * `value - count + 1 … value`. Call it inside the transaction that uses the numbers: the counter row stays
 * locked until that transaction ends, so concurrent callers get distinct, gap-free numbers on both
 * databases, and a rolled-back insert gives its number back. A counter that does not exist yet starts at 0.
 */
export async function nextCounterValue(trx: Kysely<Database>, name: string, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`counter step must be a positive integer: ${count}`);
  }
  const row = await trx
    .insertInto('counters')
    .values({ name, value: count })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', count) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
