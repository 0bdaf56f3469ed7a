import type { PatientData } from '@odonto/domain/contracts/patients';

/** A small deterministic PRNG (mulberry32), so a demo or a benchmark data set is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  'Popescu',
  'Ionescu',
  'Popa',
  'Pop',
  'Radu',
  'Dumitru',
  'Stan',
  'Stoica',
  'Gheorghe',
  'Matei',
  'Ciobanu',
  'Rusu',
  'Munteanu',
  'Constantin',
  'Mocanu',
  'Șerban',
  'Ștefănescu',
  'Lungu',
  'Țurcanu',
  'Mihăilă',
  'Bălan',
  'Toma',
  'Nistor',
  'Cristea',
  'Dinu',
  'Florea',
  'Marinescu',
  'Tănase',
  'Vlădescu',
  'Georgescu',
  'Niculescu',
  'Dobre',
  'Barbu',
  'Sârbu',
  'Moldovan',
  'Oprea',
  'Surdu',
  'Pîrvu',
  'Enache',
  'Ursu',
  'Voicu',
  'Neagu',
  'Manole',
  'Ardeleanu',
  'Coman',
  'Roman',
  'Zamfir',
  'Iordache',
  'Crăciun',
];
const FIRST_NAMES = [
  'Andrei',
  'Alexandru',
  'Ion',
  'Mihai',
  'Ștefan',
  'Gheorghe',
  'Vasile',
  'Constantin',
  'Cristian',
  'Răzvan',
  'Bogdan',
  'Ionuț',
  'Cătălin',
  'Florin',
  'Adrian',
  'Tudor',
  'Matei',
  'Luca',
  'Maria',
  'Elena',
  'Ioana',
  'Ana',
  'Andreea',
  'Mihaela',
  'Alexandra',
  'Cristina',
  'Gabriela',
  'Ștefania',
  'Raluca',
  'Mădălina',
  'Roxana',
  'Alina',
  'Irina',
  'Bianca',
  'Diana',
  'Oana',
  'Anca',
  'Larisa',
  'Simona',
  'Țuțu',
];
const PLACES: readonly (readonly [string, string])[] = [
  ['București', 'Sector 1'],
  ['București', 'Sector 3'],
  ['București', 'Sector 6'],
  ['Cluj', 'Cluj-Napoca'],
  ['Iași', 'Iași'],
  ['Timiș', 'Timișoara'],
  ['Constanța', 'Constanța'],
  ['Brașov', 'Brașov'],
  ['Argeș', 'Pitești'],
  ['Argeș', 'Curtea de Argeș'],
  ['Prahova', 'Ploiești'],
  ['Dolj', 'Craiova'],
  ['Bihor', 'Oradea'],
  ['Sibiu', 'Sibiu'],
  ['Suceava', 'Suceava'],
  ['Mureș', 'Târgu Mureș'],
  ['Ilfov', 'Voluntari'],
  ['Galați', 'Galați'],
  ['Bacău', 'Bacău'],
  ['Covasna', 'Sfântu Gheorghe'],
];
const PHONE_PREFIXES = [
  '0722',
  '0723',
  '0724',
  '0733',
  '0740',
  '0744',
  '0745',
  '0752',
  '0755',
  '0766',
  '0770',
  '0788',
];

export interface GeneratedPatient {
  data: PatientData;
  /** When the patient's file was opened. */
  createdAt: Date;
}

/**
 * Realistic Romanian patients: names with diacritics, counties and towns, mobile phones, birthdates,
 * allergies and medical history on some. The same `seed` gives the same patients.
 */
export function generatePatients(options: {
  count: number;
  seed: number;
  doctors: readonly string[];
  now: Date;
  /** How far back creation dates spread. */
  days: number;
}): GeneratedPatient[] {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const patients: GeneratedPatient[] = [];
  for (let index = 0; index < options.count; index++) {
    const [judet, oras] = pick(PLACES);
    const nume = pick(SURNAMES);
    const prenume = random() < 0.15 ? `${pick(FIRST_NAMES)}-${pick(FIRST_NAMES)}` : pick(FIRST_NAMES);
    const year = 1940 + Math.floor(random() * 80);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const phoneDigits = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
    const hasAllergy = random() < 0.12;
    const createdAt = new Date(options.now.getTime() - Math.floor(random() * options.days * 86_400_000));
    patients.push({
      createdAt,
      data: {
        nume,
        prenume,
        email: random() < 0.6 ? `${simpleAscii(prenume)}.${simpleAscii(nume)}${index}@example.ro` : '',
        telefon: `${pick(PHONE_PREFIXES)}${phoneDigits}`,
        birthdate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        judet,
        oras,
        tara: 'România',
        medic: options.doctors.length ? pick(options.doctors) : '',
        igienizare: random() < 0.3,
        antecedente: {
          ...(hasAllergy
            ? { alergii: { val: true, text: pick(['penicilină', 'lidocaină', 'latex', 'ibuprofen']) } }
            : {}),
          ...(random() < 0.15 ? { hipertensiune: { val: true } } : {}),
          ...(random() < 0.07 ? { diabet: { val: true } } : {}),
          ...(random() < 0.05 ? { anticoagulante: { val: true, text: 'Sintrom' } } : {}),
        },
        antecedenteDetalii: '',
      },
    });
  }
  return patients;
}

function simpleAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
