import { sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PATIENT_PAGE_SIZE, patientListQuery } from '@odonto/domain/contracts/patients';
import { countLimit } from '@odonto/domain/contracts/paging';
import { statementNameOf } from '../../db/prepared-statements';
import { TEST_DIALECTS, type TestApp } from '../../../test/build-test-app';
import { planSteps, type PlanNode } from './patients-list-plans.queries';
import { DOCTOR, PATIENTS, usePlanPatients } from './patients-list-plans.test-support';
import { countedPatientPageQuery, isCountedWithPage } from './patients-list-counted.queries';
import { patientCountQuery, patientPageQuery, type ListQuery } from './patients-list.queries';
import { toFilter } from './patients-list.service';

// A list filtered by one county, town, country or doctor alone, or by it and `igienizare`, runs as a
// PostgreSQL named statement (decisions 0069 and 0074): after five runs PostgreSQL may keep one generic
// plan for every value. That plan must walk the filter's own index, for a common value and for one that no
// patient has: a generic plan that walked the file numbers instead would read the whole table for a rare
// county.

/** The list's one statement for an API query (patients-list-counted.queries.ts). */
function listStatement(t: TestApp, query: Record<string, string>): ListQuery<unknown> {
  const params = patientListQuery.parse(query);
  const page = { limit: PATIENT_PAGE_SIZE, offset: (params.page - 1) * PATIENT_PAGE_SIZE };
  return countedPatientPageQuery(t.db, toFilter(params), page, countLimit(page));
}

/**
 * The steps of the generic plan of `text` (PostgreSQL 15 has no `EXPLAIN (GENERIC_PLAN)`: the text is
 * prepared and explained with plan_cache_mode `force_generic_plan`), executed with each list of values.
 */
async function genericPlans(t: TestApp, text: string, valueLists: readonly unknown[][]): Promise<string[][]> {
  return t.db.connection().execute(async (db) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(db);
    await sql.raw(`prepare generic_plan_check as ${text}`).execute(db);
    try {
      const plans: string[][] = [];
      for (const values of valueLists) {
        // EXECUTE's arguments inside EXPLAIN take no bind parameters: the values are written as literals.
        const placeholders = sql.join(values.map((value) => sql.lit(value as string | number)));
        const result = await sql<{
          'QUERY PLAN': { Plan: PlanNode }[];
        }>`explain (format json) execute generic_plan_check(${placeholders})`.execute(db);
        plans.push(planSteps((result.rows[0]?.['QUERY PLAN'] ?? []).map((root) => root.Plan)));
      }
      return plans;
    } finally {
      await sql`deallocate generic_plan_check`.execute(db);
      await sql`reset plan_cache_mode`.execute(db);
    }
  });
}

const OWN_INDEX_SHAPES = [
  { filter: 'judet', common: 'Cluj', index: 'patients_live_judet_norm' },
  { filter: 'oras', common: 'Cluj-Napoca', index: 'patients_live_oras_norm' },
  { filter: 'tara', common: 'România', index: 'patients_live_tara_norm' },
  { filter: 'medic', common: DOCTOR, index: 'patients_live_medic_norm' },
];

