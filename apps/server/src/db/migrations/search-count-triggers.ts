import { sql, type Kysely, type RawBuilder } from 'kysely';

/** A table of counts over the search keys, kept by createSearchCountTriggers (migrations 0033 to 0035). */
export interface SearchCounts {
  /** The table, `(<item> primary key, total integer)`; also names its trigger function and triggers. */
  table: 'patients_search_trigrams' | 'patients_search_words' | 'patients_search_digits';
  /** The item column: what is counted, once a key. */
  item: 'trigram' | 'word' | 'digits';
  /** The FROM items, beside the changed keys `rows`, that yield each key's distinct items as `item`. */
  itemsOf: (rows: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Which items are kept (all, when absent). */
  kept?: RawBuilder<unknown>;
}

/**
 * A table of counts `(<item> text collate "C" primary key, total)` over the search keys (migrations 0034
 * and 0035): created, filled from the search table, kept by createSearchCountTriggers, analysed. Collation
 * "C": the items stay bytes, and a prefix `like 'popesc%'` is a range of the primary key.
 */
export async function createSearchCounts(db: Kysely<unknown>, counts: SearchCounts): Promise<void> {
  const table = sql.raw(counts.table);
  const item = sql.raw(counts.item);
  await sql`create table ${table} (${item} text collate "C" primary key, total integer not null)`.execute(db);
  await sql`
    insert into ${table} (${item}, total)
    select ${item}, count(*) from patients_search, ${counts.itemsOf(sql`patients_search.search_key`)}
    group by ${item}`.execute(db);
  await createSearchCountTriggers(db, counts);
  await sql`analyze ${table}`.execute(db);
}

/**
 * Statement triggers on `patients_search` over the transition tables that keep a table of counts: a bulk
 * load's 500 keys change each item once. The changes are applied in the items' byte order, so two writers
 * lock the rows they share in the same order. `search_path from current`: the function finds the table in
 * the schema the migration ran in.
 */
export async function createSearchCountTriggers(db: Kysely<unknown>, counts: SearchCounts): Promise<void> {
  const table = sql.raw(counts.table);
  const item = sql.raw(counts.item);
  const changes = (rows: 'new_keys' | 'old_keys', change: 1 | -1) =>
    sql`select ${item}, ${sql.lit(change)} as change from ${sql.raw(rows)}, ${counts.itemsOf(sql.raw(`${rows}.search_key`))}`;
  const apply = (changed: RawBuilder<unknown>) => sql`
    insert into ${table} (${item}, total)
    select ${item}, sum(change) from (${changed}) as changes
    ${counts.kept ? sql`where ${counts.kept}` : sql``}
    group by ${item} having sum(change) <> 0 order by ${item} collate "C"
    on conflict (${item}) do update set total = ${table}.total + excluded.total;`;
  await sql`
    create function ${sql.raw(`${counts.table}_follow`)}() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(changes('new_keys', 1))}
      elsif tg_op = 'DELETE' then
        ${apply(changes('old_keys', -1))}
      else
        ${apply(sql`${changes('new_keys', 1)} union all ${changes('old_keys', -1)}`)}
      end if;
      return null;
    end $$`.execute(db);
  await createSearchTableTriggers(db, counts.table);
}

/**
 * Statement triggers `<name>_insert`, `_update` and `_delete` on `patients_search` that run the function
 * `<name>_follow()`, with the changed keys as the transition tables `new_keys` and `old_keys`.
 */
export async function createSearchTableTriggers(db: Kysely<unknown>, name: string): Promise<void> {
  for (const [event, tables] of [
    ['insert', sql`new table as new_keys`],
    ['update', sql`old table as old_keys new table as new_keys`],
    ['delete', sql`old table as old_keys`],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`${name}_${event}`)} after ${sql.raw(event)} on patients_search
      referencing ${tables} for each statement execute function ${sql.raw(`${name}_follow`)}()`.execute(db);
  }
}
