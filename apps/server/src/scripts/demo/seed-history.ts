import type { Kysely } from 'kysely';
import type { BlobStore } from '../../files/blob-store';
import sharp from 'sharp';
import { chartState } from '@odonto/domain/chart-state';
import { toInstant } from '@odonto/domain/clinic-time';
import { entryFieldsFromForm, historyObj } from '@odonto/domain/contracts/history';
import { pictureName } from '@odonto/domain/contracts/history-pictures';
import { toIsoDay } from '@odonto/domain/dates';
import type { ToothId } from '@odonto/domain/teeth';
import type { Database } from '../../db/database';
import { parseStringArray, toJsonText } from '../../db/json';
import { checkTreatment, entryColumns, lockPatient } from '../../features/history/entry-rules';
import { toHistoryEntry } from '../../features/history/history.presenter';
import { insertEntry, setRemovedTeeth } from '../../features/history/history.queries';
import { createEntry, historyAudit, type HistoryDeps } from '../../features/history/history.service';
import type { UploadedFile } from '../../files/multipart';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { DEMO_USERS } from '../demo-users';
import { seededRandom } from './patient-generator';

/**
 * The demo patients' treatment histories (issue 4): consultations, hygiene, fillings, root canals, crowns,
 * extractions, implants, bridges, removed teeth and a few before/after pictures. Each act is written by
 * the history feature's own rules, queries and services, with the clock set to the act's day, so the
 * rows, files and audit entries are what a doctor saving that treatment on that day would have written.
 */

const DAY_MS = 86_400_000;

type Act =
  | { kind: 'entry'; denumire: string; dinte: ToothId | null; detalii?: string; pictures?: boolean }
  | { kind: 'bridge'; denumire: string; start: ToothId; end: ToothId; detalii?: string }
  | { kind: 'removed'; dinte: ToothId };

const CROWNS = ['coroană metalo-ceramică', 'coroană zirconiu monolitic', 'coroană integral ceramică e.max'];
const BRIDGES = ['punte metalo-ceramică', 'punte zirconiu'];
const FILLINGS = [
  'obturație compozit o suprafață',
  'obturație compozit două suprafețe',
  'obturație compozit trei suprafețe',
];
/** Three teeth of a row: a bridge from one end to the other replaces the extracted middle one. */
const BRIDGE_SPANS: readonly [ToothId, ToothId, ToothId][] = [
  ['4.7', '4.6', '4.5'],
  ['3.5', '3.6', '3.7'],
  ['1.4', '1.5', '1.6'],
  ['2.6', '2.5', '2.4'],
];
const ROOT_CANAL_TEETH: readonly ToothId[] = ['1.6', '2.6', '3.6', '4.6', '1.5', '2.4', '3.7', '4.7', '2.1'];
const FILLING_TEETH: readonly ToothId[] = ['1.7', '2.7', '3.5', '4.5', '1.4', '2.5', '3.4', '4.4', '1.2'];
const IMPLANT_TEETH: readonly ToothId[] = ['3.6', '4.6', '1.5', '2.5', '4.5'];
const WISDOM_TEETH: readonly ToothId[] = ['1.8', '2.8', '3.8', '4.8'];

