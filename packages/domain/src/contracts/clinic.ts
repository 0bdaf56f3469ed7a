/**
 * The clinic's own details (issue 8): name, address, phone, email, fiscal code (CUI), logo, the doctors'
 * titles and the stamp text. Printed on every letterhead (patient file, medical letter). Everyone signed
 * in reads them (GET /api/clinic); only admins change them (PUT /api/clinic, the logo calls).
 */
import { z } from 'zod';
import { isValidCui, normalizeCui } from '../cui';
import { isValidIban } from '../efactura-document';
import { countyByAuto } from '../places';
import { RULE_MESSAGES } from '../rules';

export const CLINIC_MESSAGES = {
  nameRequired: 'Numele clinicii este obligatoriu.',
  nameTooLong: 'Numele clinicii este prea lung.',
  addressTooLong: 'Adresa este prea lungă.',
  phone: 'Numărul de telefon nu este valid.',
  cui: 'Codul fiscal (CUI) nu este valid.',
  titleTooLong: 'Titlul este prea lung.',
  stampTooLong: 'Textul ștampilei este prea lung.',
  tooManyTitles: 'Prea mulți medici.',
  logoFormat: 'Format fisier nesuportat.',
  logoMissing: 'Alegeți o imagine pentru siglă.',
  logoNotFound: 'Clinica nu are siglă.',
  regComTooLong: 'Nr. Reg. Com. este prea lung.',
  streetTooLong: 'Strada și numărul pot avea cel mult 150 de caractere.',
  localityTooLong: 'Localitatea poate avea cel mult 50 de caractere.',
  county: 'Județul nu este valid.',
  postalCode: 'Codul poștal nu este valid.',
  iban: 'IBAN-ul nu este valid.',
  bankTooLong: 'Numele băncii este prea lung.',
} as const;

// The CUI rules live in cui.ts (issue 13); re-exported for the callers that import them from here.
export { isValidCui, normalizeCui } from '../cui';

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).default('');

/** A doctor's title as printed under their name, e.g. 'Medic primar stomatologie generală'. */
export const doctorTitle = z.strictObject({
  /** The doctor's account id (GET /api/get-medici `_id`). */
  userId: z.string().trim().min(1).max(100),
  titlu: z.string().trim().min(1, RULE_MESSAGES.required).max(120, CLINIC_MESSAGES.titleTooLong),
});
export type DoctorTitle = z.infer<typeof doctorTitle>;

/**
 * The seller part of an invoice (issue 13; decision 0024): trade register number, the address split as
 * e-Factura needs it (street, locality — for București the sector —, county code), bank account and VAT status.
 */
function sellerFields() {
  return {
    regCom: optionalText(100, CLINIC_MESSAGES.regComTooLong),
    strada: optionalText(150, CLINIC_MESSAGES.streetTooLong),
    localitate: optionalText(50, CLINIC_MESSAGES.localityTooLong),
    /** The county's registration code ('CJ', 'B'…), '' while not set. */
    judetCod: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || countyByAuto(value) !== undefined, CLINIC_MESSAGES.county)
      .default(''),
    codPostal: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{6}$/.test(value), CLINIC_MESSAGES.postalCode)
      .default(''),
    iban: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value === '' || isValidIban(value), CLINIC_MESSAGES.iban)
      .default(''),
    banca: optionalText(200, CLINIC_MESSAGES.bankTooLong),
    /** Registered for VAT: the CUI is written with 'RO' on invoices and taxable lines carry VAT. */
    platitorTva: z.boolean().default(false),
  };
}

/** What the admin edits (PUT /api/clinic), without the logo (its own calls). */
export const clinicInput = z.strictObject({
  nume: z.string().trim().min(1, CLINIC_MESSAGES.nameRequired).max(120, CLINIC_MESSAGES.nameTooLong),
  adresa: optionalText(300, CLINIC_MESSAGES.addressTooLong),
  telefon: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{6,15}$/, CLINIC_MESSAGES.phone)]))
    .default(''),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().email(RULE_MESSAGES.email).max(254)])
    .default(''),
  cui: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidCui(value), CLINIC_MESSAGES.cui)
    .transform((value) => (value === '' ? '' : normalizeCui(value)))
    .default(''),
  /** Printed under each doctor's name on the letters they sign. */
  titluriMedici: z.array(doctorTitle).max(200, CLINIC_MESSAGES.tooManyTitles).default([]),
  /** The stamp text printed beside the signature line, several lines allowed. */
  stampila: optionalText(500, CLINIC_MESSAGES.stampTooLong),
  ...sellerFields(),
});
export type ClinicInput = z.input<typeof clinicInput>;
export type ClinicData = z.output<typeof clinicInput>;

