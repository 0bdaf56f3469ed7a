import { CompiledQuery, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { vacuumAfterBulkLoad, type DialectName } from '../../db/dialect';
import { describeEachDialect } from '../../../test/build-test-app';
import { bulkPatients } from '../../../test/capped-total';
import { call } from '../../../test/http';
import { planSearch } from './patient-search';
import { BULK_LOAD_COUNTS, insertPatients, type BulkPatient } from './patients-bulk';
import {
  patientCountQuery,
  patientPageQuery,
  SEARCH_WINDOW,
  type PatientListFilter,
} from './patients-list.queries';
import { countedPatientPageQuery } from './patients-list-counted.queries';
import { toFilter } from './patients-list.service';
import {
  createPatientVia,
  digitCountsBothWays,
  digitRunsBothWays,
  listVia,
  patientForm,
  signIn,
} from './patients.test-support';

const SURNAMES = ['Popescu', 'Ionescu', 'Dumitrescu', 'Stan', 'Gheorghiu', 'Munteanu', 'Matei', 'Ciobanu'];
const NAMES = ['Ion', 'Maria', 'Elena', 'Andrei', 'Ștefan', 'Ana', 'Mihaela', 'Vlad'];

function generated(count: number, start = new Date('2025-01-01T08:00:00.000Z')): BulkPatient[] {
  return bulkPatients(count, start, (i) => ({
    nume: SURNAMES[i % SURNAMES.length] ?? '',
    prenume: NAMES[(i * 7) % NAMES.length] ?? '',
    telefon: `07${String(10_000_000 + i * 7919).padStart(8, '0')}`,
    judet: i % 3 === 0 ? 'Argeș' : 'Cluj',
  }));
}

async function explain(
  db: Kysely<Database>,
  dialect: DialectName,
  query: { compile(): CompiledQuery },
): Promise<string> {
  const compiled = query.compile();
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  return result.rows.map((row) => String(row['detail'] ?? row['QUERY PLAN'] ?? '')).join('\n');
}

const searchFor = (q: string, extra: Partial<PatientListFilter> = {}): PatientListFilter => ({
  ...toFilter({ page: 1 }),
  search: planSearch(q),
  ...extra,
});

describeEachDialect('patient search index', ({ useApp, dialect }) => {
  const t = useApp();

  it('bulk-inserts with file numbers after the API ones, and the search finds the new rows', async () => {
    const cookie = await signIn(t(), 'medic');
    await createPatientVia(t().app, cookie, { nume: 'Primul' });
    const ids = await insertPatients(t().db, generated(1200));
    expect(ids).toHaveLength(1200);
    const numbers = await t()
      .db.selectFrom('patients')
      .select('file_number')
      .orderBy('file_number')
      .execute();
    expect(numbers.map((row) => row.file_number)).toEqual(Array.from({ length: 1201 }, (_, i) => i + 1));
    const next = await createPatientVia(t().app, cookie, { nume: 'Urmatorul' });
    expect(next.id).toBe(1202);
    expect((await listVia(t().app, cookie, { q: 'stefan dumitrescu' })).total).toBe(
      generated(1200).filter((p) => p.nume === 'Dumitrescu' && p.prenume === 'Ștefan').length,
    );
    expect((await listVia(t().app, cookie, { judet: 'arges' })).total).toBe(400);
    expect((await listVia(t().app, cookie, { q: '0710000000' })).pacienti.map((p) => p.nume)).toEqual([
      'Popescu',
    ]);
  });

  it('keeps the index in step with renames and removals', async () => {
    const cookie = await signIn(t(), 'medic');
    const saved = await createPatientVia(t().app, cookie, { nume: 'Vechi' });
    const renamed = await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${saved._id}`,
      cookie,
      body: { ...patientForm({ nume: 'Noul' }), version: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await listVia(t().app, cookie, { q: 'vechi' })).total).toBe(0);
    expect((await listVia(t().app, cookie, { q: 'noul' })).total).toBe(1);
    await t().db.deleteFrom('patients').where('id', '=', saved._id).execute();
    expect((await listVia(t().app, cookie, { q: 'noul' })).total).toBe(0);
    const left = await sql<{ n: number }>`select count(*) as n from patients_search`.execute(t().db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('takes a deleted patient out of the search and puts it back on restore', async () => {
    const medic = await signIn(t(), 'medic');
    const admin = await signIn(t(), 'admin');
    const saved = await createPatientVia(t().app, medic, { nume: 'Ascunsescu', telefon: '0799111222' });
    await createPatientVia(t().app, medic, { nume: 'Ramasescu' });
    const found = async (q: string) => (await listVia(t().app, admin, { q })).pacienti.map((p) => p.id);
    // The search table of either database (SQLite's FTS5 one, PostgreSQL's of migration 0026).
    const indexed = async () =>
      (
        await sql<{ n: number }>`select rowid as n from patients_search order by rowid`.execute(t().db)
      ).rows.map((row) => Number(row.n));
    expect(await found('ascunsescu')).toEqual([saved.id]);

    await call(t().app, { url: `/api/delete-pacient/${saved._id}`, cookie: medic });
    expect(await found('ascunsescu')).toEqual([]);
    expect(await found('0799 111')).toEqual([]);
    expect(await found('escu')).toEqual([saved.id + 1]);
    expect((await listVia(t().app, admin, { q: 'escu' })).total).toBe(1);
    expect(await indexed()).toEqual([saved.id + 1]);
    // Among the deleted ones, the admin still finds it by name.
    const bin = await listVia(t().app, admin, { deleted: 'true', q: 'ascunsescu' });
    expect(bin).toMatchObject({ total: 1, pacienti: [{ id: saved.id }] });

    await call(t().app, { method: 'POST', url: `/api/restore-pacient/${saved._id}`, cookie: admin });
    expect(await found('ascunsescu')).toEqual([saved.id]);
    expect(await found('0799 111')).toEqual([saved.id]);
    expect(await found('escu')).toEqual([saved.id + 1, saved.id]);
    expect(await indexed()).toEqual([saved.id, saved.id + 1]);
    // A rename while restored reaches the index; a hard delete of a deleted patient leaves it clean.
    await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${saved._id}`,
      cookie: medic,
      body: { ...patientForm({ nume: 'Noulescu', telefon: '0799111222' }), version: saved.version },
    });
    expect(await found('ascunsescu')).toEqual([]);
    expect(await found('noulescu')).toEqual([saved.id]);
    await call(t().app, { url: `/api/delete-pacient/${saved._id}`, cookie: medic });
    await t().db.deleteFrom('patients').where('id', '=', saved._id).execute();
    expect(await found('escu')).toEqual([saved.id + 1]);
    expect(await indexed()).toEqual([saved.id + 1]);
  });

  it('keeps the counts per filter combination and the search table equal to the patients not deleted', async () => {
    const medic = await signIn(t(), 'medic');
    const ids = await insertPatients(t().db, generated(300));
    const saved = await createPatientVia(t().app, medic, { judet: 'Cluj', oras: 'Dej', igienizare: true });
    await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${saved._id}`,
      cookie: medic,
      body: { ...patientForm({ judet: 'Bihor', oras: 'Oradea', medic: 'Dr. Pop' }), version: saved.version },
    });
    for (const id of ids.slice(0, 20))
      await call(t().app, { url: `/api/delete-pacient/${id}`, cookie: medic });
    await t().db.deleteFrom('patients').where('id', 'in', ids.slice(10, 30)).execute();
    await t()
      .db.updateTable('patients')
      .set({ deleted_at: null })
      .where('id', 'in', ids.slice(0, 5))
      .execute();
    await t()
      .db.updateTable('patients')
      .set({ judet_norm: 'cluj' })
      .where('file_number', '<=', 100)
      .execute();
    // Keys changed in bulk (their phones' digits too: one more, or the last two replaced, so that some runs
    // of digits go), some of deleted patients among them.
    await t()
      .db.updateTable('patients')
      .set({ search_key: sql`search_key || '9'` })
      .where('file_number', '>=', 15)
      .where('file_number', '<=', 250)
      .execute();
    await t()
      .db.updateTable('patients')
      .set({ search_key: sql`substr(search_key, 1, length(search_key) - 2) || '58'` })
      .where('file_number', '>=', 200)
      .where('file_number', '<=', 280)
      .execute();

    const counted = await sql<Record<string, unknown>>`
      select judet_norm, oras_norm, tara_norm, medic_norm, igienizare, total
      from patient_counts where total <> 0 order by 1, 2, 3, 4, 5`.execute(t().db);
    const actual = await sql<Record<string, unknown>>`
      select judet_norm, oras_norm, tara_norm, medic_norm, igienizare, count(*) as total
      from patients where deleted_at is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(t().db);
    const numbers = (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({ ...row, igienizare: Number(row['igienizare']), total: Number(row['total']) }));
    expect(numbers(counted.rows)).toEqual(numbers(actual.rows));
    // The search table followed the same writes: the keys of exactly the patients not deleted.
    const keys = async (query: ReturnType<typeof sql<{ n: number; key: string }>>) =>
      (await query.execute(t().db)).rows.map((row) => [Number(row.n), row.key]);
    expect(await keys(sql`select rowid as n, search_key as key from patients_search order by rowid`)).toEqual(
      await keys(
        sql`select file_number as n, search_key as key from patients where deleted_at is null order by file_number`,
      ),
    );
    expect((await listVia(t().app, medic)).total).toBe(300 + 1 - 30 + 5);
    // The counts per run of four to six digits (migration 0035) over the same keys, counted here anew.
    const digitCounts = await digitCountsBothWays(t().db);
    expect(digitCounts.recounted.size).toBeGreaterThan(1000);
    expect(digitCounts.kept).toEqual(digitCounts.recounted);
    expect((await listVia(t().app, medic, { judet: 'bihor', medic: 'dr. pop' })).total).toBe(1);
    if (dialect === 'postgres') {
      // And each key's runs of six digits with its file number (migration 0036), over those keys.
      const digitRuns = await digitRunsBothWays(t().db);
      expect(digitRuns.recounted.length).toBeGreaterThan(1000);
      expect(digitRuns.kept).toEqual(digitRuns.recounted);
      // And the counts per trigram (migration 0033): each trigram of letters or digits, over those keys.
      const perTrigram = async (query: ReturnType<typeof sql<{ trigram: string; total: number }>>) =>
        (await query.execute(t().db)).rows.map((row) => [row.trigram, Number(row.total)]);
      const kept = await perTrigram(
        sql`select trigram, total from patients_search_trigrams where total <> 0 order by trigram collate "C"`,
      );
      expect(kept.length).toBeGreaterThan(100);
      expect(kept).toEqual(
        await perTrigram(sql`
          select trigram, count(*) as total from patients_search, unnest(show_trgm(search_key)) as trigram
          where trigram ~ '^[a-z0-9]{3}$' group by trigram order by trigram collate "C"`),
      );
      // And the counts per word of four or more letters (migration 0034), each key counted once a word.
      const perWord = async (query: ReturnType<typeof sql<{ word: string; total: number }>>) =>
        (await query.execute(t().db)).rows.map((row) => [row.word, Number(row.total)]);
      const keptWords = await perWord(
        sql`select word, total from patients_search_words where total <> 0 order by word`,
      );
      expect(keptWords.length).toBeGreaterThan(10);
      expect(keptWords).toEqual(
        await perWord(sql`
          select word, count(distinct rowid) as total
          from patients_search, regexp_split_to_table(search_key, '[^a-z]+') as word
          where length(word) >= 4 group by word order by word collate "C"`),
      );
    }
  });

  it('counts a search of three letters or digits, or of a phone fragment, as many as the keys that hold it', async () => {
    const medic = await signIn(t(), 'medic');
    const ids = await insertPatients(t().db, generated(300));
    await createPatientVia(t().app, medic, {
      nume: 'Ștefănescu-Pop',
      prenume: "D'Angelo",
      telefon: '0744 555 666',
    });
    for (const id of ids.slice(0, 12))
      await call(t().app, { url: `/api/delete-pacient/${id}`, cookie: medic });
    // Letters, digits, a phone typed with a space, needles that are not one trigram (a space, a dash), and
    // phone fragments of four to six digits (PostgreSQL: migration 0035) and longer.
    const needles = ['pop', 'esc', 'ion', 'ste', 'zzz', '071', '555', '55 56', 'u p', 'u-p', "d'a", 'ang'];
    const fragments = ['0710', '0710 0', '071 000', '7919', '5556', '0744 555', '0744 5556', '0000 0'];
    for (const q of [...needles, ...fragments]) {
      const needle = planSearch(q);
      if (needle.kind !== 'trigram') throw new Error(`not searched through the index: ${q}`);
      const holding = await sql<{ n: number }>`
        select count(*) as n from patients
        where deleted_at is null and search_key like ${`%${needle.needle}%`}`.execute(t().db);
      const listed = await listVia(t().app, medic, { q });
      expect(listed.total, q).toBe(Number(holding.rows[0]?.n));
      expect(listed.pacienti.length, q).toBe(Math.min(listed.total, 10));
    }
  });

  it('pages a search newest first, whether the newest keys hold the page or not', async () => {
    // More patients than a PostgreSQL search walks before asking the planner (SEARCH_WINDOW): a needle
    // that many of the newest keys hold, one whose few matches straddle the window's edge, one only older.
    const count = SEARCH_WINDOW + 300;
    const inWindow = (i: number) => i >= count - SEARCH_WINDOW;
    const straddling = (i: number) => i < 20 || (i >= count - 40 && i < count - 35);
    await insertPatients(
      t().db,
      bulkPatients(count, new Date('2025-01-01T08:00:00.000Z'), (i) => ({
        nume: SURNAMES[i % SURNAMES.length] ?? '',
        prenume: straddling(i)
          ? 'Zamfira'
          : i === 25 || i === 26
            ? 'Olimpia'
            : i === count - 3 || i === count - 5
              ? 'Xenia'
              : 'Ion',
      })),
    );
    expect(inWindow(count - 36) && !inWindow(19)).toBe(true);
    const medic = await signIn(t(), 'medic');
    for (const [q, pages] of [
      ['popescu', [1, 2, 3, 27, 29, 30]],
      ['zamfira', [1, 2, 3, 4]],
      ['olimpia', [1, 2]],
      // Three letters, counted from the kept counts: the newest keys first, then the planner (decision 0072).
      ['pop', [1, 2, 30]],
      ['zam', [1, 2, 3, 4]],
      ['oli', [1, 2]],
      ['xen', [1, 2]],
    ] as const) {
      const holding = await sql<{ file_number: number }>`
        select file_number from patients where deleted_at is null and search_key like ${`%${q}%`}
        order by file_number desc`.execute(t().db);
      const expected = holding.rows.map((row) => Number(row.file_number));
      expect(expected.length, q).toBeGreaterThan(1);
      for (const page of pages) {
        const listed = await listVia(t().app, medic, { q, page: String(page) });
        expect(listed.total, q).toBe(expected.length);
        expect(
          listed.pacienti.map((p) => p.id),
          `${q}, page ${page}`,
        ).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
    }
    if (dialect === 'postgres') {
      // The newest keys alone answer a needle whose every match they hold, fewer than a page (decision
      // 0072); one whose page they do not hold gets an empty page, and the planner's statement runs next.
      const windowPage = (q: string) =>
        countedPatientPageQuery(
          t().db,
          toFilter({ q, page: 1 }),
          { limit: 10, offset: 0 },
          1001,
          true,
        ).execute();
      expect((await windowPage('xen')).map((row) => row.prenume)).toEqual(['Xenia', 'Xenia']);
      expect((await windowPage('zam')).map((row) => row.id)).toEqual([null]);
    }
  });

  it('pages a search of digits newest first, a common one or a rare one, with a filter or not', async () => {
    // More patients than a search walks before asking the planner (SEARCH_WINDOW). Phones where `0744` is
    // common, `075593` rare and spread through the file numbers, and `123456` in a few keys only; a patient
    // of the rare ones deleted (no longer listed), and another's key changed (its runs follow).
    const phone = (i: number) =>
      i % 97 === 0
        ? `075593${String(i).padStart(4, '0')}`
        : i % 401 === 0
          ? `0123456${i % 10}00`
          : `0744${String(500_000 + i * 37).padStart(6, '0')}`;
    const ids = await insertPatients(
      t().db,
      bulkPatients(SEARCH_WINDOW + 700, new Date('2025-01-01T08:00:00.000Z'), (i) => ({
        nume: SURNAMES[i % SURNAMES.length] ?? '',
        prenume: NAMES[i % NAMES.length] ?? '',
        telefon: phone(i),
        judet: i % 3 === 0 ? 'Argeș' : 'Cluj',
      })),
    );
    const medic = await signIn(t(), 'medic');
    await call(t().app, { url: `/api/delete-pacient/${ids[97 * 3]}`, cookie: medic });
    await t()
      .db.updateTable('patients')
      .set({ search_key: sql`search_key || '1'` })
      .where('file_number', '=', 97 * 5 + 1)
      .execute();
    const live = await t()
      .db.selectFrom('patients')
      .select(['file_number', 'search_key', 'judet_norm'])
      .where('deleted_at', 'is', null)
      .orderBy('file_number', 'desc')
      .execute();
    // Each needle, the pages asked for, and how many patients it finds at least.
    for (const [q, judet, pages, atLeast] of [
      ['0744 5', undefined, [1, 2, 50], 1000],
      ['5593 0', undefined, [1, 2], 10],
      ['0123', undefined, [1], 6],
      ['075593', undefined, [1, 2, 3], 25],
      ['0755 9301 94', undefined, [1], 1],
      ['5593', 'cluj', [1, 2], 15],
      ['075593', 'cluj', [1, 2], 15],
      ['123456', undefined, [1], 6],
      ['1234563', undefined, [1], 1],
      ['0000000000', undefined, [1], 0],
    ] as const) {
      const needle = planSearch(q);
      if (needle.kind !== 'trigram') throw new Error(`not searched through the index: ${q}`);
      const expected = live
        .filter((row) => row.search_key.includes(needle.needle) && (!judet || row.judet_norm === judet))
        .map((row) => Number(row.file_number));
      expect(expected.length, q).toBeGreaterThanOrEqual(atLeast);
      for (const page of pages) {
        const listed = await listVia(t().app, medic, { q, page: String(page), ...(judet ? { judet } : {}) });
        expect(listed.total, q).toBe(Math.min(expected.length, 1000));
        expect(
          listed.pacienti.map((p) => p.id),
          `${q}, page ${page}`,
        ).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
    }
  });

  it('orders by file number, the order patients were created in; a creation-date range by the creation time', async () => {
    const cookie = await signIn(t(), 'medic');
    // A loader that does not sort by creation time: file numbers decide the list's order, and the creation
    // time that of a range of creation days (the two agree for every patient saved through the app).
    const patients = generated(3).map((patient, i) => ({
      ...patient,
      createdAt: new Date(Date.UTC(2025, 0, 10 - i * 3)),
    }));
    await insertPatients(t().db, patients);
    const list = await listVia(t().app, cookie);
    expect(list.pacienti.map((p) => p.id)).toEqual([3, 2, 1]);
    expect((await listVia(t().app, cookie, { q: 'escu' })).pacienti.map((p) => p.id)).toEqual([3, 2, 1]);
    const ranges: Record<string, string>[] = [
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2025-01-01' },
      { to: '2025-01-31' },
    ];
    for (const range of ranges)
      expect(
        (await listVia(t().app, cookie, range)).pacienti.map((p) => p.id),
        JSON.stringify(range),
      ).toEqual([1, 2, 3]);
  });

  it('pages a creation-date range newest first, by creation time, then file number; beside a filter by file number', async () => {
    // Creation times out of file-number order, several patients on one day, so each order is seen.
    const patients = generated(120).map((patient, i) => ({
      ...patient,
      createdAt: new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 60) * 86_400_000),
    }));
    await insertPatients(t().db, patients);
    const ranges: Partial<PatientListFilter>[] = [
      { createdFrom: '2025-02-01T00:00:00.000Z', createdTo: '2025-03-15T00:00:00.000Z' },
      { createdTo: '2025-01-20T00:00:00.000Z' },
      { createdFrom: '2025-02-15T00:00:00.000Z' },
      { createdFrom: '2025-02-01T00:00:00.000Z', createdTo: '2025-03-15T00:00:00.000Z', judet: 'cluj' },
    ];
    for (const range of ranges) {
      const filter = { ...toFilter({ page: 1 }), ...range };
      const byCreation = range.judet === undefined;
      const expected = patients
        .map((patient, i) => ({ id: i + 1, at: patient.createdAt.toISOString(), judet: patient.judet }))
        .filter(({ at }) => (range.createdFrom ?? '') <= at && at <= (range.createdTo ?? '9'))
        .filter(({ judet }) => byCreation || judet === 'Cluj')
        .sort((a, b) => (byCreation && a.at !== b.at ? b.at.localeCompare(a.at) : b.id - a.id))
        .map(({ id }) => id);
      for (const offset of [0, 10]) {
        const rows = await patientPageQuery(t().db, dialect, filter, { limit: 10, offset }).execute();
        expect(rows.map((row) => Number(row.file_number))).toEqual(expected.slice(offset, offset + 10));
      }
      expect(Number((await patientCountQuery(t().db, dialect, filter).execute())[0]?.total)).toBe(
        expected.length,
      );
    }
  });

  describe.runIf(dialect === 'sqlite')('SQLite query plans (no ANALYZE, as in production)', () => {
    const plan = async (query: { compile(): CompiledQuery }) => explain(t().db, 'sqlite', query);
    const page = (filter: PatientListFilter) =>
      patientPageQuery(t().db, 'sqlite', filter, { limit: 10, offset: 0 });
    const count = (filter: PatientListFilter) => patientCountQuery(t().db, 'sqlite', filter);
    const SCAN_PATIENTS = /^SCAN patients(\s|$)/m;
    const listFilter = (extra: Partial<PatientListFilter> = {}) => ({ ...toFilter({ page: 1 }), ...extra });
    // After a page's own steps, each of its rows' open plan amount: a sum through the plans' patient index.
    const PLAN_AMOUNT_STEPS =
      '\nCORRELATED SCALAR SUBQUERY 1\nSEARCH treatment_plans USING INDEX treatment_plans_patient (patient_id=?)';
    const pagePlan = async (filter: PatientListFilter) => {
      const steps = await plan(page(filter));
      expect(steps.endsWith(PLAN_AMOUNT_STEPS), steps).toBe(true);
      return steps.slice(0, -PLAN_AMOUNT_STEPS.length);
    };

    it('finds 3+ character matches through the FTS5 table, never by scanning patients', async () => {
      await insertPatients(t().db, generated(300));
      // A search alone: the index counts its own matches and hands the page over newest first.
      const searchCount = await plan(count(searchFor('popescu')));
      expect(searchCount).toContain('patients_search VIRTUAL TABLE');
      expect(searchCount).not.toMatch(/\bpatients\b(?!_search)/);
      const searchPage = await plan(page(searchFor('popescu')));
      expect(searchPage).toMatch(/^SCAN patients_search VIRTUAL TABLE/m);
      expect(searchPage).toContain('SEARCH patients USING');
      expect(searchPage).not.toContain('TEMP B-TREE');
      // With a filter: each match is checked in the filter's index.
      for (const query of [
        page(searchFor('ste', { judet: 'arges' })),
        count(searchFor('ste', { judet: 'arges' })),
      ]) {
        const text = await plan(query);
        expect(text).toMatch(/^SCAN patients_search VIRTUAL TABLE/m);
        expect(text).toContain('USING INDEX patients_live_judet_norm (judet_norm=? AND file_number=?)');
        expect(text).not.toMatch(SCAN_PATIENTS);
      }
    });

    it('counts from the per-combination counts or a partial index, never by scanning patients', async () => {
      await insertPatients(t().db, generated(300));
      for (const filter of [
        listFilter(),
        listFilter({ judet: 'cluj' }),
        listFilter({ medic: 'x', isIgienizare: true }),
      ]) {
        const text = await plan(count(filter));
        expect(text).toMatch(/patient_counts/);
        expect(text).not.toMatch(/\bpatients\b/);
      }
      const dated = await plan(count(listFilter({ createdFrom: '2025-01-01T00:00:00.000Z' })));
      expect(dated).toContain('USING INDEX patients_live_created_at (created_at>?)');
      expect(dated).not.toMatch(SCAN_PATIENTS);
      expect(await plan(count(listFilter({ isDeleted: true })))).toContain('USING INDEX patients_deleted');
      // A phone fragment of four to six digits: its run's row of the counts per run (migration 0035).
      expect(await plan(count(searchFor('0710 00')))).toBe(
        'SEARCH patients_search_digits USING PRIMARY KEY (digits=?)',
      );
    });

    it('serves every page in its order from an index, never sorting', async () => {
      await insertPatients(t().db, generated(300));
      expect(await pagePlan(listFilter())).toBe('SCAN patients USING INDEX patients_live');
      expect(await pagePlan(listFilter({ judet: 'cluj' }))).toBe(
        'SEARCH patients USING INDEX patients_live_judet_norm (judet_norm=?)',
      );
      const month = { createdFrom: '2025-01-01T00:00:00.000Z', createdTo: '2025-01-31T00:00:00.000Z' };
      // A range of creation days: the creation-time index walked from the range's end, newest first.
      expect(await pagePlan(listFilter(month))).toBe(
        'SEARCH patients USING INDEX patients_live_created_at (created_at>? AND created_at<?)',
      );
      expect(await pagePlan(listFilter({ createdFrom: month.createdFrom }))).toBe(
        'SEARCH patients USING INDEX patients_live_created_at (created_at>?)',
      );
      expect(await pagePlan(listFilter({ createdTo: month.createdTo }))).toBe(
        'SEARCH patients USING INDEX patients_live_created_at (created_at<?)',
      );
      // Beside an equality filter, that filter's index in file-number order, the creation time read beside.
      expect(await pagePlan(listFilter({ ...month, judet: 'cluj' }))).toBe(
        'SEARCH patients USING INDEX patients_live_judet_norm (judet_norm=?)',
      );
      expect(await pagePlan(listFilter({ isDeleted: true }))).toBe(
        'SCAN patients USING INDEX patients_deleted',
      );
      // 1–2 characters: the FTS5 keys read newest first; with a filter, the filter's index walked instead.
      expect(await pagePlan(searchFor('io'))).toMatch(/^SCAN patients_search VIRTUAL TABLE INDEX 192:/);
      expect(await pagePlan(searchFor('io', { judet: 'cluj' }))).toBe(
        'SEARCH patients USING INDEX patients_live_judet_norm (judet_norm=?)',
      );
    });
  });

  it.runIf(dialect === 'postgres')('serves 3+ character matches from the pg_trgm GIN index', async () => {
    // Sequential scans off stand for a large table; and enough patients that reading every patient not
    // deleted through a partial list index does not pass for the cheaper plan either.
    await insertPatients(t().db, [
      ...generated(10_000),
      ...generated(5).map((patient) => ({ ...patient, nume: 'Zamfirescu' })),
    ]);
    await sql`analyze patients`.execute(t().db);
    await t()
      .db.transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        for (const filter of [searchFor('zamfirescu'), searchFor('zamfirescu', { judet: 'cluj' })]) {
          for (const query of [
            patientPageQuery(trx, 'postgres', filter, { limit: 10, offset: 0 }),
            patientCountQuery(trx, 'postgres', filter),
          ]) {
            expect(await explain(trx, 'postgres', query)).toContain(
              'Bitmap Index Scan on patients_search_trgm',
            );
          }
        }
        // A phone of seven digits or more, longer than the runs counted per run of digits (migration 0035):
        // its count and its page walk the keys of its rarest run of six (0036), never the trigram index.
        const phone = searchFor('0711 523');
        for (const query of [
          patientPageQuery(trx, 'postgres', phone, { limit: 10, offset: 0 }),
          patientCountQuery(trx, 'postgres', phone),
        ]) {
          const plan = await explain(trx, 'postgres', query);
          expect(plan).toContain('patients_search_runs_pkey');
          expect(plan).not.toContain('patients_search_trgm');
        }
      });
  });

  it.runIf(dialect === 'postgres')(
    'ends a bulk load with its counts rewritten and every table vacuumed and analysed (vacuumAfterBulkLoad)',
    async () => {
      // What the vacuum can clean depends on every transaction open on the server, other databases' too
      // (other test files'): so this test checks what was done (a rewrite gives a table a new file; a vacuum
      // and an analysis are counted), and the bench measures what it gains (decision 0060).
      const state = async (table: string) => {
        const row = await sql<{ file: number; vacuumed: number; analysed: number }>`
          select pg_relation_filenode(${table}::regclass) as file, vacuum_count as vacuumed,
            analyze_count as analysed
          from pg_stat_user_tables where relid = ${table}::regclass`.execute(t().db);
        const found = row.rows[0];
        return {
          file: Number(found?.file),
          vacuumed: Number(found?.vacuumed),
          analysed: Number(found?.analysed),
        };
      };
      const tables = [...BULK_LOAD_COUNTS, 'patients', 'patients_search', 'patients_search_runs'];
      await insertPatients(t().db, generated(1_200));
      const before = new Map(
        await Promise.all(tables.map(async (table) => [table, await state(table)] as const)),
      );
      await vacuumAfterBulkLoad(t().db, 'postgres', { rewritten: BULK_LOAD_COUNTS });
      for (const table of tables) {
        const [was, is] = [before.get(table), await state(table)];
        const isRewritten = (BULK_LOAD_COUNTS as readonly string[]).includes(table);
        expect(is.file !== was?.file, table).toBe(isRewritten);
        expect(is.vacuumed, table).toBe((was?.vacuumed ?? 0) + 1);
        expect(is.analysed, table).toBe((was?.analysed ?? 0) + 1);
      }
    },
  );

  it.runIf(dialect === 'postgres')('counts the list from the per-combination counts', async () => {
    await insertPatients(t().db, generated(300));
    for (const filter of [searchFor(''), searchFor('', { judet: 'cluj', isIgienizare: true })]) {
      const text = await explain(t().db, 'postgres', patientCountQuery(t().db, 'postgres', filter));
      expect(text).toContain('patient_counts');
      expect(text).not.toMatch(/ on patients\b/);
    }
  });
});
