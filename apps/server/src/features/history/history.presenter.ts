import { z } from 'zod';
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
import type { HistoryEntryRow, HistoryPictureRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { entrySignatureState } from '../signatures/entry-signature';

const storedInstruments = z.array(z.unknown());

/** A stored entry as the API answers it (SPEC.md §3 History entry), with its live pictures. */
export function toHistoryEntry(
  row: HistoryEntryRow,
  pictures: readonly HistoryPictureRow[],
  planItem: PlanItemRef | null = null,
): PatientHistoryEntry {
  const entry: Omit<PatientHistoryEntry, 'signature' | 'signed'> = {
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
    pics: pictures.map(toPicture),
    // Removed pictures are gone once the entry is saved: there is nothing left to list.
    deleted: [],
    sterilizari: parseInstruments(row.sterilizari),
    detalii: row.detalii,
    medic: row.medic,
    planItem,
    version: row.version,
  };
  // The signature (issue 8): its image, and whether the entry still says what was signed.
  return { ...entry, ...entrySignatureState(row.patient_id, entry, row.signature) };
}

/** Entries with their pictures, in the order the rows come (pictures of other entries are ignored). */
export function toHistory(
  rows: readonly HistoryEntryRow[],
  pictures: readonly HistoryPictureRow[],
  planItems: ReadonlyMap<number, PlanItemRef> = new Map(),
): PatientHistoryEntry[] {
  const byEntry = new Map<number, HistoryPictureRow[]>();
  for (const picture of pictures) {
    const entryId = Number(picture.entry_id);
    const list = byEntry.get(entryId);
    if (list) list.push(picture);
    else byEntry.set(entryId, [picture]);
  }
  return rows.map((row) =>
    toHistoryEntry(row, byEntry.get(Number(row.id)) ?? [], planItems.get(Number(row.id)) ?? null),
  );
}

export function toPicture(row: HistoryPictureRow): HistoryPicture {
  return { name: row.name, w: row.width, h: row.height, index: row.position };
}

export function instrumentsText(instruments: readonly UsedInstrument[]): string {
  return toJsonText(instruments);
}

/** The used instruments stored with an entry; an item that is not one (never written by us) is skipped. */
export function parseInstruments(text: string): UsedInstrument[] {
  const parsed = storedInstruments.safeParse(safeJson(text));
  if (!parsed.success) return [];
  return parsed.data.flatMap((item) => {
    const instrument = usedInstrument.safeParse(item);
    return instrument.success ? [instrument.data] : [];
  });
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