/** The acts of one patient, in the order they happen; `random` makes each patient's story its own. */
export function planActs(random: () => number, withPictures: boolean): Act[] {
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const used = new Set<ToothId>();
  const free = (teeth: readonly ToothId[]) => teeth.filter((tooth) => !used.has(tooth));
  const take = (teeth: readonly ToothId[]): ToothId | null => {
    const candidates = free(teeth);
    if (candidates.length === 0) return null;
    const tooth = pick(candidates);
    used.add(tooth);
    return tooth;
  };

  const acts: Act[] = [{ kind: 'entry', denumire: 'consultație', dinte: null, detalii: 'Examen clinic.' }];
  if (chance(0.5)) acts.push({ kind: 'entry', denumire: 'radiografie panoramică (OPG)', dinte: null });
  if (chance(0.7)) acts.push({ kind: 'entry', denumire: 'detartraj ultrasonic', dinte: null });

  const bridge = chance(0.3) ? pick(BRIDGE_SPANS) : null;
  if (bridge) for (const tooth of bridge) used.add(tooth);

  for (let count = Math.floor(random() * 3); count > 0; count -= 1) {
    const tooth = take(FILLING_TEETH);
    if (tooth) acts.push({ kind: 'entry', denumire: pick(FILLINGS), dinte: tooth });
  }
  if (chance(0.6) || withPictures) {
    const tooth = take(ROOT_CANAL_TEETH);
    if (tooth) {
      const molar = ['6', '7', '8'].includes(tooth[2] ?? '');
      acts.push({
        kind: 'entry',
        denumire: molar ? 'tratament endodontic pluriradicular' : 'tratament endodontic monoradicular',
        dinte: tooth,
        detalii: 'Canale obturate, control radiologic.',
      });
      acts.push({ kind: 'entry', denumire: pick(CROWNS), dinte: tooth, pictures: withPictures });
    }
  }
  if (chance(0.5)) {
    const tooth = take(WISDOM_TEETH);
    if (tooth) {
      acts.push({
        kind: 'entry',
        denumire: 'extracție dentară',
        dinte: tooth,
        detalii: 'Extracție molar de minte, sutură.',
      });
    }
  }
  if (chance(0.3)) {
    const tooth = take(IMPLANT_TEETH);
    if (tooth) {
      acts.push({ kind: 'entry', denumire: 'extracție dentară', dinte: tooth, detalii: 'Rest radicular.' });
      acts.push({ kind: 'entry', denumire: 'implant dentar', dinte: tooth, detalii: 'Implant 4,1 × 10 mm.' });
      acts.push({ kind: 'entry', denumire: 'coroană zirconiu pe implant', dinte: tooth });
    }
  }
  if (bridge) {
    const [first, middle, last] = bridge;
    const [start, end] = chance(0.5) ? [first, last] : [last, first];
    acts.push({
      kind: 'entry',
      denumire: 'extracție dentară',
      dinte: middle,
      detalii: 'Dinte nerecuperabil.',
    });
    acts.push({ kind: 'bridge', denumire: pick(BRIDGES), start, end, detalii: `Punte ${start} → ${end}.` });
  }
  if (chance(0.15)) {
    const tooth = take(WISDOM_TEETH);
    if (tooth) acts.push({ kind: 'removed', dinte: tooth });
  }
  if (chance(0.5)) acts.push({ kind: 'entry', denumire: 'control periodic', dinte: null });
  return acts;
}

/**
 * The demo's before/after pair, drawn once: a stained tooth, then a white one. Without text, so the SVG
 * renders without loading fonts.
 */
const demoPictures = new Map<boolean, Promise<Buffer>>();
function demoPicture(after: boolean): Promise<Buffer> {
  const cached = demoPictures.get(after) ?? renderDemoPicture(after);
  demoPictures.set(after, cached);
  return cached;
}

async function renderDemoPicture(after: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${after ? '#d7ecf7' : '#f2e3d5'}"/>
    <path d="M170 90 Q240 50 310 90 Q330 170 300 230 Q285 300 262 300 Q250 250 240 250 Q230 250 218 300
      Q195 300 180 230 Q150 170 170 90 Z" fill="${after ? '#fbfbf7' : '#b9a77f'}" stroke="#555" stroke-width="4"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface DemoPatient {
  id: string;
  created_at: string;
  medic: string;
}

interface TimedAct {
  act: Act;
  /** The treatment day, YYYY-MM-DD. */
  day: string;
  /** When it is saved: that day, from 9:00, a few minutes after the act before it. */
  at: Date;
}

type Doctor = AuditActor & { nume: string };

/** The act's modal fields, as a doctor fills them in. */
function formOf(act: Exclude<Act, { kind: 'removed' }>, day: string, medic: string) {
  const bridge = act.kind === 'bridge';
  return {
    createdAt: day,
    dinte: bridge ? act.start : act.dinte,
    dinteDestinatie: bridge ? act.end : null,
    denumire: act.denumire,
    medic,
    detalii: act.detalii ?? '',
  };
}

/**
 * Writes acts without pictures in one transaction, with the pieces of the history services: the same
 * treatment rules against the chart as it stands (checkTreatment), the same columns (entryColumns), ids
 * and audit rows. One commit per patient instead of one per act keeps `npm run demo` quick.
 */
