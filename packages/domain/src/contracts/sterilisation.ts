import { z } from 'zod';
import { toInstant } from '../clinic-time';
import { RULE_MESSAGES } from '../rules';
import { BIOLOGICAL_RESULTS, DAILY_TEST_KINDS, INTEGRATOR_RESULTS, PACKAGING_TYPES } from '../sterilisation';

const REQUIRED = RULE_MESSAGES.required;

/** Romanian texts of the sterilisation screen and API. */
export const STERILISATION_MESSAGES = {
  instrumentNotFound: 'Instrumentul nu a fost găsit.',
  cycleNotFound: 'Șarja nu a fost găsită.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  nameTaken: 'Există deja un instrument cu acest nume.',
  stale: 'Instrumentul a fost modificat între timp de altcineva. Redeschideți-l.',
  nameTooLong: 'Numele este prea lung.',
  packaging: 'Alegeți tipul de ambalare.',
  autoclave: 'Alegeți un autoclav din listă.',
  programme: 'Alegeți un program din listă.',
  temperature: 'Temperatura trebuie să fie între 100 și 150 °C.',
  pressure: 'Presiunea trebuie să fie între 0,5 și 4 bar.',
  duration: 'Durata trebuie să fie între 1 și 240 de minute.',
  integrator: 'Alegeți rezultatul integratorului chimic.',
  biological: 'Alegeți rezultatul indicatorului biologic.',
  biologicalFinal: 'Rezultatul indicatorului biologic poate fi doar conform sau neconform.',
  biologicalNotPending: 'Șarja nu are un indicator biologic în așteptare.',
  packagingChecked: 'Confirmați verificarea integrității ambalajelor.',
  noItems: 'Alegeți cel puțin un instrument.',
  duplicateItem: 'Un instrument apare de două ori în aceeași șarjă.',
  idNotReserved: 'ID-ul de sterilizare nu a fost emis de server (cereți unul nou).',
  idTaken: 'ID-ul de sterilizare este deja folosit. Cereți unul nou.',
  startedAt: 'Data și ora ciclului nu sunt valide.',
  futureCycle: 'Ciclul nu poate fi înregistrat în viitor.',
  dailyTestKind: 'Alegeți tipul testului (Bowie-Dick sau Helix).',
  result: 'Alegeți rezultatul.',
  day: 'Data trebuie să fie în formatul AAAA-LL-ZZ.',
  range: 'Data de început trebuie să fie înaintea datei de sfârșit.',
  rangeTooLong: 'Intervalul poate avea cel mult 366 de zile.',
  instrumentUnavailable: (id: number | string, reason: string) =>
    `Instrumentul cu ID ${String(id)}: ${reason}`,
  unknownSterilisationId: (id: number | string) => `ID-ul de sterilizare ${String(id)} nu există.`,
  shelfLife: 'Valabilitatea trebuie să fie între 0 și 3650 de zile.',
  settingsList: 'Lista trebuie să aibă cel puțin un element, fără repetări.',
  dailyTestMissing: (autoclaves: readonly string[]) =>
    `Testul zilnic (Bowie-Dick / Helix) lipsește azi pentru: ${autoclaves.join(', ')}.`,
} as const;
const M = STERILISATION_MESSAGES;

const shortText = (message: string) => z.string(REQUIRED).trim().min(1, REQUIRED).max(120, message);

/** A programme of the autoclave with its nominal parameters (filled into the sterilise form). */
export const sterilisationProgramme = z.strictObject({
  name: shortText(M.nameTooLong),
  temperature: z.number(M.temperature).min(100, M.temperature).max(150, M.temperature),
  pressure: z.number(M.pressure).min(0.5, M.pressure).max(4, M.pressure),
  duration: z.number(M.duration).int(M.duration).min(1, M.duration).max(240, M.duration),
});
export type SterilisationProgramme = z.infer<typeof sterilisationProgramme>;

const uniqueBy =
  <T>(key: (item: T) => string) =>
  (list: readonly T[]) =>
    new Set(list.map(key)).size === list.length;