describe.runIf(TEST_DIALECTS.includes('postgres'))(
  `PostgreSQL generic list plans at ${PATIENTS} patients`,
  () => {
    const app = usePlanPatients();

    /**
     * How PostgreSQL planned eight runs of the named `statement` on one connection: the counts of
     * `pg_prepared_statements` after them less those before (an earlier test may have run it there).
     */
    async function plansOfEightRuns(statement: CompiledQuery) {
      const name = statementNameOf(statement.sql);
      expect(name).toBeDefined();
      return app()
        .db.connection()
        .execute(async (db) => {
          const counts = async () => {
            const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
              select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`.execute(
              db,
            );
            return rows[0] ?? { generic_plans: 0, custom_plans: 0 };
          };
          const before = await counts();
          // On this one connection, where the named statement lives.
          for (let run = 0; run < 8; run += 1) await db.executeQuery(statement);
          const after = await counts();
          return {
            generic_plans: Number(after.generic_plans) - Number(before.generic_plans),
            custom_plans: Number(after.custom_plans) - Number(before.custom_plans),
          };
        });
    }

    /** Eight runs of `statement` on one connection: planned at most five times, its generic plan after. */
    async function expectGenericPlanKept(statement: CompiledQuery, shown?: string) {
      const runs = await plansOfEightRuns(statement);
      expect(runs.custom_plans, shown).toBeLessThanOrEqual(5);
      expect(runs.generic_plans, shown).toBe(8 - runs.custom_plans);
    }

    /**
     * The list statements of `queries`, which must be one named text (db/prepared-statements.ts), and its
     * generic plan executed with each one's values.
     */
    async function sharedGenericPlans(queries: Record<string, string>[]) {
      const statements = queries.map((query) => listStatement(app(), query).compile());
      const [first] = statements;
      if (!first) throw new Error('no statement');
      expect(new Set(statements.map((statement) => statement.sql)).size).toBe(1);
      expect(statementNameOf(first.sql)).toBeDefined();
      const plans = await genericPlans(
        app(),
        first.sql,
        statements.map((statement) => [...statement.parameters]),
      );
      return { first, plans };
    }

    it.each(OWN_INDEX_SHAPES)(
      '$filter alone: one named statement whose generic plan walks $index, a common value or an absent one',
      async ({ filter, common, index }) => {
        // Page 1 has its bounds in its text (decision 0071), page 40 as parameters.
        for (const page of ['1', '40']) {
          const { plans } = await sharedGenericPlans(
            [common, 'Nicăieri'].map((value) => ({ [filter]: value, page })),
          );
          for (const steps of plans) {
            const shown = JSON.stringify({ page, steps }, null, 1);
            expect(steps, shown).toContain(`Index Scan Backward using ${index} on patients`);
            expect(steps.filter((step) => / on patients$/.test(step)).length, shown).toBe(1);
          }
        }
        // The value hidden from the planner (decision 0074): the generic plan kept from the sixth run on,
        // on page 1 and page 3, for a common value and for an absent one.
        for (const query of [
          { [filter]: common },
          { [filter]: common, page: '3' },
          { [filter]: 'Nicăieri' },
        ]) {
          await expectGenericPlanKept(listStatement(app(), query).compile(), JSON.stringify(query));
        }
      },
    );

    it.each(OWN_INDEX_SHAPES)(
      '$filter and igienizare: one named statement whose generic plan walks the flagged patients of $filter',
      async ({ filter, common, index }) => {
        // Decision 0074: the flagged patients' own index, whose entries all match, for any value.
        const flaggedIndex = `${index}_igienizare`;
        for (const page of ['1', '40']) {
          const { plans } = await sharedGenericPlans(
            [common, 'Nicăieri'].map((value) => ({ [filter]: value, igienizare: 'true', page })),
          );
          for (const steps of plans) {
            const shown = JSON.stringify({ page, steps }, null, 1);
            expect(steps, shown).toContain(`Index Scan Backward using ${flaggedIndex} on patients`);
            expect(steps.filter((step) => / on patients$/.test(step)).length, shown).toBe(1);
          }
        }
        for (const page of ['1', '3']) {
          const query = { [filter]: common, igienizare: 'true', page };
          await expectGenericPlanKept(listStatement(app(), query).compile(), JSON.stringify(query));
        }
      },
    );

    it.each<{ query: Record<string, string>; shown: string }>([
      { query: {}, shown: 'the first page' },
      { query: { page: '2' }, shown: 'page 2' },
      { query: { page: '10' }, shown: 'page 10' },
    ])(
      '$shown of a list filtered by no value: its bounds in its text, no parameter, its generic plan on every run',
      async ({ query }) => {
        const statement = listStatement(app(), query).compile();
        // The bounds are numbers in the text (decision 0071): as parameters PostgreSQL would cost the
        // generic plan for a tenth of the table, and plan_cache_mode `auto` would plan every run anew.
        expect(statement.sql).toMatch(/ limit 10 offset \d+\)/);
        expect(statement.parameters).toEqual([]);
        // A text without parameters is planned once, on its first run.
        expect(await plansOfEightRuns(statement)).toEqual({ generic_plans: 8, custom_plans: 0 });
      },
    );

    it('a flag alone: its bounds in its text, its generic plan from the sixth run on at the latest', async () => {
      const statement = listStatement(app(), { igienizare: 'true' }).compile();
      expect(statement.sql).toMatch(/ limit 10 offset 0\)/);
      await expectGenericPlanKept(statement);
    });

    it.each([
      { q: 'pop', counted: 'from one row, with the page' },
      { q: '0722 1', counted: 'from one row, with the page' },
      { q: 'popesc', counted: 'apart' },
      { q: 'stefan', counted: 'apart' },
    ])(
      'a search of $q, counted $counted: the newest keys alone, one named text, its generic plan a walk',
      async ({ q, counted }) => {
        const page = { limit: PATIENT_PAGE_SIZE, offset: 0 };
        const filter = toFilter(patientListQuery.parse({ q }));
        const statement = counted.startsWith('from one row')
          ? countedPatientPageQuery(app().db, filter, page, countLimit(page), true).compile()
          : patientPageQuery(app().db, 'postgres', filter, page, true).compile();
        expect(statementNameOf(statement.sql)).toBeDefined();
        const [steps = []] = await genericPlans(app(), statement.sql, [[...statement.parameters]]);
        const shown = JSON.stringify(steps, null, 1);
        // The newest keys walked, whatever the needle: never the trigram index, never the whole table.
        expect(steps, shown).toContain(
          'CTE walked: Index Scan Backward using patients_search_pkey on patients_search',
        );
        expect(
          steps.filter((step) => /trgm|Seq Scan on patients/.test(step)),
          shown,
        ).toEqual([]);
        await expectGenericPlanKept(statement);
      },
    );

    it.each([
      { q: '075593', shown: 'six digits, counted from one row with the page' },
      { q: '0740200639', shown: 'a whole phone, its page and its count through the runs' },
    ])(
      'a search of $shown: named, its generic plan walks the rarest run, kept from the sixth run on',
      async ({ q }) => {
        const filter = toFilter(patientListQuery.parse({ q }));
        const page = { limit: PATIENT_PAGE_SIZE, offset: 0 };
        const statements = isCountedWithPage(filter)
          ? [listStatement(app(), { q }).compile()]
          : [
              patientPageQuery(app().db, 'postgres', filter, page).compile(),
              patientCountQuery(app().db, 'postgres', filter).compile(),
            ];
        for (const statement of statements) {
          expect(statementNameOf(statement.sql)).toBeDefined();
          const [steps = []] = await genericPlans(app(), statement.sql, [[...statement.parameters]]);
          const shown = JSON.stringify(steps, null, 1);
          // The keys of the needle's rarest run of six digits, never the trigram index nor the whole table.
          expect(
            steps.some((step) => step.includes('using patients_search_runs_pkey')),
            shown,
          ).toBe(true);
          expect(
            steps.filter((step) => /trgm|Seq Scan on patients/.test(step)),
            shown,
          ).toEqual([]);
          // Decision 0075: the number of runs and the one kept hidden from every plan's costs alike.
          await expectGenericPlanKept(statement, shown);
        }
      },
    );

    it('a creation-date range alone: one named text whose generic plan walks the creation-time index', async () => {
      const ranges = [
        { from: '2025-03-01', to: '2025-03-28' },
        { from: '2016-01-01', to: '2026-03-02' },
        { from: '1990-01-01', to: '1990-12-31' },
      ];
      const { first, plans } = await sharedGenericPlans(ranges);
      for (const steps of plans) {
        const shown = JSON.stringify(steps, null, 1);
        // The page and the count both in the range's own index: never the whole table, for any range.
        expect(steps, shown).toContain('Index Scan Backward using patients_live_created_at on patients');
        expect(
          steps.filter((step) => / on patients$/.test(step) && !/patients_live_created_at/.test(step)),
          shown,
        ).toEqual([]);
      }
      await expectGenericPlanKept(first);
    });

    it('a page past the first ten keeps its bounds as parameters, still one named text for every page', () => {
      const texts = ['11', '12', '400'].map((page) => listStatement(app(), { page }).compile().sql);
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]).toMatch(/ limit \$\d+ offset \$\d+\)/);
      expect(statementNameOf(texts[0] ?? '')).toBeDefined();
    });

    it('two filters at once, or one beside a date range, stay unnamed: their best plan depends on the values', () => {
      const queries: Record<string, string>[] = [
        { judet: 'Cluj', medic: DOCTOR },
        { judet: 'Cluj', medic: DOCTOR, igienizare: 'true' },
        { medic: DOCTOR, from: '2025-01-01' },
        { medic: DOCTOR, igienizare: 'true', from: '2025-01-01' },
      ];
      for (const query of queries) {
        expect(
          statementNameOf(listStatement(app(), query).compile().sql),
          JSON.stringify(query),
        ).toBeUndefined();
      }
    });
  },
);
