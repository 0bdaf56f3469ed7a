import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { vacuumAfterBulkLoad, lockTable, type DialectName } from '../../db/dialect';
import { COUNTIES, countyByAuto, type County } from '@odonto/domain/places';
import { parseSiruta } from '@odonto/domain/siruta';
import type {
  CountyLocalitiesResponse,
  PlacesRegister,
  PlacesResponse,
} from '@odonto/domain/contracts/places';
import type { Database, NewPlaceRow } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { COUNTRIES, COUNTRIES_TAG } from './countries';
import {
  countPlacesByCounty,
  hasPlaces,
  listCountyPlaces,
  readImportSetting,
  replacePlaces,
  writeImportSetting,
} from './places.queries';

/** What is recorded about the last import (the `settings` row 'places.import'). */
export interface PlacesImport {
  /** Random per import: the ETag of every places answer changes with it. */
  id: string;
  importedAt: string;
  counties: number;
  localities: number;
  sha256: string;
  /** 'builtin': the register shipped with Odonto, loaded on the first start (places-builtin.service.ts). */
  source: 'cli' | 'upload' | 'demo' | 'builtin';
  /** The SIRUTA edition, when known (the shipped register's: '2025_S1'). */
  edition?: string;
}

export interface ImportOptions {
  now?: Date;
  source?: PlacesImport['source'];
  edition?: string;
  actor?: AuditActor;
}

const NO_ACTOR: AuditActor = { userId: null, userEmail: null, ip: null };

/**
 * Parses a SIRUTA register and replaces every stored locality with its content in one transaction.
 * A file the parser refuses (SirutaFormatError) changes nothing.
 */
export async function importPlaces(
  db: Kysely<Database>,
  dialect: DialectName,
  csvText: string,
  options: ImportOptions = {},
): Promise<PlacesImport> {
  const imported = await storePlaces(db, dialect, csvText, options, false);
  if (!imported) throw new Error('places import stored nothing');
  return imported;
}

/**
 * Like importPlaces, but only into a database without localities: the check and the writes are one
 * transaction, with the table locked on PostgreSQL, so two servers starting on one new database load the
 * register once. Answers null (and writes nothing) when localities are already there.
 */
export async function importPlacesIfEmpty(
  db: Kysely<Database>,
  dialect: DialectName,
  csvText: string,
  options: ImportOptions = {},
): Promise<PlacesImport | null> {
  return storePlaces(db, dialect, csvText, options, true);
}

async function storePlaces(
  db: Kysely<Database>,
  dialect: DialectName,
  csvText: string,
  options: ImportOptions,
  onlyIfEmpty: boolean,
): Promise<PlacesImport | null> {
  const { localitati, counts } = parseSiruta(csvText);
  const rows: NewPlaceRow[] = [];
  for (const [auto, list] of Object.entries(localitati)) {
    list.forEach((locality, position) =>
      rows.push({
        county_auto: auto,
        position,
        nume: locality.nume,
        simplu: locality.simplu ?? null,
        comuna: locality.comuna ?? null,
      }),
    );
  }
  const now = options.now ?? new Date();
  const record: PlacesImport = {
    id: randomUUID(),
    importedAt: now.toISOString(),
    ...counts,
    sha256: createHash('sha256').update(csvText).digest('hex'),
    source: options.source ?? 'cli',
    ...(options.edition === undefined ? {} : { edition: options.edition }),
  };
  const stored = await db.transaction().execute(async (trx) => {
    if (onlyIfEmpty) {
      await lockTable(trx, dialect, 'places');
      if (await hasPlaces(trx)) return null;
    }
    await replacePlaces(trx, rows);
    await writeImportSetting(trx, JSON.stringify(record), record.importedAt);
    await writeAudit(trx, now, options.actor ?? NO_ACTOR, {
      action: 'places_import',
      entity: 'places',
      details: {
        ...counts,
        sha256: record.sha256,
        source: record.source,
        ...(record.edition === undefined ? {} : { edition: record.edition }),
      },
    });
    return record;
  });
  // About 14,000 localities replaced at once: fresh statistics (decision 0044).
  if (stored) await vacuumAfterBulkLoad(db, dialect, { tables: ['places'] });
  return stored;
}

/** The last import, or null before the first one (or when the record is unreadable). */
export async function lastImport(db: Kysely<Database>): Promise<PlacesImport | null> {
  const text = await readImportSetting(db);
  if (text === null) return null;
  try {
    return JSON.parse(text) as PlacesImport;
  } catch {
    return null;
  }
}

/** The validator of the places answers: it changes with every import and with the country names. */
export async function placesEtag(db: Kysely<Database>, scope: string): Promise<string> {
  const imported = await lastImport(db);
  return `"places-${imported?.id ?? 'none'}-${COUNTRIES_TAG}-${scope}"`;
}

/** GET /api/places: the 42 counties with their stored locality counts, and the countries. */
export async function placesSummary(db: Kysely<Database>): Promise<PlacesResponse> {
  const counts = await countPlacesByCounty(db);
  const imported = await lastImport(db);
  return {
    judete: COUNTIES.map((county) => ({
      auto: county.auto,
      nume: county.nume,
      localitati: counts.get(county.auto) ?? 0,
    })),
    tari: [...COUNTRIES],
    ...(imported ? { registru: registerOf(imported) } : {}),
  };
}

function registerOf(imported: PlacesImport): PlacesRegister {
  return {
    inclus: imported.source === 'builtin' || imported.source === 'demo',
    ...(imported.edition === undefined ? {} : { editie: imported.edition }),
    incarcatLa: imported.importedAt,
  };
}

/** The county of a request parameter ('cj' → Cluj), or null for an unknown code. */
export function knownCounty(auto: string): County | null {
  return countyByAuto(auto) ?? null;
}

/** GET /api/places/{auto}: one county's localities (an empty list before the first import). */
export async function countyPlaces(db: Kysely<Database>, county: County): Promise<CountyLocalitiesResponse> {
  return { auto: county.auto, nume: county.nume, localitati: await listCountyPlaces(db, county.auto) };
}

/**
 * Upload bytes → text: UTF-8 as INS and every re-publication use now; older exports in the Central
 * European Windows code page are read too, rather than refused.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}