const shelfLife = z.number(M.shelfLife).int(M.shelfLife).min(0, M.shelfLife).max(3650, M.shelfLife);

/** The lists an admin configures: autoclaves, programmes and shelf life (days) per packaging type. */
export const sterilisationSettings = z.strictObject({
  autoclaves: z
    .array(shortText(M.nameTooLong))
    .min(1, M.settingsList)
    .max(20)
    .refine(
      uniqueBy<string>((name) => name),
      M.settingsList,
    ),
  programmes: z
    .array(sterilisationProgramme)
    .min(1, M.settingsList)
    .max(20)
    .refine(
      uniqueBy<SterilisationProgramme>((programme) => programme.name),
      M.settingsList,
    ),
  shelfLifeDays: z.strictObject({ punga: shelfLife, container: shelfLife, neambalat: shelfLife }),
  /**
   * A clinic group's autoclaves by location (issue 14): autoclave name → location id. An autoclave not
   * named here serves every location. The server keeps only the listed autoclaves' entries.
   */
  autoclaveLocations: z.record(z.string(), z.string().trim().min(1).max(100)).default({}),
});
export type SterilisationSettings = z.infer<typeof sterilisationSettings>;

/** Used until an admin changes them: common values for a Class B autoclave and EN 868 pouches. */
export const DEFAULT_STERILISATION_SETTINGS: SterilisationSettings = {
  autoclaves: ['Autoclav 1'],
  programmes: [
    { name: '134 °C standard', temperature: 134, pressure: 2.1, duration: 5 },
    { name: '121 °C', temperature: 121, pressure: 1.1, duration: 20 },
    { name: '134 °C prion 18 min', temperature: 134, pressure: 2.1, duration: 18 },
  ],
  shelfLifeDays: { punga: 180, container: 30, neambalat: 0 },
  autoclaveLocations: {},
};

const instrumentName = z.string(REQUIRED).trim().min(1, REQUIRED).max(120, M.nameTooLong);
const packaging = z.enum(PACKAGING_TYPES, { error: M.packaging });
const entityId = z.string().trim().min(1).max(100);

/** POST /api/instruments: a new instrument (or pouch content). */
export const instrumentCreate = z.strictObject({ name: instrumentName, packaging });
export type InstrumentCreate = z.infer<typeof instrumentCreate>;

/** PUT /api/instruments: the instrument `_id` as it was loaded (`version`), renamed or repacked. */
export const instrumentUpdate = instrumentCreate.extend({ _id: entityId, version: z.number().int().min(1) });
export type InstrumentUpdate = z.infer<typeof instrumentUpdate>;

export const INSTRUMENT_STATUSES = ['nesterilizat', 'disponibil', 'folosit', 'expirat', 'neconform'] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number];
export const INSTRUMENT_STATUS_LABELS: Record<InstrumentStatus, string> = {
  nesterilizat: 'Nesterilizat',
  disponibil: 'Steril, disponibil',
  folosit: 'Folosit',
  expirat: 'Expirat',
  neconform: 'Șarjă neconformă',
};

/** An instrument (SPEC.md §3) with its last sterilisation; dates in ms. */
export const instrument = z.object({
  _id: z.string(),
  name: z.string(),
  packaging,
  id_sterilizare: z.number().int().nullable(),
  cycleId: z.number().int().nullable(),
  sterilizedAt: z.number().nullable(),
  useBy: z.number().nullable(),
  used_at: z.number().nullable(),
  status: z.enum(INSTRUMENT_STATUSES),
  version: z.number().int(),
});
export type Instrument = z.infer<typeof instrument>;

export const instrumentListQuery = z.strictObject({
  /** Name prefix (SPEC.md §9). */
  q: z.string().trim().max(120).default(''),
});

const sterilisationId = z.number(M.idNotReserved).int().positive();

/** GET /api/instrument/sterilizare/get-id: a new sterilisation id, never handed out twice. */
export const sterilisationIdResponse = z.object({ id: z.number().int().positive() });

