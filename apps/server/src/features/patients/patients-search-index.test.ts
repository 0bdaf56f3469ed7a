import { CompiledQuery, sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { describeEachDialect } from '../../../test/build-test-app';
import { call } from '../../../test/http';
import { planSearch } from './patient-search';
import { insertPatients, type BulkPatient } from './patients-bulk';
import { patientCountQuery, patientPageQuery, type PatientListFilter } from './patients-list.queries';
import { toFilter } from './patients-list.service';
import { createPatientVia, listVia, patientForm, signIn } from './patients.test-support';

const SURNAMES = ['Popescu', 'Ionescu', 'Dumitrescu', 'Stan', 'Gheorghiu', 'Munteanu', 'Matei', 'Ciobanu'];
const NAMES = ['Ion', 'Maria', 'Elena', 'Andrei', 'Ștefan', 'Ana', 'Mihaela', 'Vlad'];

function generated(count: number, start = new Date('2025-01-01T08:00:00.000Z')): BulkPatient[] {
  return Array.from({ length: count }, (_, i) => ({
    nume: SURNAMES[i % SURNAMES.length] ?? '',
    prenume: NAMES[(i * 7) % NAMES.length] ?? '',
    email: '',
    telefon: `07${String(10_000_000 + i * 7919).padStart(8, '0')}`,
    birthdate: null,
    judet: i % 3 === 0 ? 'Argeș' : 'Cluj',
    oras: '',
    tara: 'România',
    medic: '',
    igienizare: false,
    antecedente: {},
    antecedenteDetalii: '',
    createdAt: new Date(start.getTime() + i * 60_000),
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
    if (dialect === 'sqlite') {
      const left = await sql<{ n: number }>`select count(*) as n from patients_search`.execute(t().db);
      expect(left.rows[0]?.n).toBe(0);
    }
  });

  it.runIf(dialect === 'sqlite')(
    'finds 3+ character matches through the FTS5 table, never by scanning patients',
    async () => {
      await insertPatients(t().db, generated(300));
      await sql`analyze`.execute(t().db);
      for (const filter of [searchFor('popescu'), searchFor('ste', { judet: 'arges' })]) {
        for (const query of [
          patientPageQuery(t().db, 'sqlite', filter, { limit: 10, offset: 0 }),
          patientCountQuery(t().db, 'sqlite', filter),
        ]) {
          const plan = await explain(t().db, 'sqlite', query);
          expect(plan).toContain('patients_search VIRTUAL TABLE');
          expect(plan).not.toMatch(/^SCAN patients(\s|$)/m);
        }
      }
    },
  );

  it.runIf(dialect === 'postgres')('serves 3+ character matches from the pg_trgm GIN index', async () => {
    await insertPatients(t().db, generated(3000));
    await sql`analyze patients`.execute(t().db);
    await t()
      .db.transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        for (const filter of [searchFor('dumitrescu'), searchFor('0711 5')]) {
          for (const query of [
            patientPageQuery(trx, 'postgres', filter, { limit: 10, offset: 0 }),
            patientCountQuery(trx, 'postgres', filter),
          ]) {
            expect(await explain(trx, 'postgres', query)).toContain('patients_search_key_trgm');
          }
        }
      });
  });
});
