import type { Page } from '@playwright/test';

/** The roles of packages/domain/src/roles.ts: the walk signs in as each. */
export type Walker = 'admin' | 'dinstitute_admin' | 'medic' | 'asistent' | 'sterilizare';

const ADMINS: readonly Walker[] = ['admin', 'dinstitute_admin'];
/** Everyone who works with patients (read:patient, write:patient). */
const STAFF: readonly Walker[] = [...ADMINS, 'medic', 'asistent'];

/** What the screen paths need: a demo patient with a history, a plan, documents and an account. */
export interface ScreenIds {
  patientId: string;
}

export interface Screen {
  /** The screenshot's file name and the name the failures print. */
  name: string;
  path: (ids: ScreenIds) => string;
  /** Opens the modal (or section) from the page at `path`; ends when it is shown. */
  open?: (page: Page) => Promise<unknown>;
  /** The roles that can open it; the text walk visits it as each. */
  roles: readonly Walker[];
}

async function dialogFrom(page: Page, button: string | RegExp): Promise<void> {
  await page
    .getByRole('button', { name: button, exact: typeof button === 'string' })
    .first()
    .click();
  await page.getByRole('dialog').last().waitFor();
}

const patient = (section: string) => (ids: ScreenIds) => `/pacienti/${section}/${ids.patientId}`;

