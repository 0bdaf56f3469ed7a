/**
 * The treatment history (SPEC.md §3 History entry; §2, §4, §5 treatment modal; §7 history, punte,
 * tratament and dinte calls). Field names are SPEC's, snake_case ones included.
 *
 * `side` is the chart row ('top' upper jaw, 'bottom' lower jaw; see teeth.ts). For a bridge, `start` and
 * `end` are the row indexes of `dinteStart` and `dinteDestinatie`, and `direction` follows from them
 * (bridges.ts bridgeGeometry); other entries carry `side` for their tooth and leave the rest null.
 */
import { z } from 'zod';
import {
  bridgeGeometry,
  bridgeProblem,
  BRIDGE_PROBLEM_MESSAGES,
  crownCandidates,
  type BridgeRulesState,
} from '../bridges';
import { catalogueEntryByName, isBridge, isCrown, requiresTooth } from '../catalogue';
import { toInstant, type DateInput } from '../clinic-time';
import { DEFAULT_DATE_WINDOW, dateWindowProblem, type DateWindow } from '../date-window';
import { toIsoDay } from '../dates';
import { RULE_MESSAGES } from '../rules';
import { sideOf, TOOTH_IDS, type ToothId } from '../teeth';
import { normalizeSearchText } from '../text';
import { PICTURE_NAME_PATTERN } from './history-pictures';
import { planItemRef } from './plans';
import { signatureRecord } from './signatures';

const REQUIRED = RULE_MESSAGES.required;

/** The Romanian messages of the treatment rules beyond the required field's. */
export const HISTORY_MESSAGES = {
  invalidDate: 'Data nu este validă.',
  pastDate: 'Data tratamentului nu poate fi în trecut.',
  unknownTooth: 'Dinte necunoscut.',
  unknownTreatment: 'Tratamentul nu există în catalog.',
  notBridge: 'Tratamentul ales nu este o punte.',
  noCrown: 'Pe acest dinte nu se poate pune o coroană.',
  destinationLocked: 'Dintele destinație nu poate fi schimbat.',
  bridgeToothLocked: 'Dintele de origine al unei punți nu poate fi schimbat.',
  bridgeTreatmentLocked: 'Tratamentul unei punți nu poate fi schimbat.',
  bridgeGeometry: 'Poziția punții nu corespunde dinților aleși.',
  pictureName: 'Numele imaginii nu este valid.',
  cancelReasonTooShort: 'Scrieți motivul anulării (cel puțin 3 caractere).',
  cancelReasonTooLong: 'Motivul anulării poate avea cel mult 500 de caractere.',
  signedCannotBeDeleted:
    'Tratamentul a fost semnat de pacient și nu poate fi șters. Anulați-l, cu un motiv: rămâne în fișă, tăiat.',
} as const;

/** An entry type: 'punte' for a bridge (with its start, destination and direction), else 'tratament'. */
export const HISTORY_TYPES = ['tratament', 'punte'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export const toothId = z.enum(TOOTH_IDS, HISTORY_MESSAGES.unknownTooth);
export const chartSide = z.enum(['top', 'bottom']);
export const bridgeDirectionSchema = z.enum(['left', 'right']);
const rowIndex = z.number().int().min(0).max(15);
/** Entry ids are creation timestamps in milliseconds (SPEC.md §9). */
export const entryId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Culoarea trebuie să fie de forma #rrggbb.');
const pictureName = z.string().regex(PICTURE_NAME_PATTERN, HISTORY_MESSAGES.pictureName);

/**
 * The treatment date: a clinic day 'YYYY-MM-DD' (what the date picker gives) or an ISO date-time (with no
 * offset, a Bucharest wall time); anything toInstant cannot read, 30 February included, is refused.
 */
export const treatmentDate = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  // An empty date already has its 'required' message.
  .refine((text) => text === '' || !Number.isNaN(toInstant(text)), HISTORY_MESSAGES.invalidDate);

/** A before/after picture of an entry; `w` (width in pixels, 0 for a document) flags an image. */
export const historyPicture = z.object({
  name: pictureName,
  w: z.number().nonnegative(),
  h: z.number().nonnegative(),
  index: z.number().int().nonnegative(),
});
export type HistoryPicture = z.infer<typeof historyPicture>;

/** An instrument used in the treatment; `used_at` in ms, set when the modal is saved. */
export const usedInstrument = z.object({
  name: z.string().trim().min(1).max(200),
  id_sterilizare: z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]),
  used_at: z.number().int().nonnegative(),
});
export type UsedInstrument = z.infer<typeof usedInstrument>;

