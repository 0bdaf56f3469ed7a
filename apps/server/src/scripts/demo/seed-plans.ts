import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../files/blob-store';
import { catalogueEntryByName } from '@odonto/domain/catalogue';
import { historyObj } from '@odonto/domain/contracts/history';
import type { PlanAlternativeInput, PlanContentInput, PlanItemInput } from '@odonto/domain/contracts/plans';
import { toIsoDay } from '@odonto/domain/dates';
import type { ToothId } from '@odonto/domain/teeth';
import type { Database } from '../../db/database';
import { createEntry, type HistoryDeps } from '../../features/history/history.service';
import { createPlan, rejectPlan, type PlansDeps } from '../../features/plans/plans.service';
import { findPricesOn } from '../../features/price-list/price-list.queries';
import { activateSignature, type SignatureDeps } from '../../features/signatures/signatures.service';
import { StationHub } from '../../features/signatures/station-hub';
import type { SessionUser } from '../../plugins/sessions';
import { DEMO_USERS } from '../demo-users';
import { demoSignature } from './seed-signatures';

/**
 * Treatment plans of the demo patients (issue 12), one in every status: propus, acceptat, în lucru,
 * finalizat, respins, and a proposal past its validity (expirat). Each is written through the plans,
 * signatures and history services with the clock on its day, priced from the demo price list where it
 * has the procedure (the price on the plan's day), else with the clinic's usual price typed in.
 */

const DAY_MS = 86_400_000;

/** A procedure of the catalogue with the price a Romanian city clinic asks when the list has none (bani). */
interface Line {
  name: string;
  teeth: ToothId[];
  fallbackBani: number;
  quantity?: number;
}

const HYGIENE: Line[] = [
  { name: 'consultație', teeth: [], fallbackBani: 15_000 },
  { name: 'detartraj ultrasonic', teeth: [], fallbackBani: 25_000 },
];
const FILLINGS: Line[] = [
  { name: 'obturație compozit o suprafață', teeth: ['1.6'], fallbackBani: 30_000 },
  { name: 'obturație compozit două suprafețe', teeth: ['2.6'], fallbackBani: 38_000 },
];
const CROWN: Line[] = [{ name: 'coroană zirconiu monolitic', teeth: ['3.6'], fallbackBani: 160_000 }];
const IMPLANT: Line[] = [
  { name: 'extracție dentară', teeth: ['3.6'], fallbackBani: 35_000 },
  { name: 'implant dentar', teeth: ['3.6'], fallbackBani: 320_000 },
];

interface DemoPlan {
  title: string;
  /** Days before today the plan was made. */
  daysAgo: number;
  validDays: number;
  alternatives: { title: string; percentOff?: number; phases: { title: string; lines: Line[] }[] }[];
  outcome: 'propus' | 'acceptat' | 'în lucru' | 'finalizat' | 'respins' | 'expirat';
}

const PLANS: DemoPlan[] = [
  {
    title: 'Reabilitare cadran 3',
    daysAgo: 3,
    validDays: 30,
    outcome: 'propus',
    alternatives: [
      { title: 'Coroană pe dinte tratat', phases: [{ title: 'Etapa 1', lines: [...HYGIENE, ...CROWN] }] },
      {
        title: 'Extracție și implant',
        percentOff: 500,
        phases: [
          { title: 'Etapa 1', lines: [...HYGIENE] },
          { title: 'Etapa 2', lines: IMPLANT },
        ],
      },
    ],
  },
  {
    title: 'Tratament carii',
    daysAgo: 10,
    validDays: 60,
    outcome: 'acceptat',
    alternatives: [
      { title: 'Obturații compozit', phases: [{ title: 'Ședința 1', lines: [...HYGIENE, ...FILLINGS] }] },
    ],
  },
  {
    title: 'Igienizare și obturații',
    daysAgo: 20,
    validDays: 60,
    outcome: 'în lucru',
    alternatives: [
      {
        title: 'Igienizare, apoi obturații',
        phases: [
          { title: 'Ședința 1', lines: HYGIENE },
          { title: 'Ședința 2', lines: FILLINGS },
        ],
      },
    ],
  },
  {
    title: 'Igienizare profesională',
    daysAgo: 40,
    validDays: 30,
    outcome: 'finalizat',
    alternatives: [{ title: 'Igienizare', phases: [{ title: 'Ședința 1', lines: HYGIENE }] }],
  },
  {
    title: 'Implant 3.6',
    daysAgo: 15,
    validDays: 30,
    outcome: 'respins',
    alternatives: [{ title: 'Implant cu coroană', phases: [{ title: 'Chirurgie', lines: IMPLANT }] }],
  },
  {
    title: 'Coroană 3.6',
    daysAgo: 75,
    validDays: 30,
    outcome: 'expirat',
    alternatives: [{ title: 'Coroană zirconiu', phases: [{ title: 'Etapa 1', lines: CROWN }] }],
  },
];

