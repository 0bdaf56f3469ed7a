import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import type { ListQuery } from './patients-list.queries';

/** One node of PostgreSQL's `EXPLAIN (FORMAT JSON)`, with the fields the plan checks read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Sort Key'?: string[];
  'CTE Name'?: string;
  /** "CTE walked" on the node that computes a `with` query. */
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The plan the database would run for a list query, as built by patients-list.queries.ts: the plan tests
 * pin it and the bench prints it (decision 0044). PostgreSQL: the root of `EXPLAIN (FORMAT JSON)`;
 * SQLite: `EXPLAIN QUERY PLAN`'s lines, as nodes without children.
 */
export async function explainListQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  query: ListQuery<unknown>,
): Promise<PlanNode[]> {
  const compiled = query.compile();
  const prefix = dialect === 'postgres' ? 'explain (format json) ' : 'explain query plan ';
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  if (dialect === 'sqlite') {
    return result.rows.map((row) => ({ 'Node Type': String(row['detail'] ?? '') }));
  }
  const [explained] = result.rows.map((row) => row['QUERY PLAN']) as [{ Plan: PlanNode }[]];
  return explained.map((root) => root.Plan);
}

/**
 * The plan's nodes that read something, and its sorts, in the order EXPLAIN shows them, one line each:
 * "Index Scan Backward using patients_search_pkey on patients_search", "Sort by patients_search.rowid DESC",
 * "Seq Scan on patients". The steps of a `with` query are marked with its name: "CTE walked: …".
 */
export function planSteps(nodes: readonly PlanNode[], within = ''): string[] {
  return nodes.flatMap((node) => {
    const type = node['Node Type'];
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const read = node['Relation Name'] ?? node['CTE Name'];
    const relation = read ? ` on ${read}` : '';
    const sortKey = node['Sort Key'] ? ` by ${node['Sort Key'].join(', ')}` : '';
    const reads = index !== '' || relation !== '' || type === 'Sort' || !node.Plans;
    const subplan = node['Subplan Name'];
    const inner = subplan?.startsWith('CTE ') ? `${subplan}: ` : within;
    return [
      ...(reads ? [`${within}${type}${backward}${index}${relation}${sortKey}`] : []),
      ...planSteps(node.Plans ?? [], inner),
    ];
  });
}
