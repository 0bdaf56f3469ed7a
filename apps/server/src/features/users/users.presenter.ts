import { ASSIGNABLE_ROLES } from '@odonto/domain/roles';
import type { User, UserFormData } from '@odonto/domain/contracts/users';
import type { UserRow } from '../../db/database';
import { parseStringArray, toJsonText } from '../../db/json';
import type { UserFormColumns } from './users.queries';

/** A users table row as the API answers it; the password hash only says whether one was chosen. */
export function toUser(row: UserRow): User {
  const roles = parseStringArray(row.roles);
  return {
    _id: row.id,
    nume: row.nume,
    email: row.email,
    telefon: row.telefon,
    functie: row.functie,
    roles,
    rol: roles[0] ?? '',
    active: row.active === 1,
    createdAt: row.created_at,
    version: row.version,
    hasPassword: row.password_hash !== null,
  };
}

/**
 * The roles to store: the form's, plus any role the form cannot show (dinstitute_admin is granted by the
 * installer), so saving the form never strips it.
 */
export function rolesToStore(formRoles: readonly string[], storedRoles: readonly string[]): string[] {
  const kept = storedRoles.filter(
    (role) => !(ASSIGNABLE_ROLES as readonly string[]).includes(role) && !formRoles.includes(role),
  );
  return [...formRoles, ...kept];
}

export function formColumns(form: UserFormData, roles: readonly string[]): UserFormColumns {
  return {
    nume: form.nume,
    email: form.email,
    telefon: form.telefon,
    functie: form.functie,
    roles: toJsonText(roles),
    active: form.active ? 1 : 0,
  };
}

/** The names of the form fields an update changes, for the audit row. */
export function changedFields(before: UserRow, after: UserFormColumns): string[] {
  const fields: (keyof UserFormColumns)[] = ['nume', 'email', 'telefon', 'functie', 'roles', 'active'];
  return fields.filter((field) => before[field] !== after[field]);
}