/** Every screen and modal of the signed-in app (apps/web/src/app/router.tsx), in menu order. */
export const SIGNED_IN_SCREENS: readonly Screen[] = [
  { name: 'pacienti', path: () => '/pacienti', roles: STAFF },
  {
    name: 'pacienti-sterse',
    path: () => '/pacienti?deleted=true',
    roles: ['admin', 'dinstitute_admin', 'medic'],
  },
  { name: 'pacient-nou', path: () => '/pacienti/add', roles: STAFF },
  { name: 'pacient-istoric', path: patient('history'), roles: STAFF },
  {
    name: 'pacient-istoric-tratament-nou',
    path: patient('history'),
    open: (page) => dialogFrom(page, 'Adaugă tratament'),
    roles: STAFF,
  },
  { name: 'pacient-date', path: patient('edit'), roles: STAFF },
  {
    name: 'pacient-scrisoare-medicala',
    path: patient('edit'),
    open: (page) => dialogFrom(page, 'Scrisoare medicală'),
    roles: ['admin', 'dinstitute_admin', 'medic'],
  },
  {
    name: 'pacient-fisa-tiparita',
    path: patient('edit'),
    open: (page) => dialogFrom(page, 'Tipărește fișa'),
    roles: ['admin', 'dinstitute_admin', 'medic'],
  },
  { name: 'pacient-schita', path: patient('schita'), roles: STAFF },
  {
    name: 'pacient-schita-dinte',
    path: patient('schita'),
    open: (page) => page.locator('[data-tooth="1.6"]').click(),
    roles: STAFF,
  },
  { name: 'pacient-programari', path: patient('programari'), roles: STAFF },
  {
    name: 'pacient-programare-noua',
    path: patient('programari'),
    open: (page) => dialogFrom(page, 'Adaugă programare'),
    roles: STAFF,
  },
  { name: 'pacient-documente', path: patient('docs'), roles: STAFF },
  {
    name: 'pacient-document-nou',
    path: patient('docs'),
    open: (page) => dialogFrom(page, 'Adaugă document'),
    roles: STAFF,
  },
  {
    name: 'pacient-nota-noua',
    path: patient('docs'),
    open: (page) => dialogFrom(page, 'Adaugă notă'),
    roles: STAFF,
  },
  { name: 'pacient-plan', path: patient('plan'), roles: STAFF },
  {
    name: 'pacient-plan-nou',
    path: patient('plan'),
    open: (page) => page.getByRole('button', { name: 'Plan nou', exact: true }).click(),
    roles: ['admin', 'dinstitute_admin', 'medic'],
  },
  { name: 'pacient-cont', path: patient('cont'), roles: STAFF },
  {
    name: 'pacient-cont-incasare',
    path: patient('cont'),
    open: (page) => dialogFrom(page, 'Încasare'),
    roles: ['admin', 'dinstitute_admin', 'asistent'],
  },
  {
    name: 'pacient-cont-taxa-noua',
    path: patient('cont'),
    open: (page) => dialogFrom(page, 'Taxă nouă'),
    roles: ['admin', 'dinstitute_admin', 'asistent'],
  },
  { name: 'calendar', path: () => '/calendar', roles: STAFF },
  {
    name: 'calendar-programare-noua',
    path: () => '/calendar',
    open: (page) => dialogFrom(page, 'Programare nouă'),
    roles: STAFF,
  },
  { name: 'recenzii', path: () => '/reviews', roles: STAFF },
  { name: 'facturi', path: () => '/facturi', roles: STAFF },
  {
    name: 'factura',
    path: () => '/facturi',
    open: (page) => dialogFrom(page, /^ODT \d+$/),
    roles: ['admin', 'dinstitute_admin', 'asistent'],
  },
  { name: 'preturi', path: () => '/preturi', roles: STAFF },
  { name: 'rapoarte', path: () => '/rapoarte', roles: STAFF },
  { name: 'rapoarte-venituri', path: () => '/rapoarte?tab=venituri', roles: ADMINS },
  { name: 'rapoarte-creante', path: () => '/rapoarte?tab=creante', roles: ADMINS },
  { name: 'rapoarte-planuri', path: () => '/rapoarte?tab=planuri', roles: ADMINS },
  { name: 'rapoarte-comisioane', path: () => '/rapoarte?tab=comisioane', roles: ADMINS },
  { name: 'utilizatori', path: () => '/utilizatori', roles: ADMINS },
  {
    name: 'utilizator-nou',
    path: () => '/utilizatori',
    open: (page) => dialogFrom(page, 'Adaugă utilizator'),
    roles: ADMINS,
  },
  { name: 'setari-clinica', path: () => '/setari', roles: ADMINS },
  { name: 'setari-sedii', path: () => '/setari?tab=sedii', roles: ADMINS },
  {
    name: 'setari-sediu-nou',
    path: () => '/setari?tab=sedii',
    open: (page) => dialogFrom(page, 'Adaugă sediu'),
    roles: ADMINS,
  },
  {
    name: 'setari-cabinet-nou',
    path: () => '/setari?tab=sedii',
    open: (page) => dialogFrom(page, /^Adaugă cabinet la /),
    roles: ADMINS,
  },
  { name: 'setari-preturi', path: () => '/setari?tab=preturi', roles: ADMINS },
  {
    name: 'setari-pret-nou',
    path: () => '/setari?tab=preturi',
    open: (page) => dialogFrom(page, 'Articol nou'),
    roles: ADMINS,
  },
  { name: 'setari-efactura', path: () => '/setari?tab=efactura', roles: ADMINS },
  { name: 'setari-securitate', path: () => '/setari?tab=securitate', roles: ADMINS },
  { name: 'audit', path: () => '/audit', roles: ADMINS },
  { name: 'profil', path: () => '/profil', roles: [...STAFF, 'sterilizare'] },
  { name: 'sterilizare', path: () => '/sterilizare', roles: [...ADMINS, 'sterilizare'] },
  { name: 'statie-semnatura', path: () => '/statie-semnatura', roles: STAFF },
  { name: 'pagina-inexistenta', path: () => '/nu-exista', roles: STAFF },
];


/** The screens of a signed-out visitor. */
export const SIGNED_OUT_SCREENS: readonly Screen[] = [
  { name: 'autentificare', path: () => '/login', roles: [] },
  {
    name: 'resetare-parola',
    path: () => '/login',
    // The mode's form comes with its own code, after the card's title.
    open: async (page) => {
      await page.getByRole('button', { name: 'Ați uitat parola?' }).click();
      await page.getByRole('button', { name: 'Trimite linkul de resetare' }).waitFor();
    },
    roles: [],
  },
  {
    name: 'parola-noua',
    path: () => '/login?reset_pass=a1b2c3d4e5f60718293a4b5c6d7e8f90&email=ana%40clinica-demo.ro',
    open: (page) => page.getByRole('button', { name: 'Salvează', exact: true }).waitFor(),
    roles: [],
  },
  { name: 'recenzie-pacient', path: () => '/review/link-care-nu-exista', roles: [] },
];
