import { createQueryId, sql, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database';
import { prepareOnPostgres } from './prepared-statements';

// Query text built once (issue 20). Kysely builds a query's tree and compiles it to SQL on every call:
// about a sixth of a patient-list request's CPU on SQLite, for a text that is the same every time the
// same filters are used. compileOnce builds and compiles each shape of a query once per database handle,
// with a marker in each value's place, and from then on only puts a call's values into the parameters.

/** A value's place in a query built with markers (compileOnce), and how the value is turned into the parameter. */
class ValueSlot {
  constructor(
    readonly name: string,
    /** Of an array value (an `in` list), the element's place. */
    readonly index?: number,
    readonly transform?: (value: never) => unknown,
  ) {}
}

interface Template {
  readonly sql: string;
  readonly query: CompiledQuery['query'];
  /** A ValueSlot where a call's value goes, any other parameter as the build wrote it. */
  readonly parameters: readonly unknown[];
}

export interface OnceOptions {
  /**
   * On PostgreSQL, a named statement (db/prepared-statements.ts): parsed once per connection and, after
   * five runs, planned once. Only for a query whose best plan is the same whatever its values are: a
   * lookup by key, not a search or a filter whose selectivity depends on what is asked (decision 0052).
   */
  prepared?: boolean;
  /**
   * Values written into the text as numbers, not sent as parameters: each value is then part of the
   * shape. For a named statement's LIMIT and OFFSET: PostgreSQL costs a LIMIT or OFFSET parameter as a
   * tenth of the rows, so the generic plan of a page of ten looks a thousand times dearer than its custom
   * plans, and plan_cache_mode `auto` never keeps it (decision 0071). Only non-negative integers.
   */
  literals?: readonly string[];
}

/** Shapes kept per database handle; far more than the app's queries combine into (the list's: a few dozen). */
export const SHAPES_KEPT = 1_000;

const templatesByDatabase = new WeakMap<object, Map<string, Template>>();

/**
 * In the test suite every call is also built and compiled the plain way and compared: a query whose text
 * depends on something its `shape` leaves out fails the test that runs it, not a clinic.
 */
const isChecked = process.env.VITEST !== undefined;

/**
 * `transform(value)`: for the builds of compileOnce, which may pass a marker for `value`, the marker of the
 * transformed value. A build that needs a value in another form (a LIKE pattern of a search text, say)
 * writes it with this, never by calling the transform on the value itself.
 */
export function transformedValue<T, U>(value: T, transform: (value: T) => U): U {
  return value instanceof ValueSlot
    ? (new ValueSlot(value.name, value.index, transform) as U)
    : transform(value);
}

/**
 * `build(values)` compiled. The SQL text is built once per `shape` (with which values are present) and
 * database handle; a later call of the same shape puts its values into that text's parameters. `build`
 * may use a value only as a value of the query (transformed with transformedValue, if at all), never to
 * decide what the query says: whatever decides the text belongs in `shape`.
 */
export function compileOnce<Values extends Record<string, unknown>, Row>(
  /** The Kysely handle (or transaction) the query is built on: each keeps its own texts. */
  db: object,
  shape: string,
  values: Values,
  build: (values: Values) => Compilable<Row>,
  options: OnceOptions = {},
): CompiledQuery<Row> {
  // An array (an `in` list) is written element by element: its length is part of the text.
  const present = Object.keys(values).filter((name) => values[name] !== undefined);
  const literals = new Set(options.literals?.filter((name) => values[name] !== undefined));
  // A literal's value is part of the text, so of the key.
  const marks = present.map((name) =>
    literals.has(name) ? `${name}=${String(values[name])}` : lengthMark(name, values[name]),
  );
  const key = `${shape}|${marks.join(',')}`;
  const written = literals.size === 0 ? values : withLiterals(values, literals);
  const template = templateFor(db, key, () => {
    const marked = Object.fromEntries(
      present.map((name) => [name, literals.has(name) ? written[name] : marker(name, values[name])]),
    );
    const compiled = build(marked as Values).compile();
    if (options.prepared) prepareOnPostgres(compiled.sql);
    return { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
  });
  const compiled: CompiledQuery<Row> = {
    sql: template.sql,
    query: template.query,
    queryId: createQueryId(),
    parameters: template.parameters.map((parameter) => valueOf(parameter, values)),
  };
  if (isChecked) checkAgainstPlainCompile(compiled, build(written).compile(), shape);
  return compiled;
}

function templateFor(db: object, key: string, make: () => Template): Template {
  let templates = templatesByDatabase.get(db);
  if (templates === undefined) {
    templates = new Map();
    templatesByDatabase.set(db, templates);
  }
  let template = templates.get(key);
  if (template === undefined) {
    if (templates.size >= SHAPES_KEPT) templates.clear();
    template = make();
    templates.set(key, template);
  }
  return template;
}

/** `values` with each of `names` as an SQL literal, which the build puts into the text as it puts a value. */
function withLiterals<Values extends Record<string, unknown>>(
  values: Values,
  names: ReadonlySet<string>,
): Values {
  const written: Record<string, unknown> = { ...values };
  for (const name of names) {
    const value = values[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new Error(
        `compileOnce: the literal "${name}" must be a non-negative integer, not ${String(value)}`,
      );
    }
    written[name] = sql.lit(value);
  }
  return written as Values;
}

function lengthMark(name: string, value: unknown): string {
  return Array.isArray(value) ? `${name}[${value.length}]` : name;
}

function marker(name: string, value: unknown): ValueSlot | ValueSlot[] {
  return Array.isArray(value) ? value.map((_, index) => new ValueSlot(name, index)) : new ValueSlot(name);
}

function valueOf(parameter: unknown, values: Record<string, unknown>): unknown {
  if (!(parameter instanceof ValueSlot)) return parameter;
  const whole = values[parameter.name];
  const value = parameter.index === undefined ? whole : (whole as unknown[])[parameter.index];
  return parameter.transform ? parameter.transform(value as never) : value;
}

function checkAgainstPlainCompile(once: CompiledQuery, plain: CompiledQuery, shape: string): void {
  const isSame =
    once.sql === plain.sql &&
    once.parameters.length === plain.parameters.length &&
    once.parameters.every((parameter, index) => Object.is(parameter, plain.parameters[index]));
  if (!isSame) {
    throw new Error(
      `compileOnce: the query of shape "${shape}" differs from its plain compile:\n` +
        `${once.sql} ${JSON.stringify(once.parameters)}\n${plain.sql} ${JSON.stringify(plain.parameters)}`,
    );
  }
}

/** compileOnce's query, run on `db`: its rows. */
export async function runOnce<Values extends Record<string, unknown>, Row>(
  db: Kysely<Database>,
  shape: string,
  values: Values,
  build: (values: Values) => Compilable<Row>,
  options: OnceOptions = {},
): Promise<Row[]> {
  return (await db.executeQuery(compileOnce(db, shape, values, build, options))).rows;
}
