import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { foundation } from './0001-foundation';
import { patients } from './0002-patients';
import { places } from './0003-places';
import { files } from './0004-files';
import { auditIndexes } from './0005-audit-indexes';
import { history } from './0006-history';

/**
 * Every migration, in order. Names are numbered and never change once released; migrations are
 * forward-only (no `down`): a fix is a new migration.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-patients': patients(dialect),
    '0003-places': places(),
    '0004-files': files(),
    '0005-audit-indexes': auditIndexes(),
    '0006-history': history(),
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