/** A History entry as stored and answered (SPEC.md §3). */
export const historyEntry = z.object({
  id: entryId,
  type: z.enum(HISTORY_TYPES),
  denumire: z.string().trim().min(1, REQUIRED).max(200),
  createdAt: treatmentDate,
  /** ISO instant of the last update; null until the entry is first updated. */
  updated_at: z.string().nullable().default(null),
  /** The tooth; for a bridge its start tooth; null for a whole-mouth treatment. */
  dinte: toothId.nullable(),
  dinteStart: toothId.nullable().default(null),
  dinteDestinatie: toothId.nullable().default(null),
  side: chartSide.nullable().default(null),
  start: rowIndex.nullable().default(null),
  end: rowIndex.nullable().default(null),
  direction: bridgeDirectionSchema.nullable().default(null),
  fill: colour.nullable().default(null),
  /** The catalogue id (catalogue.ts); null for a name the catalogue does not know (older data). */
  mapID: z.number().positive().nullable(),
  pics: z.array(historyPicture).default([]),
  /** Names of pictures removed in the modal; their files are deleted once the entry is saved. */
  deleted: z.array(pictureName).default([]),
  sterilizari: z.array(usedInstrument).default([]),
  detalii: z.string().max(5000).default(''),
  /** The patient's signature of this entry (an image name), when signed. */
  signature: z.string().max(200).nullable().default(null),
  /**
   * The signature's state as the server answers it (what was signed, does it still match); a client may
   * send it back unchanged, the server never reads it.
   */
  signed: signatureRecord.nullable().optional(),
  /** The treating doctor; '' on a bridge saved through save-punte without one. */
  medic: z.string().trim().max(120).default(''),
  /**
   * The treatment plan item this entry did (issue 12): answers always carry it (null when none). On
   * save-history / update-history a reference links the entry to that open plan item, null unlinks it, and
   * leaving it out keeps the link as it is.
   */
  planItem: planItemRef.nullable().optional(),
});
export type HistoryEntry = z.output<typeof historyEntry>;
export type HistoryEntryInput = z.input<typeof historyEntry>;

/** GET /api/delete-punte/{patientId}/{entryId} answers the patient's new history. */
export const historyList = z.array(historyEntry);

/**
 * The `obj` field of POST /api/save-history/{id} and /api/update-history/{id}: the entry as the modal
 * sends it (the server sets updated_at). The treatment rules (treatmentIssues) apply to it too.
 */
export const historyObj = z.strictObject(historyEntry.omit({ updated_at: true }).shape);
export type HistoryObj = z.input<typeof historyObj>;

/** POST /api/save-punte/{patientId} (SPEC.md §7), plus the optional doctor and details of the modal. */
export const savePunteRequest = z
  .strictObject({
    type: z.literal('punte'),
    denumire: z.string().trim().min(1, REQUIRED).max(200),
    createdAt: treatmentDate,
    id: entryId,
    side: chartSide,
    dinte: toothId,
    dinteStart: toothId,
    dinteDestinatie: toothId,
    start: rowIndex,
    end: rowIndex,
    direction: bridgeDirectionSchema,
    fill: colour,
    medic: z.string().trim().max(120).optional(),
    detalii: z.string().max(5000).optional(),
  })
  .superRefine((body, ctx) => {
    if (!isBridge(body.denumire) || !catalogueEntryByName(body.denumire)) {
      ctx.addIssue({ code: 'custom', path: ['denumire'], message: HISTORY_MESSAGES.notBridge });
    }
    const geometry = bridgeGeometry(body.dinteStart, body.dinteDestinatie);
    if (!geometry) {
      const problem = body.dinteStart === body.dinteDestinatie ? 'same-tooth' : 'other-row';
      ctx.addIssue({ code: 'custom', path: ['dinteDestinatie'], message: BRIDGE_PROBLEM_MESSAGES[problem] });
      return;
    }
    // The modal computes these from the two teeth; the server stores them only when they agree.
    for (const key of ['dinte', 'side', 'start', 'end', 'direction'] as const) {
      if (body[key] !== geometry[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: HISTORY_MESSAGES.bridgeGeometry });
      }
    }
  });
