import { can, isAdmin } from '@odonto/domain/roles';

/** /utilizatori: admins only (SPEC.md §6; dinstitute_admin counts as admin, DESIGN.md §5). */
export function canOpenUsers(roles: readonly string[]): boolean {
  return can(roles, 'manage:users');
}

/** /sterilizare: the sterilisation staff, and admins. */
export function canOpenSterilisation(roles: readonly string[]): boolean {
  return roles.includes('sterilizare') || isAdmin(roles);
}

/** /setari: the clinic's settings (reference data such as the SIRUTA localities), admins only. */
export function canOpenSettings(roles: readonly string[]): boolean {
  return can(roles, 'manage:settings');
}

/** /pacienti and the patient's screens: every role that reads patients (not the sterilisation staff). */
export function canOpenPatients(roles: readonly string[]): boolean {
  return can(roles, 'read:patient');
}
