/**
 * Treatment plans (issue 12; decision 0018): the calls' payloads and answers. A plan has one to three
 * alternatives (Varianta A/B/C), each of phases (visits) of priced items; the pure rules are in plans.ts.
 * Route: /pacienti/plan/{patientId}. Calls: /api/plans/…, acceptance through POST /api/signature
 * (kind 'plan') or a signature-station request.
 */
import { z } from 'zod';
import { bridgeSpan } from '../bridges';
import { amountBani, percentBp } from '../money';
import {
  ALTERNATIVE_LABELS,
  alternativeTotals,
  lineTotals,
  PLAN_STATUSES,
  PRICE_UNITS,
  STORED_PLAN_STATUSES,
  type AlternativeLabel,
} from '../plans';
import { TOOTH_IDS } from '../teeth';

export const PLAN_MESSAGES = {
  patientNotFound: 'Pacientul nu a fost găsit.',
  planNotFound: 'Planul de tratament nu a fost găsit.',
  titleRequired: 'Titlul planului este obligatoriu.',
  doctorRequired: 'Alegeți medicul planului.',
  doctorUnknown: 'Medicul ales nu există.',
  validUntilInvalid: 'Data de valabilitate nu este validă.',
  validUntilPast: 'Planul trebuie să fie valabil cel puțin până azi.',
  alternativesCount: 'Un plan are între una și trei variante.',
  alternativeLabels: 'Variantele se numesc A, B și C, fiecare o singură dată.',
  phaseRequired: 'Fiecare variantă are cel puțin o etapă.',
  itemName: 'Denumirea lucrării este obligatorie.',
  quantity: 'Cantitatea trebuie să fie un număr întreg între 1 și 99.',
  unknownTooth: 'Dinte necunoscut.',
  bridgeSpan: 'O punte se întinde între doi dinți ai aceleiași arcade.',
  priceReason: 'Scrieți motivul pentru care prețul diferă de lista de prețuri.',
  discountTooLarge: 'Reducerea nu poate depăși valoarea.',
  duplicateItemId: 'Fiecare lucrare din plan are un identificator propriu.',
  unknownPriceItem: 'Lucrarea nu există în lista de prețuri.',
  stale: 'Planul a fost modificat între timp de altcineva. Reîncărcați-l.',
  notEditable: 'Un plan finalizat sau respins nu mai poate fi modificat.',
  doneItemRemoved: 'O lucrare deja efectuată nu poate fi scoasă din plan.',
  notRejectable: 'Doar un plan propus poate fi respins.',
  notAcceptable: 'Doar un plan propus, în termen, poate fi acceptat.',
  alternativeNotFound: 'Varianta nu există în acest plan.',
  itemNotOpen: 'Lucrarea aleasă nu este o lucrare deschisă a unui plan acceptat al pacientului.',
  itemTooth: 'Lucrarea din plan este pentru alt dinte.',
  rejectReason: 'Scrieți motivul respingerii.',
} as const;

const id = z.string().trim().min(1).max(100);
const clinicDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PLAN_MESSAGES.validUntilInvalid);
const text = (max: number) => z.string().trim().max(max);

export const discountSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('percent'), bp: percentBp }),
    z.strictObject({ kind: z.literal('amount'), bani: amountBani }),
  ])
  .nullable();

/** An item's fields; planItemInput adds the checks that need several fields. */
const planItemFields = z.strictObject({
  /** Chosen by the client (a UUID); kept across versions so progress stays linked. */
  id,
  teeth: z.array(z.enum(TOOTH_IDS, PLAN_MESSAGES.unknownTooth)).max(32),
  /** A bridge: its first and last tooth (teeth then lists the whole span). */
  span: z.strictObject({ start: z.enum(TOOTH_IDS), end: z.enum(TOOTH_IDS) }).nullable(),
  priceItemId: id.nullable(),
  /** The treatment catalogue id (mapID) when the item is a catalogue procedure: the chart draws it. */
  catalogueId: z.number().nullable(),
  name: z.string().trim().min(1, PLAN_MESSAGES.itemName).max(200),
  unit: z.enum(PRICE_UNITS),
  quantity: z
    .number(PLAN_MESSAGES.quantity)
    .int(PLAN_MESSAGES.quantity)
    .min(1, PLAN_MESSAGES.quantity)
    .max(99, PLAN_MESSAGES.quantity),
  unitPriceBani: amountBani,
  /** The price list's price on the plan's date (null for a free-form item); the server fills it in. */
  listPriceBani: amountBani.nullable(),
  /** Why the unit price differs from the list price. */
  priceReason: text(300).nullable(),
  /** null = VAT exempt. */
  vatRateBp: percentBp.nullable(),
  discount: discountSchema,
  notes: text(1000),
});

