import { can } from '@odonto/domain/roles';

/** /calendar: everyone who works with patients (every role but sterilizare, DESIGN.md §5). */
export function canOpenCalendar(roles: readonly string[]): boolean {
  return can(roles, 'read:patient');
}
