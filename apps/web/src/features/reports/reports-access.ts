import { reportTabsFor } from '@odonto/domain/reports';
import { can } from '@odonto/domain/roles';

/** /rapoarte: whoever may open at least one report (admin: all, a doctor: their own, reception: the till). */
export function canOpenReports(roles: readonly string[]): boolean {
  return reportTabsFor(roles).length > 0;
}

/** Admins set the doctors' commission rates; the server refuses everyone else. */
export function canSetCommissions(roles: readonly string[]): boolean {
  return can(roles, 'manage:settings');
}

/** The whole clinic's figures (admins): the receivables by location of a clinic group; a doctor sees their own. */
export function canSeeClinicReceivables(roles: readonly string[]): boolean {
  return can(roles, 'read:reports');
}
