import { can } from '@odonto/domain/roles';

/** /facturi: admins, assistants and doctors (a doctor's list is narrowed to their patients by the server). */
export function canOpenInvoices(roles: readonly string[]): boolean {
  return can(roles, 'read:invoices');
}