async function writeActs(db: Kysely<Database>, patientId: string, doctor: Doctor, acts: readonly TimedAct[]) {
  if (acts.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const locked = await lockPatient(trx, patientId);
    const history = [...locked.history];
    let removed = parseStringArray(locked.patient.dinti_stersi);
    let lastId = Math.max(0, ...history.map((entry) => entry.id));
    for (const { act, day, at } of acts) {
      if (act.kind === 'removed') {
        removed = removed.includes(act.dinte)
          ? removed.filter((tooth) => tooth !== act.dinte)
          : [...removed, act.dinte];
        const updated = await setRemovedTeeth(trx, patientId, toJsonText(removed), at.toISOString());
        await writeAudit(trx, at, doctor, {
          action: 'tooth_toggle',
          entity: 'patient',
          entityId: patientId,
          patientId,
          details: { dinte: act.dinte, removed: removed.includes(act.dinte), version: updated?.version },
        });
        continue;
      }
      const chart = chartState(history, removed);
      const checked = checkTreatment(formOf(act, day, doctor.nume), { mode: 'create', now: at, chart });
      const id = Math.max(at.getTime(), lastId + 1);
      lastId = id;
      const row = await insertEntry(trx, {
        patient_id: patientId,
        id,
        ...entryColumns(checked, []),
        signature: null,
        updated_at: null,
        version: 1,
        deleted_at: null,
        deleted_by: null,
      });
      const audit =
        act.kind === 'bridge'
          ? historyAudit('bridge_create', patientId, id, {
              denumire: row.denumire,
              dinteStart: act.start,
              dinteDestinatie: act.end,
            })
          : historyAudit('history_create', patientId, id, {
              type: row.type,
              denumire: row.denumire,
              dinte: row.dinte,
              pictures: [],
            });
      await writeAudit(trx, at, doctor, audit);
      history.push(toHistoryEntry(row, []));
    }
  });
}

/** A treatment with a before and an after picture, saved as save-history saves it (files included). */
async function saveWithPictures(
  db: Kysely<Database>,
  blobs: BlobStore,
  patientId: string,
  doctor: Doctor,
  { act, day, at }: TimedAct,
  random: () => number,
) {
  if (act.kind !== 'entry') return;
  const id = at.getTime();
  const files: UploadedFile[] = [];
  for (const after of [false, true]) {
    const name = pictureName(id, Math.floor(random() * 100_000), after ? 'dupa.png' : 'inainte.png');
    files.push({ fieldName: name, fileName: name, data: await demoPicture(after) });
  }
  const obj = historyObj.parse({
    id,
    ...entryFieldsFromForm(formOf(act, day, doctor.nume)),
    createdAt: day,
    pics: files.map((file, index) => ({ name: file.fieldName, w: 480, h: 360, index })),
    deleted: [],
    sterilizari: [],
    detalii: act.detalii ?? '',
    signature: null,
    medic: doctor.nume,
  });
  const deps: HistoryDeps = { db, now: () => at, store: { db, blobs, now: () => at } };
  await createEntry(deps, doctor, patientId, { obj, files, deleted: [], usedInstruments: [] });
}

/** Plays one patient's acts, in order, on days spread from the patient's first visit to yesterday. */
async function playActs(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
  patient: DemoPatient,
  doctor: Doctor,
  acts: readonly Act[],
  random: () => number,
): Promise<void> {
  const firstDay = toInstant(toIsoDay(patient.created_at)) + DAY_MS / 2;
  const lastDay = Math.max(firstDay, now.getTime() - DAY_MS);
  const days = acts
    .map(() => firstDay + Math.floor(random() * ((lastDay - firstDay) / DAY_MS + 1)) * DAY_MS)
    .sort((a, b) => a - b);
  let pending: TimedAct[] = [];
  for (const [index, act] of acts.entries()) {
    const day = toIsoDay(new Date(days[index] ?? firstDay));
    const timed = { act, day, at: new Date(toInstant(day) + 9 * 3_600_000 + index * 7 * 60_000) };
    if (act.kind !== 'entry' || !act.pictures) {
      pending.push(timed);
      continue;
    }
    await writeActs(db, patient.id, doctor, pending);
    pending = [];
    await saveWithPictures(db, blobs, patient.id, doctor, timed, random);
  }
  await writeActs(db, patient.id, doctor, pending);
}

/**
 * Gives every demo patient a history, once: a clinic that already has history entries is left alone.
 * Returns the number of patients given one.
 */
export async function seedHistory(db: Kysely<Database>, blobs: BlobStore, now: Date): Promise<number> {
  const existing = await db.selectFrom('history_entries').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const patients = await db
    .selectFrom('patients')
    .select(['id', 'created_at', 'medic'])
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .execute();
  const doctors = await db
    .selectFrom('users')
    .select(['id', 'email', 'nume'])
    .where('email', 'in', [DEMO_USERS.medic.email, DEMO_USERS.medic2.email])
    .execute();
  if (doctors.length === 0) return 0;
  for (const [index, patient] of patients.entries()) {
    const random = seededRandom(4_000 + index);
    const doctor =
      doctors.find((candidate) => candidate.nume === patient.medic) ?? doctors[index % doctors.length];
    if (!doctor) continue;
    const actor: Doctor = { userId: doctor.id, userEmail: doctor.email, ip: null, nume: doctor.nume };
    await playActs(db, blobs, now, patient, actor, planActs(random, index % 10 === 0), random);
  }
  return patients.length;
}