export type SavePunteRequest = z.input<typeof savePunteRequest>;

/** POST /api/sterge-dinte/{patientId}: toggles the tooth in the patient's dintiStersi. */
export const stergeDinteRequest = z.strictObject({ dinte: toothId });
export type StergeDinteRequest = z.input<typeof stergeDinteRequest>;

/** POST /api/sterge-tratament/{id}: the modal's data, of which only the entry id counts (the rest is dropped). */
export const stergeTratamentRequest = z.object({ id: entryId });
/** …and its answer, the deleted id. */
export const stergeTratamentResponse = z.object({ id: entryId });

/** POST /api/anuleaza-tratament/{patientId}: cancels a (signed) entry with a reason; answers its id. */
export const anuleazaTratamentRequest = z.strictObject({
  id: entryId,
  motiv: z
    .string(REQUIRED)
    .trim()
    .min(3, HISTORY_MESSAGES.cancelReasonTooShort)
    .max(500, HISTORY_MESSAGES.cancelReasonTooLong),
});
export type AnuleazaTratamentRequest = z.input<typeof anuleazaTratamentRequest>;

// An unselected dropdown holds '' or null: both mean "no tooth".
const optionalTooth = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  toothId.nullable(),
);

/** The treatment modal's fields (SPEC.md §2); the rules across fields are in treatmentIssues. */
export const treatmentFormFields = z.object({
  createdAt: treatmentDate,
  dinte: optionalTooth,
  dinteDestinatie: optionalTooth,
  denumire: z.string(REQUIRED).trim().min(1, REQUIRED),
  medic: z.string(REQUIRED).trim().min(1, REQUIRED).max(120),
  detalii: z.string().max(5000).default(''),
});
export type TreatmentFormInput = z.input<typeof treatmentFormFields>;
export type TreatmentFormData = z.output<typeof treatmentFormFields>;

/** What the treatment rules need besides the fields. */
export interface TreatmentRulesContext {
  mode: 'create' | 'update';
  /** The current time: a new entry may not be dated before today (clinic day). */
  now: DateInput;
  /** The patient's chart without changes: chartState(history, dintiStersi). */
  chart: BridgeRulesState;
  /** Update mode: the entry as stored. Its destination is locked, and for a bridge its tooth and name. */
  original?: { id: number; denumire: string; dinte: string | null; dinteDestinatie?: string | null } | null;
  /** The days a treatment may be dated (the clinic's setting); DEFAULT_DATE_WINDOW when not given. */
  dateWindow?: DateWindow;
}

type Fields = Pick<TreatmentFormData, 'createdAt' | 'dinte' | 'dinteDestinatie' | 'denumire'>;
export interface TreatmentIssue {
  path: 'createdAt' | 'dinte' | 'dinteDestinatie' | 'denumire';
  message: string;
}

const sameName = (a: string, b: string) => normalizeSearchText(a) === normalizeSearchText(b);

/** Whether the named treatment is placed on a tooth: a bridge, or a catalogue procedure with dinteDD. */
export function treatmentNeedsTooth(denumire: string): boolean {
  const procedure = catalogueEntryByName(denumire);
  return isBridge(denumire) || (procedure !== undefined && requiresTooth(procedure));
}

/**
 * The treatment rules of SPEC.md §4 and §5 across fields: a new entry is not dated in the past; the name
 * is a catalogue procedure; the tooth is required for a bridge and for procedures with dinteDD, and must
 * carry a crown for a crown or a new bridge; a bridge's destination is required and a valid candidate; an
 * update keeps its destination, and a bridge its tooth and name. Empty when every rule passes.
 */
