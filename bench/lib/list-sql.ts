// The patient list's SQL without HTTP, for the same calls the bench makes through HTTP: the plans each
// database chose (what the plan tests pin, decision 0044) and the time of the list's queries alone.
import { PATIENT_PAGE_SIZE, patientListQuery } from '@odonto/domain/contracts/patients';
import { countLimit } from '@odonto/domain/contracts/paging';
import { loadConfig } from '../../apps/server/src/config';
import { connectDatabase } from '../../apps/server/src/db/connect';
import {
  explainListQuery,
  planSteps,
} from '../../apps/server/src/features/patients/patients-list-plans.queries';
import {
  countedPatientPageQuery,
  isCountedWithPage,
} from '../../apps/server/src/features/patients/patients-list-counted.queries';
import {
  isWindowSearch,
  patientCountQuery,
  patientPageQuery,
} from '../../apps/server/src/features/patients/patients-list.queries';
import { listPatients, toFilter } from '../../apps/server/src/features/patients/patients-list.service';
import { percentile } from './stats';

export interface ListSql {
  /** The plan steps of the count and of the page, for the scenario's first call. */
  count: string[];
  page: string[];
  /** GET /api/pacienti's queries alone (count, page, open plan amounts), in turn over the scenario's calls. */
  medianMs: number;
  p95Ms: number;
}

/** `paths` are the bench's `/api/pacienti?…` addresses; `runs` sequential calls after `runs / 10` to warm up. */
export async function listSql(
  env: Record<string, string>,
  paths: readonly string[],
  runs = 200,
): Promise<ListSql> {
  const config = loadConfig({ ...process.env, ...env });
  const database = await connectDatabase(config.database);
  const deps = { db: database.db, dialect: database.dialect };
  const params = paths.map((path) =>
    patientListQuery.parse(Object.fromEntries(new URL(path, 'http://bench').searchParams)),
  );
  try {
    const first = params[0];
    if (!first) throw new Error('a scenario without calls');
    const filter = toFilter(first);
    const page = { limit: PATIENT_PAGE_SIZE, offset: (first.page - 1) * PATIENT_PAGE_SIZE };
    const limit = countLimit(page);
    const count = patientCountQuery(deps.db, deps.dialect, filter, limit);
    const pageQuery = patientPageQuery(deps.db, deps.dialect, filter, page);
    const pageSteps = planSteps(await explainListQuery(deps.db, deps.dialect, pageQuery));
    // A PostgreSQL search that asks the newest keys alone first (decision 0072): that statement's plan
    // (counted with the page, or apart), then the one run when they do not hold the page.
    const windowQuery =
      deps.dialect === 'postgres' && isWindowSearch(filter)
        ? isCountedWithPage(filter)
          ? countedPatientPageQuery(deps.db, filter, page, limit, true)
          : patientPageQuery(deps.db, deps.dialect, filter, page, true)
        : undefined;
    const plans = {
      count: planSteps(await explainListQuery(deps.db, deps.dialect, count)),
      page: windowQuery
        ? [
            'the newest keys alone:',
            ...planSteps(await explainListQuery(deps.db, deps.dialect, windowQuery)),
            'when they do not hold the page:',
            ...pageSteps,
          ]
        : pageSteps,
    };
    const samples: number[] = [];
    for (let run = -Math.ceil(runs / 10); run < runs; run += 1) {
      const call = params[(run + params.length * runs) % params.length] ?? first;
      const started = performance.now();
      await listPatients(deps, call);
      if (run >= 0) samples.push(performance.now() - started);
    }
    return { ...plans, medianMs: percentile(samples, 0.5), p95Ms: percentile(samples, 0.95) };
  } finally {
    await database.close();
  }
}