/** PUT /api/clinic: the form and the `version` it was loaded at (a stale one answers 409). */
export const clinicUpdate = clinicInput.extend({ version: z.number().int().min(0) });
export type ClinicUpdate = z.input<typeof clinicUpdate>;

/** GET /api/clinic (and the answer of every change): the details, the logo's name and the version. */
export const clinicSettings = z.object({
  nume: z.string(),
  adresa: z.string(),
  telefon: z.string(),
  email: z.string(),
  cui: z.string(),
  titluriMedici: z.array(doctorTitle),
  stampila: z.string(),
  regCom: z.string().default(''),
  strada: z.string().default(''),
  localitate: z.string().default(''),
  judetCod: z.string().default(''),
  codPostal: z.string().default(''),
  iban: z.string().default(''),
  banca: z.string().default(''),
  platitorTva: z.boolean().default(false),
  /** The logo's file name (GET /api/clinic/logo/{logo}), or null. */
  logo: z.string().nullable(),
  /** 0 until an admin first saves the details. */
  version: z.number().int(),
});
export type ClinicSettings = z.infer<typeof clinicSettings>;

/** What a clinic shows before an admin fills its details in. */
export const DEFAULT_CLINIC: ClinicSettings = {
  nume: 'Cabinet stomatologic',
  adresa: '',
  telefon: '',
  email: '',
  cui: '',
  titluriMedici: [],
  stampila: '',
  regCom: '',
  strada: '',
  localitate: '',
  judetCod: '',
  codPostal: '',
  iban: '',
  banca: '',
  platitorTva: false,
  logo: null,
  version: 0,
};

/** The logo's extensions (the generic upload widget's images, SPEC.md §5). */
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;

export function isLogoFileName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') && (LOGO_EXTENSIONS as readonly string[]).includes(extension);
}

/** Where the browser loads the logo (signed-in staff only). */
export function clinicLogoUrl(name: string): string {
  return `/api/clinic/logo/${encodeURIComponent(name)}`;
}

/** The title printed under a doctor's name, '' when the admin set none. */
export function titleOfDoctor(clinic: Pick<ClinicSettings, 'titluriMedici'>, userId: string | null): string {
  if (userId === null) return '';
  return clinic.titluriMedici.find((title) => title.userId === userId)?.titlu ?? '';
}

/**
 * A location's own seller (issue 14, decision 0050): in a clinic group a location may be invoiced as another
 * legal entity. The same fields and rules as the clinic's seller data (name, CUI, the e-Factura address, bank,
 * VAT status, the contact printed on the invoice); a location without it is invoiced as the clinic.
 */
/** The clinic's fields a location's own seller has. */
const SELLER_FIELDS = {
  nume: true,
  telefon: true,
  email: true,
  cui: true,
  regCom: true,
  strada: true,
  localitate: true,
  judetCod: true,
  codPostal: true,
  iban: true,
  banca: true,
  platitorTva: true,
} as const;

export const locationSellerInput = clinicInput.pick(SELLER_FIELDS);
export type LocationSellerInput = z.input<typeof locationSellerInput>;
export type LocationSellerData = z.output<typeof locationSellerInput>;

/** PUT /api/locations/{id}/seller: the form and the `version` it was loaded at (0: none yet; stale: 409). */
export const locationSellerUpdate = locationSellerInput.extend({ version: z.number().int().min(0) });
export type LocationSellerUpdate = z.input<typeof locationSellerUpdate>;

export const locationSellerData = clinicSettings.pick(SELLER_FIELDS);

/** GET /api/locations/{id}/seller: the location's own seller, or null (it is invoiced as the clinic). */
export const locationSeller = z.object({
  locationId: z.string(),
  seller: locationSellerData.nullable(),
  /** 0 while the location never had its own; grows with each save and removal. */
  version: z.number().int(),
});
export type LocationSeller = z.infer<typeof locationSeller>;

export const LOCATION_SELLER_MESSAGES = {
  locationNotFound: 'Sediul nu a fost găsit.',
  notOwn: 'Sediul nu are date de facturare proprii.',
  /** Issuing at a location whose seller has a CIF the clinic's e-Factura connection does not upload for. */
  otherCif: (cif: string, connectionCifs: readonly string[]) =>
    `Conexiunea e-Factura a clinicii trimite facturi pentru ${connectionCifs.length > 1 ? `CIF-urile ${connectionCifs.join(', ')}` : `CIF ${connectionCifs[0] || 'nesetat'}`}, iar sediul se facturează pe CIF ${cif}. Factura nu a fost emisă: un administrator adaugă CIF-ul în Setări › e-Factura, dacă persoana autorizată îl poate folosi în SPV.`,
} as const;
