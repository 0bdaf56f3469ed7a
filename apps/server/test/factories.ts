import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database';
import { toJsonText } from '../src/db/json';
import { insertUser } from '../src/features/auth/auth.queries';

export interface CreatedUser {
  id: string;
  nume: string;
  email: string;
  password: string;
  roles: string[];
  telefon: string;
  functie: string;
}

let sequence = 0;

/**
 * One argon2id hash per password for the whole test file, at the algorithm's least cost (1 MiB, one
 * pass): the clinic's cost (19 MiB, two passes; hashPassword) takes 20–60 ms of CPU to verify, and the
 * suite signs in about two thousand times per database. Signing in still verifies for real, with the
 * same code: argon2 reads the cost from the stored hash. Hashes the app makes itself (a password set
 * or reset) keep the clinic's cost, and their tests check it.
 */
const passwordHashes = new Map<string, Promise<string>>();
const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1 } as const;

function testPasswordHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hash(password, TEST_HASH_COST);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

/** Inserts a staff account (active, role medic and password 'Parola-Test-123' unless told). */
export async function createUser(
  db: Kysely<Database>,
  overrides: Partial<Omit<CreatedUser, 'id'>> & { active?: boolean; now?: Date } = {},
): Promise<CreatedUser> {
  sequence += 1;
  const user: CreatedUser = {
    id: randomUUID(),
    nume: overrides.nume ?? `Utilizator Test ${sequence}`,
    email: (overrides.email ?? `user${sequence}.${randomUUID().slice(0, 8)}@clinica.test`).toLowerCase(),
    password: overrides.password ?? 'Parola-Test-123',
    roles: overrides.roles ?? ['medic'],
    telefon: overrides.telefon ?? '0722000000',
    functie: overrides.functie ?? 'Medic stomatolog',
  };
  const at = (overrides.now ?? new Date()).toISOString();
  await insertUser(db, {
    id: user.id,
    nume: user.nume,
    email: user.email,
    telefon: user.telefon,
    functie: user.functie,
    roles: toJsonText(user.roles),
    password_hash: await testPasswordHash(user.password),
    active: overrides.active === false ? 0 : 1,
    created_at: at,
    updated_at: at,
    version: 1,
  });
  return user;
}

/** A location of a clinic group straight into the database (issue 14), after the clinic's first one. */
export async function insertLocationRow(
  db: Kysely<Database>,
  row: { id: string; name: string; archivedAt?: string | null },
): Promise<void> {
  const at = '2026-03-01T08:00:00.000Z';
  await db
    .insertInto('locations')
    .values({
      id: row.id,
      name: row.name,
      address: '',
      phone: '',
      opens_at: null,
      closes_at: null,
      position: 100,
      archived_at: row.archivedAt ?? null,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
}
