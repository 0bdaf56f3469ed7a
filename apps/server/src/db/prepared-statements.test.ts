import { patientListQuery } from '@odonto/domain/contracts/patients';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS, buildTestApp, useTestApp } from '../../test/build-test-app';
import { bulkPatients } from '../../test/capped-total';
import { insertPatients } from '../features/patients/patients-bulk';
import { countPatients, findPatientPage } from '../features/patients/patients-list.queries';
import { toFilter } from '../features/patients/patients-list.service';
import { findSessionByTokenHash } from '../plugins/sessions.queries';
import { statementNameOf } from './prepared-statements';

const filterOf = (query: string) =>
  toFilter(patientListQuery.parse(Object.fromEntries(new URLSearchParams(query))));
const PAGE = { limit: 10, offset: 0 };

describe.runIf(TEST_DIALECTS.includes('postgres'))('named statements on PostgreSQL', () => {
  const t = useTestApp(() => buildTestApp({ dialect: 'postgres' }));

  /** The named statements of the one connection `run` used, and their texts. */
  async function preparedOn(run: (db: ReturnType<typeof t>['db']) => Promise<unknown>) {
    return t()
      .db.connection()
      .execute(async (db) => {
        await run(db);
        const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(db);
        return new Map(rows.map((row) => [row.statement, row.name]));
      });
  }

  it('runs a key lookup and the unfiltered list as named statements, a search and a county filter not', async () => {
    await insertPatients(
      t().db,
      bulkPatients(1, new Date('2026-03-01T08:00:00.000Z'), () => ({ nume: 'Popescu' })),
    );
    const prepared = await preparedOn(async (db) => {
      for (let run = 0; run < 2; run += 1) {
        expect(await findSessionByTokenHash(db, 'no-such-token')).toBeNull();
        expect(await findPatientPage(db, 'postgres', filterOf(''), PAGE)).toHaveLength(1);
        expect(await countPatients(db, 'postgres', filterOf(''), 1001)).toBe(1);
        expect(await findPatientPage(db, 'postgres', filterOf('q=popes'), PAGE)).toHaveLength(1);
        expect(await findPatientPage(db, 'postgres', filterOf('judet=cluj'), PAGE)).toHaveLength(1);
        // A county's count reads the counts per combination: a few rows whatever the county.
        expect(await countPatients(db, 'postgres', filterOf('judet=cluj'), 1001)).toBe(1);
      }
    });
    const named = [...prepared.values()];
    const texts = [...prepared.keys()];
    expect(texts.some((text) => text.includes('"sessions"."token_hash" = $1'))).toBe(true);
    expect(texts.some((text) => text.includes('from "patient_counts" where'))).toBe(true);
    // Each text is named once, by the name this process gave it, and parsed once on the connection.
    for (const [text, name] of prepared) expect(statementNameOf(text)).toBe(name);
    expect(new Set(named).size).toBe(named.length);
    expect(texts.some((text) => text.includes('patients_search'))).toBe(false);
    expect(texts.some((text) => /"patients"\."judet_norm" = \$1/.test(text))).toBe(false);
  });

  it('answers the same after its plan is cached: the sixth run on is planned once', async () => {
    const names = ['Ionescu', 'Georgescu'];
    const [, deleted] = await insertPatients(
      t().db,
      bulkPatients(2, new Date('2026-03-01T08:00:00.000Z'), (index) => ({ nume: names[index] ?? '' })),
    );
    await t()
      .db.updateTable('patients')
      .set({ deleted_at: '2026-03-02T08:00:00.000Z' })
      .where('id', '=', deleted ?? '')
      .execute();
    await t()
      .db.connection()
      .execute(async (db) => {
        for (let run = 0; run < 8; run += 1) {
          const rows = await findPatientPage(db, 'postgres', filterOf(''), PAGE);
          expect(rows.map((row) => row.nume)).toEqual(['Ionescu']);
          expect(await countPatients(db, 'postgres', filterOf(''), 1001)).toBe(1);
        }
      });
  });
});
