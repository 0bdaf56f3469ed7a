/** The demo clinic's staff: one account per role, with passwords `npm run demo` prints. */
export interface DemoUser {
  nume: string;
  email: string;
  password: string;
  roles: string[];
  functie: string;
  telefon: string;
  landing: '/pacienti' | '/sterilizare';
}

export const DEMO_USERS = {
  admin: {
    nume: 'Andreea Popescu',
    email: 'admin@clinica-demo.ro',
    password: 'Demo-Admin-2026',
    roles: ['admin'],
    functie: 'Administrator clinică',
    telefon: '0722100200',
    landing: '/pacienti',
  },
  medic: {
    nume: 'Dr. Mihai Ionescu',
    email: 'mihai.ionescu@clinica-demo.ro',
    password: 'Demo-Medic-2026',
    roles: ['medic'],
    functie: 'Medic stomatolog',
    telefon: '0733200300',
    landing: '/pacienti',
  },
  medic2: {
    nume: 'Dr. Ioana Stănescu',
    email: 'ioana.stanescu@clinica-demo.ro',
    password: 'Demo-Medic2-2026',
    roles: ['medic'],
    functie: 'Medic specialist ortodonție',
    telefon: '0744300400',
    landing: '/pacienti',
  },
  asistent: {
    nume: 'Elena Dumitrescu',
    email: 'elena.dumitrescu@clinica-demo.ro',
    password: 'Demo-Asistent-2026',
    roles: ['asistent'],
    functie: 'Asistentă medicală',
    telefon: '0755400500',
    landing: '/pacienti',
  },
  sterilizare: {
    nume: 'Vasile Georgescu',
    email: 'sterilizare@clinica-demo.ro',
    password: 'Demo-Sterilizare-2026',
    roles: ['sterilizare'],
    functie: 'Operator sterilizare',
    telefon: '0766500600',
    landing: '/sterilizare',
  },
} as const satisfies Record<string, DemoUser>;
