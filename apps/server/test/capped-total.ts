import type { InsertObject, Kysely } from 'kysely';
import { expect } from 'vitest';
import { PAGED_TOTAL_CAP } from '@odonto/domain/contracts/paging';
import type { Database } from '../src/db/database';
import type { App } from '../src/app-types';
import { insertPatients, type BulkPatient } from '../src/features/patients/patients-bulk';
import { call } from './http';

/** What a page of a paged list says about its total, and how many rows it has. */
export interface PageAnswer {
  total: number;
  totalIsCapped: boolean;
  rows: number;
}

export interface CappedList {
  /** The list's page size; the cap (1,000) must be a whole number of pages. */
  pageSize: number;
  /** Adds `count` more rows the list shows (bulk: insertRows, not the API). */
  addMatches: (count: number) => Promise<void>;
  /** The list's page `page` (from 1). */
  page: (page: number) => Promise<PageAnswer>;
}

/**
 * Decision 0040's count rule, checked on one list: exact on a small set and at exactly 1,000 matches; past
 * 1,000, page 1 answers 1,000 "and more", the last page within the cap still says there is more, the next
 * one (past the cap) answers its rows with the exact total, and a page past the end answers none with it.
 */
export async function expectCappedTotals(list: CappedList): Promise<void> {
  const { pageSize } = list;
  const lastCappedPage = PAGED_TOTAL_CAP / pageSize;
  expect(Number.isInteger(lastCappedPage)).toBe(true);

  await list.addMatches(3);
  expect(await list.page(1)).toEqual({ total: 3, totalIsCapped: false, rows: 3 });

  await list.addMatches(PAGED_TOTAL_CAP - 3);
  const exact = { total: PAGED_TOTAL_CAP, totalIsCapped: false };
  expect(await list.page(1)).toEqual({ ...exact, rows: pageSize });
  expect(await list.page(lastCappedPage)).toEqual({ ...exact, rows: pageSize });
  expect(await list.page(lastCappedPage + 1)).toEqual({ ...exact, rows: 0 });

  await list.addMatches(5);
  const capped = { total: PAGED_TOTAL_CAP, totalIsCapped: true };
  expect(await list.page(1)).toEqual({ ...capped, rows: pageSize });
  expect(await list.page(lastCappedPage)).toEqual({ ...capped, rows: pageSize });
  const pastCap = { total: PAGED_TOTAL_CAP + 5, totalIsCapped: false };
  expect(await list.page(lastCappedPage + 1)).toEqual({ ...pastCap, rows: 5 });
  expect(await list.page(lastCappedPage + 2)).toEqual({ ...pastCap, rows: 0 });
}

/** GET `url` with `?page=`; fails the test on anything but 200. `rowsOf` names the answer's row array. */
export async function getPage<Answer extends { total: number; totalIsCapped: boolean }>(
  app: App,
  cookie: string,
  url: string,
  page: number,
  rowsOf: (answer: Answer) => readonly unknown[],
): Promise<PageAnswer> {
  const separator = url.includes('?') ? '&' : '?';
  const response = await call(app, { url: `${url}${separator}page=${page}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<Answer>();
  return { total: answer.total, totalIsCapped: answer.totalIsCapped, rows: rowsOf(answer).length };
}

// 500 rows a statement stay under SQLite's and PostgreSQL's bound-parameter limits for any table here.
const ROWS_PER_STATEMENT = 500;

/** Inserts the rows as they are, 500 a statement, in one transaction. */
export async function insertRows<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  rows: readonly InsertObject<Database, Table>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .execute();
    }
  });
}

/**
 * `count` patients for insertPatients (the bulk loader), created a minute apart from `start`: Zamfirescu
 * Ion of Cluj unless `vary` says otherwise for the patient at an index.
 */
export function bulkPatients(
  count: number,
  start: Date,
  vary: (index: number) => Partial<Omit<BulkPatient, 'createdAt'>> = () => ({}),
): BulkPatient[] {
  return Array.from({ length: count }, (_, i) => ({
    nume: 'Zamfirescu',
    prenume: 'Ion',
    email: '',
    telefon: `07${String(20_000_000 + i).padStart(8, '0')}`,
    birthdate: null,
    judet: 'Cluj',
    oras: '',
    tara: 'România',
    medic: '',
    igienizare: false,
    antecedente: {},
    antecedenteDetalii: '',
    ...vary(i),
    createdAt: new Date(start.getTime() + i * 60_000),
  }));
}

/** Inserts `count` patients (bulkPatients) through the bulk loader, for another feature's lists. */
export async function insertBulkPatients(db: Kysely<Database>, count: number, start: Date): Promise<void> {
  await insertPatients(db, bulkPatients(count, start));
}
