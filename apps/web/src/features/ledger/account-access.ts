import { can } from '@odonto/domain/roles';

/** /pacienti/cont: who may see a patient's account (DESIGN.md §5: not the sterilisation staff). */
export function canOpenAccount(roles: readonly string[]): boolean {
  return can(roles, 'read:payments');
}