export const planItemInput = planItemFields.superRefine((item, ctx) => {
  if (item.span) {
    const span = bridgeSpan(item.span.start, item.span.end);
    const same =
      span && span.length === item.teeth.length && span.every((tooth, i) => item.teeth[i] === tooth);
    if (!same) ctx.addIssue({ code: 'custom', path: ['span'], message: PLAN_MESSAGES.bridgeSpan });
  }
  const { grossBani } = lineTotals(item);
  if (item.discount?.kind === 'amount' && item.discount.bani > grossBani) {
    ctx.addIssue({ code: 'custom', path: ['discount'], message: PLAN_MESSAGES.discountTooLarge });
  }
  if (
    item.listPriceBani !== null &&
    item.unitPriceBani !== item.listPriceBani &&
    (item.priceReason ?? '').trim() === ''
  ) {
    ctx.addIssue({ code: 'custom', path: ['priceReason'], message: PLAN_MESSAGES.priceReason });
  }
});
export type PlanItemInput = z.infer<typeof planItemInput>;

export const planPhaseInput = z.strictObject({
  id,
  title: text(120),
  items: z.array(planItemInput).max(200),
});
export type PlanPhaseInput = z.infer<typeof planPhaseInput>;

const planAlternativeFields = {
  label: z.enum(ALTERNATIVE_LABELS),
  title: text(200),
  discount: discountSchema,
  notes: text(2000),
};

export const planAlternativeInput = z
  .strictObject({
    ...planAlternativeFields,
    phases: z.array(planPhaseInput).min(1, PLAN_MESSAGES.phaseRequired).max(20),
  })
  .superRefine((alternative, ctx) => {
    if (alternative.discount?.kind === 'amount') {
      const { subtotalBani } = alternativeTotals({ ...alternative, discount: null });
      if (alternative.discount.bani > subtotalBani) {
        ctx.addIssue({ code: 'custom', path: ['discount'], message: PLAN_MESSAGES.discountTooLarge });
      }
    }
  });
export type PlanAlternativeInput = z.infer<typeof planAlternativeInput>;

/** The editable content of a plan: POST /api/plans/{patientId} and PUT /api/plan/{planId}. */
export const planContentInput = z
  .strictObject({
    title: z.string().trim().min(1, PLAN_MESSAGES.titleRequired).max(200),
    doctorId: z.string().trim().min(1, PLAN_MESSAGES.doctorRequired).max(100),
    validUntil: clinicDay,
    notes: text(4000),
    alternatives: z
      .array(planAlternativeInput)
      .min(1, PLAN_MESSAGES.alternativesCount)
      .max(3, PLAN_MESSAGES.alternativesCount),
  })
  .superRefine((plan, ctx) => {
    const labels = plan.alternatives.map((alternative) => alternative.label);
    if (new Set(labels).size !== labels.length) {
      ctx.addIssue({ code: 'custom', path: ['alternatives'], message: PLAN_MESSAGES.alternativeLabels });
    }
    const itemIds = plan.alternatives.flatMap((a) =>
      a.phases.flatMap((p) => p.items.map((item) => `${a.label}/${item.id}`)),
    );
    if (new Set(itemIds).size !== itemIds.length) {
      ctx.addIssue({ code: 'custom', path: ['alternatives'], message: PLAN_MESSAGES.duplicateItemId });
    }
  });
export type PlanContentInput = z.infer<typeof planContentInput>;

export const createPlanRequest = planContentInput;
/** PUT /api/plan/{planId}: the content with the version the editor started from (stale → 409). */
export const updatePlanRequest = z.strictObject({
  version: z.number().int().positive(),
  content: planContentInput,
});
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

export const rejectPlanRequest = z.strictObject({
  version: z.number().int().positive(),
  reason: z.string().trim().min(1, PLAN_MESSAGES.rejectReason).max(1000),
});

const totalsSchema = z.object({
  grossBani: z.number().int(),
  lineDiscountBani: z.number().int(),
  subtotalBani: z.number().int(),
  discountBani: z.number().int(),
  totalBani: z.number().int(),
  phases: z.array(
    z.object({
      netBani: z.number().int(),
      finalBani: z.number().int(),
      items: z.array(
        z.object({
          id: z.string(),
          grossBani: z.number().int(),
          discountBani: z.number().int(),
          netBani: z.number().int(),
          finalBani: z.number().int(),
        }),
      ),
    }),
  ),
});

export const progressSchema = z.object({
  itemsDone: z.number().int(),
  itemsTotal: z.number().int(),
  amountDoneBani: z.number().int(),
  amountRemainingBani: z.number().int(),
  percentByAmountBp: z.number().int(),
  percentByItemsBp: z.number().int(),
});

/** A done item: which history entry did it, and when. */
export const planItemLink = z.object({
  alternative: z.enum(ALTERNATIVE_LABELS),
  itemId: z.string(),
  entryId: z.number(),
  doneAt: z.string(),
});

