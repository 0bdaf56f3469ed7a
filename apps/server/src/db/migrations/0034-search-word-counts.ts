import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { createSearchCounts } from './search-count-triggers';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL tells at once that a longer search finds more patients than the list counts (issue 14,
 * decision 0055). A search's total is exact up to 1,000; past that the list says "1.000+". The trigram index
 * answers a needle of four or more letters only with a bitmap of every key that holds all its trigrams:
 * `popesc` at a million patients is 20,341 keys, about 9 ms, before the first 1,001 are counted.
 * `patients_search_words` holds, for each word of four or more letters in the search keys, how many keys
 * hold it. Every key that holds a word that starts with the needle holds the needle, so the largest such
 * number is a lower bound of the search's total: when it reaches the list's limit, that is the answer.
 * Statement triggers on the search table keep it, as 0033's keep the counts per trigram. SQLite: nothing to
 * do (its FTS5 index stops counting at the limit).
 */
export function searchWordCounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await createSearchCounts(db, {
        table: 'patients_search_words',
        item: 'word',
        itemsOf: (key) => sql`lateral (${wordsOf(key)}) as words`,
      });
    },
  };
}

/**
 * The distinct words of a key that a needle of four or more letters can start: runs of four or more ASCII
 * letters (a key's names are normalised, patient-search.ts). Each is counted once a key, though the key
 * holds each name twice.
 */
function wordsOf(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select distinct word from regexp_split_to_table(${key}, '[^a-z]+') as word where length(word) >= 4`;
}
