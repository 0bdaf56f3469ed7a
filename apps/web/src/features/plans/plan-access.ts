import { can } from '@odonto/domain/roles';

/** /pacienti/plan: who may see treatment plans (DESIGN.md §5: not the sterilisation staff). */
export function canOpenPlans(roles: readonly string[]): boolean {
  return can(roles, 'read:plan');
}

/** Doctors and admins create and edit plans; assistants see and print them (the server refuses the rest). */
export function canEditPlans(roles: readonly string[]): boolean {
  return can(roles, 'write:plan');
}