/** POST /api/instrument/sterilizare: one autoclave cycle (a load) and the instruments in it. */
export const cycleRequest = z.strictObject({
  startedAt: z
    .string()
    .max(40)
    .refine((text) => !Number.isNaN(toInstant(text)), M.startedAt)
    .optional(),
  autoclave: shortText(M.autoclave),
  programme: shortText(M.programme),
  temperature: z.number(M.temperature).min(100, M.temperature).max(150, M.temperature),
  pressure: z.number(M.pressure).min(0.5, M.pressure).max(4, M.pressure),
  duration: z.number(M.duration).int(M.duration).min(1, M.duration).max(240, M.duration),
  integrator: z.enum(INTEGRATOR_RESULTS, { error: M.integrator }),
  biological: z.enum(BIOLOGICAL_RESULTS, { error: M.biological }),
  packagingChecked: z.literal(true, { error: M.packagingChecked }),
  items: z
    .array(z.strictObject({ instrumentId: entityId, id_sterilizare: sterilisationId.optional() }))
    .min(1, M.noItems)
    .max(200)
    .refine(
      uniqueBy<{ instrumentId: string }>((item) => item.instrumentId),
      M.duplicateItem,
    ),
});
export type CycleRequest = z.infer<typeof cycleRequest>;
export type CycleRequestInput = z.input<typeof cycleRequest>;

/** One pouch of a load: one instrument with its own sterilisation id (the label's barcode). */
export const cycleItem = z.object({
  id_sterilizare: z.number().int(),
  instrumentId: z.string(),
  name: z.string(),
  packaging,
  useBy: z.number(),
  used_at: z.number().nullable(),
});
export type CycleItem = z.infer<typeof cycleItem>;

/** A load as the register shows it (one row); dates in ms. */
export const cycle = z.object({
  id: z.number().int(),
  startedAt: z.number(),
  autoclave: z.string(),
  programme: z.string(),
  temperature: z.number(),
  pressure: z.number(),
  duration: z.number(),
  integrator: z.enum(INTEGRATOR_RESULTS),
  biological: z.enum(BIOLOGICAL_RESULTS),
  packagingChecked: z.boolean(),
  operator: z.string(),
  operatorInitials: z.string(),
  status: z.enum(['conform', 'bi-in-asteptare', 'neconform']),
  items: z.array(cycleItem),
  version: z.number().int(),
});
export type Cycle = z.infer<typeof cycle>;

export const cycleIdParams = z.strictObject({ cycleId: z.coerce.number().int().positive() });

/** POST /api/instrument/sterilizare/{cycleId}/indicator-biologic: the incubated indicator read. */
export const biologicalUpdate = z.strictObject({
  biological: z.enum(['pass', 'fail'], { error: M.biologicalFinal }),
});

/** GET /api/instrument/get-history/{id}: an instrument's sterilisations and uses, newest first. */
export const instrumentHistoryEvent = z.object({
  kind: z.enum(['sterilizare', 'folosire']),
  /** When it happened, in ms. */
  date: z.number(),
  /** The sterilisation id. */
  id: z.number().int(),
  instrumentId: z.string(),
  name: z.string(),
  cycleId: z.number().int(),
  status: z.enum(['conform', 'bi-in-asteptare', 'neconform']),
  useBy: z.number(),
  operator: z.string(),
  /**
   * For a use: 'Nume Prenume (fișa nr. N)', the treatment and the doctor. The patient is null for a reader
   * without access to patients (sterilisation staff).
   */
  patient: z.string().nullable(),
  denumire: z.string().nullable(),
  medic: z.string().nullable(),
});
export type InstrumentHistoryEvent = z.infer<typeof instrumentHistoryEvent>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.day)
  .refine((day) => !Number.isNaN(toInstant(day)), M.day);
const optionalDay = z
  .union([z.literal(''), isoDay])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Filters of the history view: name prefix and one whole day (SPEC.md §9). */
export const historyQuery = z.strictObject({
  nume: z.string().trim().max(120).default(''),
  zi: optionalDay,
});
export type HistoryQuery = z.input<typeof historyQuery>;

