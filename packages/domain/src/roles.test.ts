import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLES,
  can,
  isAdmin,
  isRole,
  landingPath,
  menuItems,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from './roles';

// DESIGN.md §5 written out again, row by row, so a change to the role table has to change this too.
// Columns: admin, dinstitute_admin, medic, asistent, sterilizare.
const TABLE: Record<Permission, readonly [boolean, boolean, boolean, boolean, boolean]> = {
  'read:patient': [true, true, true, true, false],
  'write:patient': [true, true, true, true, false],
  'block:patient': [true, true, true, false, false],
  'print:patient': [true, true, true, false, false],
  'write:letter': [true, true, true, false, false],
  'delete:patient': [true, true, true, false, false],
  'restore:patient': [true, true, false, false, false], // "soft, restorable by admin"
  'read:review': [true, true, true, true, false],
  'manage:users': [true, true, false, false, false],
  'read:sterilisation': [true, true, true, true, true],
  'write:sterilisation': [true, true, false, false, true],
  'read:sterilised-instruments': [true, true, true, true, true],
  'read:audit': [true, true, false, false, false],
  'manage:settings': [true, true, false, false, false],
  'read:price-list': [true, true, true, true, false],
  'manage:price-list': [true, true, false, false, false],
  'read:plan': [true, true, true, true, false],
  'write:plan': [true, true, true, false, false],
  'request:plan-signature': [true, true, true, true, false],
  'read:payments': [true, true, true, true, false],
  'write:payments': [true, true, false, true, false],
  'read:invoices': [true, true, true, true, false],
  'issue:invoice': [true, true, false, true, false],
  'storno:invoice': [true, true, false, false, false],
  'manage:efactura': [true, true, false, false, false],
  'read:reports': [true, true, false, false, false],
  'read:own-reports': [true, true, true, false, false],
  'read:cash-report': [true, true, false, true, false],
  'export:patient': [true, true, true, false, false], // issue 16: GDPR access, admins and medics
  'anonymise:patient': [true, true, false, false, false], // issue 16: GDPR erasure, admins only
};
const COLUMNS: readonly Role[] = ['admin', 'dinstitute_admin', 'medic', 'asistent', 'sterilizare'];

const cases = PERMISSIONS.flatMap((permission) =>
  COLUMNS.map((role, column) => [role, permission, TABLE[permission][column]] as const),
);

describe('the permission table (DESIGN.md §5)', () => {
  it('covers every permission and every role', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PERMISSIONS].sort());
    expect([...COLUMNS].sort()).toEqual([...ROLES].sort());
  });

  it.each(cases)('%s may %s: %s', (role, permission, allowed) => {
    expect(ROLE_PERMISSIONS[role].includes(permission)).toBe(allowed);
    expect(can([role], permission)).toBe(allowed);
  });
});

describe('can', () => {
  it.each<[string, readonly string[], Permission, boolean]>([
    ['no roles', [], 'read:patient', false],
    ['an unknown role', ['receptie'], 'read:patient', false],
    ['a role in another case', ['Admin'], 'manage:users', false],
    ['any of several roles grants', ['sterilizare', 'medic'], 'read:patient', true],
    ['the order of roles does not matter', ['medic', 'sterilizare'], 'write:sterilisation', true],
    ['an unknown role beside a known one', ['receptie', 'asistent'], 'read:review', true],
    ['several roles still lack what none grants', ['asistent', 'sterilizare'], 'block:patient', false],
  ])('%s', (_name, roles, permission, expected) => {
    expect(can(roles, permission)).toBe(expected);
  });
});

describe('isAdmin', () => {
  it.each<[readonly string[], boolean]>([
    [['admin'], true],
    [['dinstitute_admin'], true],
    [['medic', 'admin'], true],
    [['medic'], false],
    [['asistent'], false],
    [['sterilizare'], false],
    [[], false],
    [['administrator'], false],
  ])('%j → %s', (roles, expected) => {
    expect(isAdmin(roles)).toBe(expected);
  });
});

describe('isRole', () => {
  it.each([
    ['admin', true],
    ['dinstitute_admin', true],
    ['medic', true],
    ['asistent', true],
    ['sterilizare', true],
    ['Medic', false],
    ['', false],
    ['receptie', false],
  ])('%j → %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it('an admin can give only real roles, never dinstitute_admin', () => {
    expect(ASSIGNABLE_ROLES.every(isRole)).toBe(true);
    expect(ASSIGNABLE_ROLES).not.toContain('dinstitute_admin');
  });
});

describe('landingPath (SPEC.md §2)', () => {
  it.each<[readonly string[], string]>([
    [['sterilizare'], '/sterilizare'],
    [['medic', 'sterilizare'], '/sterilizare'], // "roles include sterilizare", wherever it is
    [['admin', 'sterilizare'], '/sterilizare'],
    [['admin'], '/pacienti'],
    [['dinstitute_admin'], '/pacienti'],
    [['medic'], '/pacienti'],
    [['asistent'], '/pacienti'],
    [[], '/pacienti'],
  ])('%j → %s', (roles, expected) => {
    expect(landingPath(roles)).toBe(expected);
  });
});

describe('menuItems (SPEC.md §2 side menu)', () => {
  const staff = [
    { label: 'PACIENȚI', path: '/pacienti' },
    { label: 'CALENDAR', path: '/calendar' },
    { label: 'RECENZII', path: '/reviews' },
    { label: 'FACTURI', path: '/facturi' },
    { label: 'RAPOARTE', path: '/rapoarte' },
    { label: 'UTILIZATORI', path: '/utilizatori' },
  ];
  const sterilisation = [{ label: 'STERILIZARE', path: '/sterilizare' }];

  it.each<[readonly string[], readonly { label: string; path: string }[]]>([
    [['admin'], staff],
    [['dinstitute_admin'], staff],
    [['medic'], staff],
    [['asistent'], staff],
    [['sterilizare'], sterilisation],
    [['asistent', 'sterilizare'], sterilisation], // "a user with the sterilizare role sees only STERILIZARE"
    [['admin', 'sterilizare'], sterilisation],
  ])('%j', (roles, expected) => {
    expect(menuItems(roles)).toEqual(expected);
  });

  it("each role's menu holds the page that role lands on", () => {
    for (const role of ROLES) {
      const paths = menuItems([role]).map((item) => item.path);
      expect(paths).toContain(landingPath([role]));
    }
  });
});
