/** Called with the text of each statement a database handle has run, before its caller sees the result. */
export type StatementObserver = (sqlText: string) => void;

const observersByDatabase = new WeakMap<object, Set<StatementObserver>>();

/**
 * The observers of a handle that connectDatabase opens: it passes the returned set's `notify` to Kysely's
 * log, which calls it after each statement (in a transaction too) and before the statement's promise
 * settles, then registers the handle with `attach`.
 */
export function statementObservers(): {
  notify(sqlText: string): void;
  attach(db: object): void;
} {
  const observers = new Set<StatementObserver>();
  return {
    notify(sqlText) {
      for (const observer of observers) observer(sqlText);
    },
    attach(db) {
      observersByDatabase.set(db, observers);
    },
  };
}

/**
 * Calls `observer` with every statement the handle runs from now on. Answers how to stop, or null for a
 * handle that connectDatabase did not open (its statements cannot be seen).
 */
export function observeStatements(db: object, observer: StatementObserver): (() => void) | null {
  const observers = observersByDatabase.get(db);
  if (!observers) return null;
  observers.add(observer);
  return () => observers.delete(observer);
}
