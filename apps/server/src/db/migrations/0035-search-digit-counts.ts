import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { createSearchCounts } from './search-count-triggers';
import type { DialectName } from '../dialect';

/**
 * A search of four to six digits, a phone fragment such as `07221`, counted from a table on both engines
 * (issues 14 and 20, decision 0056). Such a needle is several trigrams, and both indexes answer it by
 * reading the posting lists of them all: FTS5's doclists, pg_trgm's bitmap. A phone's trigrams are few and
 * common (`072` is in most mobile numbers), so those lists grow with the patients: counting the 833 keys
 * that hold `075593` at a million patients reads them whole, 2–6 ms on SQLite.
 *
 * A key's only digits are its phone's, at its end ("nume prenume|prenume nume|digits", patient-search.ts;
 * names are letters only, contracts/patients.ts). `patients_search_digits` holds, for every run of four to
 * six digits inside them, how many keys hold it, counted once a key: a needle of four to six digits is
 * found in a key only there, so that number is the search's exact total. Triggers keep it: statement
 * triggers on the search table (PostgreSQL), as they keep 0033's and 0034's counts; row triggers on the
 * patients (SQLite), as 0002's keep the index.
 */
export function searchDigitCounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await createPostgresDigitCounts(db);
      else await createSqliteDigitCounts(db);
    },
  };
}

async function createPostgresDigitCounts(db: Kysely<unknown>): Promise<void> {
  await createSearchCounts(db, {
    table: 'patients_search_digits',
    item: 'digits',
    itemsOf: (key) => sql`lateral (${postgresRunsOf(key)}) as runs`,
  });
}

/** The distinct runs of four to six digits inside the key's phone (patient-search.ts's isCountedDigits). */
function postgresRunsOf(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select distinct substr(phone, start, size) as digits
    from substring(${key} from '[0-9]*$') as phone, generate_series(4, 6) as size,
      generate_series(1, length(phone) - size + 1) as start`;
}

/**
 * SQLite has neither regular expressions nor set-returning functions in a trigger: the phone is what
 * `rtrim` of the digits leaves after it, and the runs' starts and sizes come from a table of small numbers.
 */
async function createSqliteDigitCounts(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patients_search_digits (digits text primary key, total integer not null) without rowid`.execute(
    db,
  );
  // A phone is at most 16 characters (contracts/patients.ts); the numbers go well past that.
  await sql`create table search_digit_positions (n integer primary key)`.execute(db);
  await sql`
    insert into search_digit_positions (n)
    with recursive numbers (n) as (select 1 union all select n + 1 from numbers where n < 64)
    select n from numbers`.execute(db);
  // Each key's runs counted once, however often they occur in it.
  await sql`
    insert into patients_search_digits (digits, total)
    select ${runAt(sql`phone`)} as digits, count(distinct file_number)
    from (select file_number, ${phoneOf(sql`search_key`)} as phone from patients where deleted_at is null), ${RUN_PLACES}
    where ${isRunPlace(sql`phone`)}
    group by digits`.execute(db);
  const runsOf = (row: 'new' | 'old') => {
    const phone = phoneOf(sql.raw(`${row}.search_key`));
    return sql`select distinct ${runAt(phone)} as digits from ${RUN_PLACES} where ${isRunPlace(phone)}`;
  };
  await sql`
    create trigger patients_search_digits_insert after insert on patients when new.deleted_at is null begin
      ${addRuns(runsOf('new'))}
    end`.execute(db);
  // Leaving the list or a key changed: the old runs go, the new ones come (each only while listed).
  await sql`
    create trigger patients_search_digits_update after update of search_key, deleted_at on patients
    when old.search_key is not new.search_key or (old.deleted_at is null) <> (new.deleted_at is null) begin
      update patients_search_digits set total = total - 1
      where old.deleted_at is null and digits in (${runsOf('old')});
      ${addRuns(runsOf('new'), sql`where new.deleted_at is null`)}
    end`.execute(db);
  await sql`
    create trigger patients_search_digits_delete after delete on patients when old.deleted_at is null begin
      update patients_search_digits set total = total - 1 where digits in (${runsOf('old')});
    end`.execute(db);
}

/** The key's last run of digits: its phone's. */
const phoneOf = (key: RawBuilder<unknown>) => sql`substr(${key}, length(rtrim(${key}, '0123456789')) + 1)`;
/** Every start and size (four to six) of a run inside the phone: a pair of small numbers. */
const RUN_PLACES = sql`search_digit_positions as start, search_digit_positions as size`;
const isRunPlace = (phone: RawBuilder<unknown>) =>
  sql`size.n between 4 and 6 and start.n <= length(${phone}) - size.n + 1`;
const runAt = (phone: RawBuilder<unknown>) => sql`substr(${phone}, start.n, size.n)`;

/** +1 for each of the new key's runs; the `where` also keeps SQLite from reading `on conflict` as a join's. */
const addRuns = (runs: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`where true`) => sql`
  insert into patients_search_digits (digits, total)
  select digits, 1 from (${runs}) ${where}
  on conflict (digits) do update set total = total + 1;`;
