import { can } from '@odonto/domain/roles';

/** /preturi: who may see the price list (DESIGN.md §5: admins edit, doctors and assistants read). */
export function canOpenPriceList(roles: readonly string[]): boolean {
  return can(roles, 'read:price-list');
}

/** Admins edit the price list; the web only hides the controls, the server refuses the rest. */
export function canEditPriceList(roles: readonly string[]): boolean {
  return can(roles, 'manage:price-list');
}
