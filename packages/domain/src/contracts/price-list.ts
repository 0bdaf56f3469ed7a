/**
 * The clinic's price list (issue 12, /setari): every catalogue procedure and the clinic's own items, each with
 * a price history (a change applies from a day and never rewrites the past), a unit and a VAT category.
 * Admins edit it; doctors and assistants read it; sterilisation staff do not see it.
 */
import { z } from 'zod';
import { toInstant } from '../clinic-time';
import { amountBani, percentBp } from '../money';
import { ITEM_CODE_PATTERN, normalizeItemCode, PRICE_UNITS } from '../price-list';

export const PRICE_LIST_MESSAGES = {
  itemNotFound: 'Articolul nu a fost găsit în lista de prețuri.',
  nameRequired: 'Denumirea este obligatorie.',
  nameTooLong: 'Denumirea este prea lungă.',
  groupRequired: 'Grupa este obligatorie.',
  groupTooLong: 'Grupa este prea lungă.',
  unit: 'Alegeți unitatea: per dinte, per arcadă sau per vizită.',
  code: 'Codul poate avea doar litere, cifre, „.”, „-” și „_” (cel mult 20 de caractere).',
  codeReserved: 'Codurile care încep cu „T-” sunt ale procedurilor din catalog.',
  codeTaken: 'Există deja un articol cu acest cod.',
  catalogueName: 'Denumirea unei proceduri din catalog nu se schimbă.',
  date: 'Data nu este validă.',
  pastDate: 'Un preț nou se aplică de azi înainte.',
  unknownRate: 'Cota de TVA nu este în lista clinicii.',
  rateInUse: (rate: string) =>
    `Cota de ${rate} este folosită de articole din lista de prețuri; nu poate fi ștearsă.`,
  duplicateRate: 'Fiecare cotă de TVA apare o singură dată.',
  zeroRate: 'O cotă de TVA este mai mare decât 0% (pentru scutire alegeți „scutit”).',
  exemptionRequired: 'Textul scutirii de TVA este obligatoriu.',
  exemptionTooLong: 'Textul scutirii de TVA este prea lung.',
  fileMissing: 'Alegeți fișierul cu lista de prețuri.',
  fileType: 'Lista de prețuri se importă dintr-un fișier .csv sau .xlsx.',
  invalidFile: 'Fișierul are erori; nu s-a salvat nimic.',
} as const;

/** A clinic day 'YYYY-MM-DD' that exists. */
export const priceDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PRICE_LIST_MESSAGES.date)
  .refine((day) => !Number.isNaN(toInstant(day)), PRICE_LIST_MESSAGES.date);

export const priceUnit = z.enum(PRICE_UNITS, PRICE_LIST_MESSAGES.unit);

/** A VAT rate of an item: null is exempt, else one of the clinic's rates (checked by the server). */
export const vatRate = percentBp.nullable();

const itemName = z
  .string()
  .trim()
  .min(1, PRICE_LIST_MESSAGES.nameRequired)
  .max(200, PRICE_LIST_MESSAGES.nameTooLong);
const groupName = z
  .string()
  .trim()
  .min(1, PRICE_LIST_MESSAGES.groupRequired)
  .max(100, PRICE_LIST_MESSAGES.groupTooLong);

/** An item code typed by an admin; '' lets the server give the next 'P-0001' code. */
export const itemCode = z
  .string()
  .transform(normalizeItemCode)
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .regex(ITEM_CODE_PATTERN, PRICE_LIST_MESSAGES.code)
        .refine((code) => !code.startsWith('T-'), PRICE_LIST_MESSAGES.codeReserved),
    ]),
  );

/** GET /api/price-list filters. */
export const priceListQuery = z.strictObject({
  /** The day whose prices are shown (default: today in Bucharest). */
  day: z.union([z.literal(''), priceDay]).optional(),
  q: z.string().trim().max(100).optional(),
  group: z.string().trim().max(100).optional(),
  includeInactive: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
});
export type PriceListQuery = z.input<typeof priceListQuery>;

/** A price and the day it applies from. */
export const datedPrice = z.object({ amountBani: z.number().int(), validFrom: z.string() });
export type DatedPrice = z.infer<typeof datedPrice>;