/** GET /api/instrumente-sterilizate: a pouch that may be used now. */
export const sterilisedInstrument = z.object({
  _id: z.string(),
  name: z.string(),
  id_sterilizare: z.number().int(),
  cycleId: z.number().int(),
  sterilizedAt: z.number(),
  useBy: z.number(),
  biological: z.enum(BIOLOGICAL_RESULTS),
});
export type SterilisedInstrument = z.infer<typeof sterilisedInstrument>;

/** POST /api/instrument/test-zilnic: today's Bowie-Dick / Helix test of an autoclave. */
export const dailyTestRequest = z.strictObject({
  autoclave: shortText(M.autoclave),
  kind: z.enum(DAILY_TEST_KINDS, { error: M.dailyTestKind }),
  result: z.enum(INTEGRATOR_RESULTS, { error: M.result }),
});
export type DailyTestRequest = z.infer<typeof dailyTestRequest>;

export const dailyTest = z.object({
  id: z.string(),
  day: z.string(),
  at: z.number(),
  autoclave: z.string(),
  kind: z.enum(DAILY_TEST_KINDS),
  result: z.enum(INTEGRATOR_RESULTS),
  operator: z.string(),
});
export type DailyTest = z.infer<typeof dailyTest>;

/** GET /api/instrument/test-zilnic: today's tests and the autoclaves still missing one. */
export const dailyTestsResponse = z.object({
  day: z.string(),
  tests: z.array(dailyTest),
  missing: z.array(z.string()),
});
export type DailyTestsResponse = z.infer<typeof dailyTestsResponse>;

/** A location of a clinic group (issue 14): the register and the daily tests of its autoclaves only. */
const locationFilter = z.string().trim().min(1).max(100).optional();

/** GET /api/instrument/test-zilnic: optionally one location's autoclaves. */
export const dailyTestsQuery = z.strictObject({ sediu: locationFilter });
export type DailyTestsQuery = z.infer<typeof dailyTestsQuery>;

/** The register's date range: whole clinic days; optionally one location's autoclaves. */
export const registerQuery = z
  .strictObject({ from: isoDay, to: isoDay, sediu: locationFilter })
  .refine((range) => range.from <= range.to, { message: M.range, path: ['to'] })
  .refine((range) => toInstant(range.to) - toInstant(range.from) <= 366 * 86_400_000, {
    message: M.rangeTooLong,
    path: ['to'],
  });
export type RegisterQuery = z.infer<typeof registerQuery>;

export const registerResponse = z.object({
  cycles: z.array(cycle),
  tests: z.array(dailyTest),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** One use of a pouch on a patient (trace-back). */
export const instrumentUse = z.object({
  id_sterilizare: z.number().int(),
  name: z.string(),
  cycleId: z.number().int(),
  used_at: z.number(),
  /** The patient's identity: null for a reader without access to patients (sterilisation staff). */
  patientId: z.string().nullable(),
  patient: z.string().nullable(),
  fileNumber: z.number().int().nullable(),
  entryId: z.number(),
  denumire: z.string(),
  treatmentDate: z.string(),
  medic: z.string(),
  /** The load failed after the use: the patient must be informed. */
  recalled: z.boolean(),
});
export type InstrumentUse = z.infer<typeof instrumentUse>;

/** GET /api/instrument/sterilizare/{cycleId}/pacienti: the load and every use of its pouches. */
export const cycleTraceResponse = z.object({ cycle, uses: z.array(instrumentUse) });
export type CycleTraceResponse = z.infer<typeof cycleTraceResponse>;

export const patientTraceParams = z.strictObject({ fileNumber: z.coerce.number().int().positive() });

/** GET /api/instrument/pacient/{fileNumber}: the loads used on a patient. */
export const patientTraceResponse = z.object({
  /** Null for a reader without access to patients (sterilisation staff): they see the pouches only. */
  patient: z.object({ _id: z.string(), id: z.number().int(), name: z.string() }).nullable(),
  uses: z.array(instrumentUse),
});
export type PatientTraceResponse = z.infer<typeof patientTraceResponse>;
