import { can } from '@odonto/domain/roles';

/** /audit and its link: the roles that may read the audit trail (admins). */
export function canOpenAudit(roles: readonly string[]): boolean {
  return can(roles, 'read:audit');
}
