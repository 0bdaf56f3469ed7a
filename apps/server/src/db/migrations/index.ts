import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { foundation } from './0001-foundation';
import { patients } from './0002-patients';
import { places } from './0003-places';
import { files } from './0004-files';
import { auditIndexes } from './0005-audit-indexes';
import { history } from './0006-history';
import { sterilisation } from './0007-sterilisation';
import { appointments } from './0008-appointments';
import { documents } from './0009-documents';
import { clinicLetters } from './0010-clinic-letters';
import { signatures } from './0011-signatures';
import { reviews } from './0012-reviews';
import { priceList } from './0013-price-list';
import { treatmentPlans } from './0014-treatment-plans';
import { efactura } from './0015-efactura';
import { ledger } from './0016-ledger';
import { invoices } from './0017-invoices';
import { reportIndexes } from './0018-report-indexes';
import { receivablesOrder } from './0019-receivables-order';
import { doctorReceivables } from './0020-doctor-receivables';
import { idempotencyKeys } from './0021-idempotency-keys';
import { twoFactor } from './0022-two-factor';
import { entryCancellation } from './0024-entry-cancellation';
import { gdprErasure } from './0025-gdpr-erasure';
import { postgresSearchTable } from './0026-postgres-search-table';
import { rateLimits } from './0027-rate-limits';
import { locations } from './0028-locations';
import { locationReceivables } from './0029-location-receivables';
import { planLocations } from './0030-plan-locations';
import { efacturaOtherCifs } from './0031-efactura-other-cifs';
import { searchKeyStatistics } from './0032-search-key-statistics';
import { searchTrigramCounts } from './0033-search-trigram-counts';
import { searchWordCounts } from './0034-search-word-counts';
import { searchDigitCounts } from './0035-search-digit-counts';
import { searchDigitRuns } from './0036-search-digit-runs';
import { sessionChangeNotices } from './0037-session-change-notices';
import { patientsFlaggedIndexes } from './0038-patients-flagged-indexes';

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
    '0007-sterilisation': sterilisation(),
    '0008-appointments': appointments(),
    '0009-documents': documents(),
    '0010-clinic-letters': clinicLetters(),
    '0011-signatures': signatures(),
    '0012-reviews': reviews(),
    '0013-price-list': priceList(),
    '0014-treatment-plans': treatmentPlans(dialect),
    '0015-efactura': efactura(),
    '0016-ledger': ledger(dialect),
    '0017-invoices': invoices(dialect),
    '0018-report-indexes': reportIndexes(),
    '0019-receivables-order': receivablesOrder(),
    '0020-doctor-receivables': doctorReceivables(),
    '0021-idempotency-keys': idempotencyKeys(),
    '0022-two-factor': twoFactor(),
    '0024-entry-cancellation': entryCancellation(),
    '0025-gdpr-erasure': gdprErasure(),
    '0026-postgres-search-table': postgresSearchTable(dialect),
    '0027-rate-limits': rateLimits(),
    '0028-locations': locations(),
    '0029-location-receivables': locationReceivables(),
    '0030-plan-locations': planLocations(),
    '0031-efactura-other-cifs': efacturaOtherCifs(),
    '0032-search-key-statistics': searchKeyStatistics(dialect),
    '0033-search-trigram-counts': searchTrigramCounts(dialect),
    '0034-search-word-counts': searchWordCounts(dialect),
    '0035-search-digit-counts': searchDigitCounts(dialect),
    '0036-search-digit-runs': searchDigitRuns(dialect),
    '0037-session-change-notices': sessionChangeNotices(dialect),
    '0038-patients-flagged-indexes': patientsFlaggedIndexes(dialect),
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