export function treatmentIssues(fields: Fields, context: TreatmentRulesContext): TreatmentIssue[] {
  const { createdAt, dinte, dinteDestinatie, denumire } = fields;
  const original = context.mode === 'update' ? context.original : null;
  const issues: TreatmentIssue[] = [];
  const add = (path: TreatmentIssue['path'], message: string) => issues.push({ path, message });

  const isDate = !Number.isNaN(toInstant(createdAt));
  // A year typed wrong (0001, 9999) is named as such, before the rule on past dates.
  const outside = isDate
    ? dateWindowProblem(
        toIsoDay(createdAt),
        'Data tratamentului',
        context.dateWindow ?? DEFAULT_DATE_WINDOW,
        toIsoDay(context.now),
      )
    : null;
  if (outside !== null) add('createdAt', outside);
  else if (context.mode === 'create' && isDate && toIsoDay(createdAt) < toIsoDay(context.now)) {
    add('createdAt', HISTORY_MESSAGES.pastDate);
  }
  const procedure = catalogueEntryByName(denumire);
  if (denumire.trim() !== '' && !procedure) add('denumire', HISTORY_MESSAGES.unknownTreatment);
  const bridge = isBridge(denumire);
  if (!dinte && treatmentNeedsTooth(denumire)) add('dinte', REQUIRED);

  if (original) {
    // A treatment that is not a bridge has no destination (the form clears it), so only a change counts.
    if ((original.dinteDestinatie ?? null) !== (bridge ? dinteDestinatie : null)) {
      add('dinteDestinatie', HISTORY_MESSAGES.destinationLocked);
    }
    if (isBridge(original.denumire)) {
      if (original.dinte !== dinte) add('dinte', HISTORY_MESSAGES.bridgeToothLocked);
      if (!sameName(original.denumire, denumire)) add('denumire', HISTORY_MESSAGES.bridgeTreatmentLocked);
      return issues;
    }
  }

  // A tooth kept on update passed these checks when it was chosen.
  const toothChosen = dinte !== null && (!original || original.dinte !== dinte);
  if (toothChosen && (bridge || isCrown(procedure?.id)) && !crownCandidates(context.chart).includes(dinte)) {
    add('dinte', HISTORY_MESSAGES.noCrown);
  }
  if (bridge && !dinteDestinatie) add('dinteDestinatie', REQUIRED);
  if (bridge && dinte && dinteDestinatie && !original) {
    const problem = bridgeProblem(dinte, dinteDestinatie, context.chart);
    // A start that cannot carry a crown is already reported on the tooth.
    if (problem && problem !== 'start-unavailable') add('dinteDestinatie', BRIDGE_PROBLEM_MESSAGES[problem]);
  }
  return issues;
}

/**
 * The treatment modal's schema for react-hook-form's zod resolver and for the server: the fields, the
 * rules of treatmentIssues, and a destination cleared for a treatment that is not a bridge.
 */
export function treatmentForm(context: TreatmentRulesContext) {
  return treatmentFormFields
    .superRefine((fields, ctx) => {
      for (const issue of treatmentIssues(fields, context)) {
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
    })
    .transform((fields) => (isBridge(fields.denumire) ? fields : { ...fields, dinteDestinatie: null }));
}

export type EntryPlacement = Pick<
  HistoryEntry,
  | 'type'
  | 'denumire'
  | 'mapID'
  | 'fill'
  | 'dinte'
  | 'dinteStart'
  | 'dinteDestinatie'
  | 'side'
  | 'start'
  | 'end'
  | 'direction'
>;

/** The entry fields that follow from the form: type, catalogue id and colour, and where the entry lies. */
export function entryFieldsFromForm(
  form: Pick<TreatmentFormData, 'dinte' | 'dinteDestinatie' | 'denumire'>,
): EntryPlacement {
  const procedure = catalogueEntryByName(form.denumire);
  const common = {
    denumire: procedure?.name ?? form.denumire.trim(),
    mapID: procedure?.id ?? null,
    fill: procedure?.fill ?? null,
  };
  const geometry =
    isBridge(form.denumire) && form.dinte && form.dinteDestinatie
      ? bridgeGeometry(form.dinte, form.dinteDestinatie)
      : null;
  if (geometry) return { type: 'punte', ...common, ...geometry };
  const dinte: ToothId | null = form.dinte ?? null;
  return {
    type: 'tratament',
    ...common,
    dinte,
    dinteStart: null,
    dinteDestinatie: null,
    side: dinte ? sideOf(dinte) : null,
    start: null,
    end: null,
    direction: null,
  };
}
