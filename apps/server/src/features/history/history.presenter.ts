import { isTooth, type ToothId } from '@odonto/domain/teeth';
import {
  HISTORY_TYPES,
  usedInstrument,
  type HistoryPicture,
  type HistoryType,
  type UsedInstrument,
} from '@odonto/domain/contracts/history';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { PlanItemRef } from '@odonto/domain/contracts/plans';
import type { HistoryPictureRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { entrySignatureState } from '../signatures/entry-signature';
import type { HistoryEntryView } from './history.queries';

/**
 * A stored entry as the API answers it (SPEC.md §3 History entry), with its live pictures. Built in one
 * object literal: opening a patient builds hundreds of them (issue 20).
 */
export function toHistoryEntry(
  row: HistoryEntryView,
  pictures: readonly PictureView[],
  planItem: PlanItemRef | null = null,
): PatientHistoryEntry {
  const entry: PatientHistoryEntry = {
    id: Number(row.id),
    type: (HISTORY_TYPES as readonly string[]).includes(row.type) ? (row.type as HistoryType) : 'tratament',
    denumire: row.denumire,
    createdAt: row.created_at,
    updated_at: row.updated_at,
    dinte: tooth(row.dinte),
    dinteStart: tooth(row.dinte_start),
    dinteDestinatie: tooth(row.dinte_destinatie),
    side: row.side === 'top' || row.side === 'bottom' ? row.side : null,
    start: row.start_index,
    end: row.end_index,
    direction: row.direction === 'left' || row.direction === 'right' ? row.direction : null,
    fill: row.fill,
    mapID: row.map_id === null ? null : Number(row.map_id),
    pics: pictures.length === 0 ? [] : pictures.map(toPicture),
    // Removed pictures are gone once the entry is saved: there is nothing left to list.
    deleted: [],
    sterilizari: parseInstruments(row.sterilizari),
    detalii: row.detalii,
    medic: row.medic,
    planItem,
    version: row.version,
    signature: null,
    signed: null,
  };
  // The signature (issue 8): its image, and whether the entry still says what was signed.
  if (row.signature !== null) {
    const state = entrySignatureState(row.patient_id, entry, row.signature);
    entry.signature = state.signature;
    entry.signed = state.signed;
  }
  return entry;
}

/** Entries with their pictures, in the order the rows come (pictures of other entries are ignored). */
export function toHistory(
  rows: readonly HistoryEntryView[],
  pictures: readonly (PictureView & Pick<HistoryPictureRow, 'entry_id'>)[],
  planItems: ReadonlyMap<number, PlanItemRef> = new Map(),
): PatientHistoryEntry[] {
  const byEntry = new Map<number, PictureView[]>();
  for (const picture of pictures) {
    const entryId = Number(picture.entry_id);
    const list = byEntry.get(entryId);
    if (list) list.push(picture);
    else byEntry.set(entryId, [picture]);
  }
  const noPictures: readonly PictureView[] = [];
  return rows.map((row) => {
    const id = Number(row.id);
    return toHistoryEntry(row, byEntry.get(id) ?? noPictures, planItems.get(id) ?? null);
  });
}

/** What a picture row gives its entry's answer. */
export type PictureView = Pick<HistoryPictureRow, 'name' | 'width' | 'height' | 'position'>;

export function toPicture(row: PictureView): HistoryPicture {
  return { name: row.name, w: row.width, h: row.height, index: row.position };
}

export function instrumentsText(instruments: readonly UsedInstrument[]): string {
  return toJsonText(instruments);
}

/** The used instruments stored with an entry; an item that is not one (never written by us) is skipped. */
export function parseInstruments(text: string): UsedInstrument[] {
  if (text === '[]') return [];
  const parsed = safeJson(text);
  if (!Array.isArray(parsed)) return [];
  const instruments: UsedInstrument[] = [];
  for (const item of parsed as unknown[]) {
    const instrument = asWritten(item) ?? usedInstrument.safeParse(item).data;
    if (instrument) instruments.push(instrument);
  }
  return instruments;
}

/**
 * The instrument as `usedInstrument` would answer it, when the item already is exactly that (trimmed
 * strings within their lengths, whole non-negative numbers), as every item we write is; undefined
 * otherwise, and zod decides. Checking by hand costs a fraction of zod's safeParse (which took 0.12–0.2
 * ms for 300 instruments here), and a patient's record parses one list per entry (issue 20).
 */
function asWritten(item: unknown): UsedInstrument | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { name, id_sterilizare: id, used_at: usedAt } = item as Record<string, unknown>;
  if (typeof name !== 'string' || !isTrimmedWithin(name, 200)) return undefined;
  if (typeof usedAt !== 'number' || !isWholeNumber(usedAt)) return undefined;
  const isId =
    typeof id === 'string' ? isTrimmedWithin(id, 100) : typeof id === 'number' && isWholeNumber(id);
  return isId ? { name, id_sterilizare: id as string | number, used_at: usedAt } : undefined;
}

function isTrimmedWithin(text: string, maxLength: number): boolean {
  return text.length >= 1 && text.length <= maxLength && text.trim() === text;
}

function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function tooth(value: string | null): ToothId | null {
  return isTooth(value) ? value : null;
}
