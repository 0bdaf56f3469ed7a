import type { UseFormReturn } from 'react-hook-form';
import {
  USER_MESSAGES,
  type User,
  type UserFormData,
  type UserFormInput,
} from '@odonto/domain/contracts/users';
import { ASSIGNABLE_ROLES } from '@odonto/domain/roles';
import { showServerFieldErrors } from '../../lib/form';
import { isApiError } from '../../lib/http';

export type UserForm = UseFormReturn<UserFormInput, unknown, UserFormData>;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

function isAssignable(role: string): role is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

/** The empty form of a new user: active, no role yet. */
export function emptyUserValues(): UserFormInput {
  return { nume: '', email: '', telefon: '', functie: '', roles: [], active: true };
}

/** The form's values for a listed user (roles the form cannot show are kept by the server). */
export function userValues(user: User): UserFormInput {
  return {
    nume: user.nume,
    email: user.email,
    telefon: user.telefon,
    functie: user.functie,
    roles: user.roles.filter(isAssignable),
    active: user.active,
  };
}

/**
 * Shows a failed save in the form. SPEC.md §8: a 409 on creating marks the user as existing; on
 * updating, a 409 names its field (email taken, own admin role, own account) or, without one, a stale
 * form. A 400 (or a 409) naming fields puts the server's messages under them. Anything else is the form's general error.
 */
export function showSaveError(form: UserForm, error: unknown, isNew: boolean): void {
  if (isApiError(error, 409) && (isNew || error.fields['email'] !== undefined)) {
    form.setError('email', { type: 'server', message: USER_MESSAGES.exists }, { shouldFocus: true });
    return;
  }
  if (showServerFieldErrors(form, error)) return;
  showFormError(form, error);
}

/** A message above the form's buttons, for failures that belong to no field. */
export function showFormError(form: UserForm, error: unknown): void {
  const message = error instanceof Error && error.message !== '' ? error.message : 'Eroare server.';
  form.setError('root.server', { type: 'server', message });
}