export async function seedPlans(db: Kysely<Database>, blobs: BlobStore, now: Date): Promise<number> {
  if (await db.selectFrom('treatment_plans').select('id').limit(1).executeTakeFirst()) return 0;
  const doctor = await db
    .selectFrom('users')
    .select(['id', 'nume', 'email', 'telefon', 'functie', 'roles'])
    .where('email', '=', DEMO_USERS.medic.email)
    .executeTakeFirst();
  if (!doctor) return 0;
  const user: SessionUser = { ...doctor, roles: JSON.parse(doctor.roles) as string[] };
  const actor = { userId: doctor.id, userEmail: doctor.email, ip: null };
  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .offset(1)
    .limit(PLANS.length)
    .execute();
  let seeded = 0;
  for (const [index, patient] of patients.entries()) {
    const demo = PLANS[index];
    if (!demo) break;
    const day = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    const at = (offsetDays: number) => () => new Date(day.getTime() + offsetDays * DAY_MS);
    const content = await planContent(db, demo, doctor.id, toIsoDay(day));
    const plan = await createPlan({ db, now: at(0) }, actor, patient.id, content);
    seeded += 1;
    if (demo.outcome === 'propus' || demo.outcome === 'expirat') continue;
    if (demo.outcome === 'respins') {
      const deps: PlansDeps = { db, now: at(2) };
      await rejectPlan(deps, actor, plan.id, {
        version: plan.version,
        reason: 'Pacientul dorește să mai reflecteze la cost.',
      });
      continue;
    }
    const signatureDeps: SignatureDeps = {
      db,
      now: at(1),
      store: { db, blobs, now: at(1) },
      hub: new StationHub(),
    };
    await activateSignature(
      signatureDeps,
      { user, actor },
      {
        kind: 'plan',
        patientId: patient.id,
        planId: plan.id,
        alternative: 'A',
        revision: plan.revision,
        image: await demoSignature(index + 20),
      },
    );
    if (demo.outcome === 'acceptat') continue;
    const items = plan.alternatives[0]?.phases.flatMap((phase) => phase.items) ?? [];
    const done = demo.outcome === 'finalizat' ? items : items.filter((item) => item.teeth.length === 0);
    for (const [offset, item] of done.entries()) {
      const when = new Date(day.getTime() + (3 + offset) * DAY_MS);
      const deps: HistoryDeps = { db, now: () => when, store: { db, blobs, now: () => when } };
      const obj = historyObj.parse({
        id: when.getTime(),
        type: 'tratament',
        denumire: item.name,
        createdAt: toIsoDay(when),
        dinte: item.teeth[0] ?? null,
        mapID: item.catalogueId,
        medic: doctor.nume,
        planItem: { planId: plan.id, itemId: item.id },
      });
      await createEntry(deps, actor, patient.id, { obj, files: [], deleted: [], usedInstruments: [] });
    }
  }
  return seeded;
}

async function planContent(
  db: Kysely<Database>,
  demo: DemoPlan,
  doctorId: string,
  day: string,
): Promise<PlanContentInput> {
  const validUntil = toIsoDay(new Date(Date.parse(`${day}T12:00:00Z`) + demo.validDays * DAY_MS));
  const catalogueIds = demo.alternatives.flatMap((alternative) =>
    alternative.phases.flatMap((phase) =>
      phase.lines.map((line) => catalogueEntryByName(line.name)?.id ?? -1),
    ),
  );
  const listed = await db
    .selectFrom('price_items')
    .select(['id', 'catalogue_id'])
    .where('catalogue_id', 'in', catalogueIds)
    .where('active', '=', 1)
    .execute();
  const itemByCatalogue = new Map(listed.map((row) => [Number(row.catalogue_id), row.id]));
  const prices = await findPricesOn(
    db,
    listed.map((row) => row.id),
    day,
  );
  const alternatives: PlanAlternativeInput[] = demo.alternatives.map((alternative, index) => ({
    label: (['A', 'B', 'C'] as const)[index] ?? 'A',
    title: alternative.title,
    discount: alternative.percentOff ? { kind: 'percent', bp: alternative.percentOff } : null,
    notes: '',
    phases: alternative.phases.map((phase) => ({
      id: randomUUID(),
      title: phase.title,
      items: phase.lines.map((line): PlanItemInput => {
        const catalogueId = catalogueEntryByName(line.name)?.id ?? null;
        const priceItemId = catalogueId === null ? undefined : itemByCatalogue.get(catalogueId);
        const listPrice = priceItemId ? prices.get(priceItemId)?.amountBani : null;
        const priced = priceItemId !== undefined && listPrice !== null && listPrice !== undefined;
        return {
          id: randomUUID(),
          teeth: line.teeth,
          span: null,
          priceItemId: priced ? priceItemId : null,
          catalogueId,
          name: line.name,
          unit: line.teeth.length > 0 ? 'dinte' : 'vizita',
          quantity: line.quantity ?? 1,
          unitPriceBani: priced ? listPrice : line.fallbackBani,
          listPriceBani: null,
          priceReason: null,
          vatRateBp: null,
          discount: null,
          notes: '',
        };
      }),
    })),
  }));
  return { title: demo.title, doctorId, validUntil, notes: '', alternatives };
}
