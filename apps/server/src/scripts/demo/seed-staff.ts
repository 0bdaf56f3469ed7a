import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { findUserByEmail, insertUser } from '../../features/auth/auth.queries';
import { hashPassword } from '../../features/auth/password.service';
import { DEMO_USERS, type DemoUser } from '../demo-users';

/** Creates the demo staff accounts that are missing; existing accounts (and changed passwords) stay. */
export async function seedStaff(db: Kysely<Database>, now: Date): Promise<DemoUser[]> {
  const users: DemoUser[] = Object.values(DEMO_USERS);
  for (const user of users) {
    if (await findUserByEmail(db, user.email)) continue;
    const at = now.toISOString();
    await insertUser(db, {
      id: randomUUID(),
      nume: user.nume,
      email: user.email,
      telefon: user.telefon,
      functie: user.functie,
      roles: toJsonText(user.roles),
      password_hash: await hashPassword(user.password),
      active: 1,
      created_at: at,
      updated_at: at,
      version: 1,
    });
  }
  return users;
}