/** The acceptance: which alternative, at which version of the plan, with the signature's state now. */
export const planAcceptance = z.object({
  alternative: z.enum(ALTERNATIVE_LABELS),
  /** The plan version the patient signed. */
  revision: z.number().int(),
  signatureId: z.string(),
  image: z.string(),
  signedAt: z.string(),
  signedBy: z.string(),
  via: z.enum(['direct', 'station']),
  sha256: z.string(),
  /** True while the accepted alternative is still exactly what was signed. */
  matches: z.boolean(),
});

export const plan = z.object({
  id: z.string(),
  patientId: z.string(),
  /** The number shown as 'Plan nr. 12' (per clinic, sequential). */
  number: z.number().int(),
  title: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  status: z.enum(PLAN_STATUSES),
  validUntil: z.string(),
  notes: z.string(),
  /** The day the list prices were read for (the plan's date). */
  priceDay: z.string(),
  /** Optimistic-concurrency version (any change). */
  version: z.number().int(),
  /** The plan's content version: grows by one with every change of its content. */
  revision: z.number().int(),
  /**
   * The alternatives as stored, with their totals. The server only answers content it validated with
   * planContentInput, so the answer's schema leaves out the input's cross-field checks (they cost more than
   * the rest of opening a large plan).
   */
  alternatives: z.array(
    z.object({
      ...planAlternativeFields,
      phases: z.array(planPhaseInput.extend({ items: z.array(planItemFields) })),
      totals: totalsSchema,
    }),
  ),
  acceptance: planAcceptance.nullable(),
  /** Progress of the accepted alternative (null until accepted). */
  progress: progressSchema.nullable(),
  links: z.array(planItemLink),
  rejectedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

/** GET /api/plans/{patientId}: the patient's plans, newest first, without their items. */
export const planSummary = plan
  .pick({
    id: true,
    patientId: true,
    number: true,
    title: true,
    doctorId: true,
    doctorName: true,
    status: true,
    validUntil: true,
    revision: true,
    progress: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    alternatives: z.array(
      z.object({ label: z.enum(ALTERNATIVE_LABELS), title: z.string(), totalBani: z.number().int() }),
    ),
    acceptedAlternative: z.enum(ALTERNATIVE_LABELS).nullable(),
  });
export type PlanSummary = z.infer<typeof planSummary>;
export const planList = z.array(planSummary);

/** GET /api/plans/{patientId}/open-items: what the treatment modal offers ("din plan"). */
export const openPlanItem = z.object({
  planId: z.string(),
  planNumber: z.number().int(),
  planTitle: z.string(),
  alternative: z.enum(ALTERNATIVE_LABELS),
  itemId: z.string(),
  name: z.string(),
  teeth: z.array(z.string()),
  span: z.object({ start: z.string(), end: z.string() }).nullable(),
  catalogueId: z.number().nullable(),
  finalBani: z.number().int(),
  phaseTitle: z.string(),
});
export type OpenPlanItem = z.infer<typeof openPlanItem>;
export const openPlanItems = z.array(openPlanItem);

/** The treatment modal links a saved entry to an open plan item (save-history / update-history `obj.planItem`). */
export const planItemRef = z.strictObject({ planId: id, itemId: id });
export type PlanItemRef = z.infer<typeof planItemRef>;

/**
 * What a patient signs when accepting an alternative: the plan, its version, its validity, and the
 * alternative's items with prices and totals as they stand. Its canonical JSON is hashed (signatures.ts).
 */
export interface PlanAcceptanceContent {
  kind: 'plan';
  patientId: string;
  planId: string;
  revision: number;
  title: string;
  validUntil: string;
  alternative: AlternativeLabel;
  items: {
    id: string;
    phase: string;
    name: string;
    teeth: string[];
    quantity: number;
    unitPriceBani: number;
    discountBani: number;
    finalBani: number;
  }[];
  discountBani: number;
  totalBani: number;
}

/** The acceptance content of one alternative of a plan as it stands. */
export function planAcceptanceContent(
  source: Pick<Plan, 'id' | 'patientId' | 'revision' | 'title' | 'validUntil'> & {
    alternatives: readonly PlanAlternativeInput[];
  },
  label: AlternativeLabel,
): PlanAcceptanceContent | null {
  const alternative = source.alternatives.find((candidate) => candidate.label === label);
  if (!alternative) return null;
  const totals = alternativeTotals(alternative);
  const items = alternative.phases.flatMap((phase, phaseIndex) =>
    phase.items.map((item, itemIndex) => {
      const line = totals.phases[phaseIndex]?.items[itemIndex];
      return {
        id: item.id,
        phase: phase.title,
        name: item.name,
        teeth: [...item.teeth],
        quantity: item.quantity,
        unitPriceBani: item.unitPriceBani,
        discountBani: line?.discountBani ?? 0,
        finalBani: line?.finalBani ?? 0,
      };
    }),
  );
  return {
    kind: 'plan',
    patientId: source.patientId,
    planId: source.id,
    revision: source.revision,
    title: source.title,
    validUntil: source.validUntil,
    alternative: label,
    items,
    discountBani: totals.discountBani,
    totalBani: totals.totalBani,
  };
}

export { STORED_PLAN_STATUSES };
