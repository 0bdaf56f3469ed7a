/** The role names SPEC.md §1 uses. A user may hold several; the session's `rol` is the first. */
export const ROLES = ['admin', 'dinstitute_admin', 'medic', 'asistent', 'sterilizare'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an admin may give a staff account (dinstitute_admin is granted by the installer only). */
export const ASSIGNABLE_ROLES = ['medic', 'asistent', 'admin', 'sterilizare'] as const;

export const PERMISSIONS = [
  'read:patient',
  'write:patient',
  'block:patient',
  'print:patient',
  'write:letter',
  'delete:patient',
  'restore:patient',
  'read:review',
  'manage:users',
  'read:sterilisation',
  'write:sterilisation',
  'read:sterilised-instruments',
  'read:audit',
  'manage:settings',
  // Money (issues 12 and 13; DESIGN.md §5's wave-2 rows).
  'read:price-list',
  'manage:price-list',
  'read:plan',
  'write:plan',
  'request:plan-signature',
  'read:payments',
  'write:payments',
  'read:invoices',
  'issue:invoice',
  'storno:invoice',
  'manage:efactura',
  'read:reports',
  'read:own-reports',
  'read:cash-report',
  // GDPR right of access (issue 16): the patient's whole record as a ZIP.
  'export:patient',
  // GDPR erasure (issue 16; decision 0035): the retention report and anonymising a patient past it.
  'anonymise:patient',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN: readonly Permission[] = PERMISSIONS;
const MEDIC: readonly Permission[] = [
  'read:patient',
  'write:patient',
  'block:patient',
  'print:patient',
  'write:letter',
  'delete:patient',
  'read:review',
  'read:sterilisation',
  'read:sterilised-instruments',
  'read:price-list',
  'read:plan',
  'write:plan',
  'request:plan-signature',
  'read:payments',
  // Only their own patients' invoices: the invoices service narrows it.
  'read:invoices',
  // Only their own figures: the reports service narrows it.
  'read:own-reports',
  'export:patient',
];
const ASISTENT: readonly Permission[] = [
  'read:patient',
  'write:patient',
  'read:review',
  'read:sterilisation',
  'read:sterilised-instruments',
  'read:price-list',
  'read:plan',
  'request:plan-signature',
  // Reception takes payments and issues invoices (never a credit note).
  'read:payments',
  'write:payments',
  'read:invoices',
  'issue:invoice',
  'read:cash-report',
];
const STERILIZARE: readonly Permission[] = [
  'read:sterilisation',
  'write:sterilisation',
  'read:sterilised-instruments',
];

/** DESIGN.md §5 as one table: what each role may do. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ADMIN,
  dinstitute_admin: ADMIN,
  medic: MEDIC,
  asistent: ASISTENT,
  sterilizare: STERILIZARE,
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when any of the roles grants the permission. */
export function can(roles: readonly string[], permission: Permission): boolean {
  return roles.some((role) => isRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

export function isAdmin(roles: readonly string[]): boolean {
  return roles.includes('admin') || roles.includes('dinstitute_admin');
}

/** SPEC.md §2: a sterilizare user lands on /sterilizare, everyone else on /pacienti. */
export function landingPath(roles: readonly string[]): '/sterilizare' | '/pacienti' {
  return roles.includes('sterilizare') ? '/sterilizare' : '/pacienti';
}

/**
 * SPEC.md §2 side menu: sterilizare sees only STERILIZARE; every other role sees the staff items, the
 * clinic calendar (issue 5) among them.
 */
export function menuItems(roles: readonly string[]): readonly MenuItem[] {
  if (roles.includes('sterilizare')) return [{ label: 'STERILIZARE', path: '/sterilizare' }];
  return [
    { label: 'PACIENȚI', path: '/pacienti' },
    { label: 'CALENDAR', path: '/calendar' },
    { label: 'RECENZII', path: '/reviews' },
    // Issue 13: invoices and the money reports, for whoever may open them.
    ...(can(roles, 'read:invoices') ? [{ label: 'FACTURI', path: '/facturi' }] : []),
    ...(REPORT_PERMISSIONS.some((permission) => can(roles, permission))
      ? [{ label: 'RAPOARTE', path: '/rapoarte' }]
      : []),
    { label: 'UTILIZATORI', path: '/utilizatori' },
  ];
}

const REPORT_PERMISSIONS: readonly Permission[] = ['read:reports', 'read:own-reports', 'read:cash-report'];

export interface MenuItem {
  label: string;
  path: string;
}