/** One line of the price list, with its price on the day asked for and its next scheduled change. */
export const priceItem = z.object({
  id: z.string(),
  code: z.string(),
  /** The treatment catalogue's id (1.1, 101) for catalogue procedures, null for the clinic's own items. */
  catalogueId: z.number().nullable(),
  name: z.string(),
  group: z.string(),
  unit: priceUnit,
  /** Null: exempt from VAT. */
  vatRateBp: z.number().int().nullable(),
  active: z.boolean(),
  /** The price on the day (VAT included when taxable), null when the item has none yet. */
  price: datedPrice.nullable(),
  /** The first change after the day, if one is scheduled. */
  nextPrice: datedPrice.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type PriceItem = z.infer<typeof priceItem>;

export const priceListAnswer = z.object({
  day: z.string(),
  items: z.array(priceItem),
  /** Every group name in the list (for the filter), sorted. */
  groups: z.array(z.string()),
});
export type PriceListAnswer = z.infer<typeof priceListAnswer>;

/** POST /api/price-list: a clinic's own item and its first price. */
export const priceItemCreate = z.strictObject({
  code: itemCode.default(''),
  name: itemName,
  group: groupName,
  unit: priceUnit,
  vatRateBp: vatRate,
  active: z.boolean().default(true),
  amountBani,
  validFrom: priceDay,
});
export type PriceItemCreate = z.input<typeof priceItemCreate>;
export type PriceItemCreateData = z.output<typeof priceItemCreate>;

/** PUT /api/price-list/:id: the item's details (the name only for the clinic's own items). */
export const priceItemUpdate = z.strictObject({
  name: itemName.optional(),
  group: groupName,
  unit: priceUnit,
  vatRateBp: vatRate,
  active: z.boolean(),
  version: z.number().int().min(1),
});
export type PriceItemUpdate = z.input<typeof priceItemUpdate>;

/** POST /api/price-list/:id/prices: a new price from a day (today or later). */
export const priceChange = z.strictObject({ amountBani, validFrom: priceDay });
export type PriceChange = z.input<typeof priceChange>;

export const priceItemParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

/** One row of an item's price history. */
export const priceHistoryEntry = z.object({
  id: z.string(),
  amountBani: z.number().int(),
  validFrom: z.string(),
  createdAt: z.string(),
  /** The name of who set it (null for the demo data or a deleted account). */
  createdByName: z.string().nullable(),
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntry>;

export const priceHistoryAnswer = z.object({ item: priceItem, prices: z.array(priceHistoryEntry) });
export type PriceHistoryAnswer = z.infer<typeof priceHistoryAnswer>;

export const DEFAULT_VAT_RATES_BP = [2100, 1100] as const;
export const DEFAULT_VAT_EXEMPTION_TEXT =
  'Scutit de TVA conform art. 292 alin. (1) lit. b) din Legea nr. 227/2015 privind Codul fiscal';

/** The clinic's VAT settings: the rates items may use and the exemption text printed on documents. */
export const vatSettings = z.object({
  ratesBp: z.array(z.number().int()),
  exemptionText: z.string(),
  /** 0 until an admin first saves them. */
  version: z.number().int(),
});
export type VatSettings = z.infer<typeof vatSettings>;

export const DEFAULT_VAT_SETTINGS: VatSettings = {
  ratesBp: [...DEFAULT_VAT_RATES_BP],
  exemptionText: DEFAULT_VAT_EXEMPTION_TEXT,
  version: 0,
};

export const vatSettingsUpdate = z.strictObject({
  ratesBp: z
    .array(percentBp.refine((bp) => bp > 0, PRICE_LIST_MESSAGES.zeroRate))
    .max(10)
    .refine((rates) => new Set(rates).size === rates.length, PRICE_LIST_MESSAGES.duplicateRate),
  exemptionText: z
    .string()
    .trim()
    .min(1, PRICE_LIST_MESSAGES.exemptionRequired)
    .max(500, PRICE_LIST_MESSAGES.exemptionTooLong),
  version: z.number().int().min(0),
});
export type VatSettingsUpdate = z.input<typeof vatSettingsUpdate>;

export const PRICE_LIST_FORMATS = ['csv', 'xlsx'] as const;
export const priceListExportQuery = z.strictObject({ format: z.enum(PRICE_LIST_FORMATS).default('csv') });

/** POST /api/price-list/import: what the file changed. */
export const priceListImportAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type PriceListImportAnswer = z.infer<typeof priceListImportAnswer>;
