import { describe, expect, it } from 'vitest';
import { changesSessions, SESSION_CACHE_SIZE, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import type { SessionWithUser } from './sessions.queries';

function session(id: string): SessionWithUser {
  return {
    sessionId: id,
    lastSeenAt: '2026-12-05T10:00:00.000Z',
    expiresAt: '2026-12-05T22:00:00.000Z',
    user: {
      id: 'u1',
      nume: 'Ana',
      email: 'a@x.ro',
      telefon: '',
      functie: '',
      roles: ['medic'],
      active: true,
    },
  };
}

/** A cache on a clock the test moves. */
function cacheAt(start = 0) {
  let now = start;
  const cache = new SessionCache({ isOn: true, clock: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('answers a stored session until its time is up', () => {
    const { cache, advance } = cacheAt();
    cache.store('h1', session('s1'), cache.generation);
    expect(cache.get('h1')?.sessionId).toBe('s1');
    expect(cache.get('h2')).toBeUndefined();
    advance(SESSION_CACHE_TTL_MS - 1);
    expect(cache.get('h1')?.sessionId).toBe('s1');
    advance(1);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets everything on clear, and keeps no read that a clear overtook', () => {
    const { cache } = cacheAt();
    cache.store('h1', session('s1'), cache.generation);
    const before = cache.generation;
    cache.clear();
    expect(cache.get('h1')).toBeUndefined();
    // A read that started before the clear carries what was true before it: not kept.
    cache.store('h2', session('s2'), before);
    expect(cache.get('h2')).toBeUndefined();
    cache.store('h2', session('s2'), cache.generation);
    expect(cache.get('h2')?.sessionId).toBe('s2');
  });

  it('keeps nothing while suspended, and nothing read before it resumed', () => {
    const { cache } = cacheAt();
    cache.store('h1', session('s1'), cache.generation);
    cache.suspend();
    expect(cache.isOn).toBe(false);
    expect(cache.get('h1')).toBeUndefined();
    const whileOff = cache.generation;
    cache.store('h1', session('s1'), whileOff);
    expect(cache.get('h1')).toBeUndefined();
    cache.resume();
    expect(cache.isOn).toBe(true);
    cache.store('h1', session('s1'), whileOff);
    expect(cache.get('h1')).toBeUndefined();
    cache.store('h1', session('s1'), cache.generation);
    expect(cache.get('h1')?.sessionId).toBe('s1');
  });

  it('a cache made off keeps nothing', () => {
    const cache = new SessionCache({ isOn: false });
    cache.store('h1', session('s1'), cache.generation);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops the oldest session past its size', () => {
    const { cache } = cacheAt();
    for (let index = 0; index <= SESSION_CACHE_SIZE; index += 1) {
      cache.store(`h${index}`, session(`s${index}`), cache.generation);
    }
    expect(cache.get('h0')).toBeUndefined();
    expect(cache.get('h1')?.sessionId).toBe('s1');
    expect(cache.get(`h${SESSION_CACHE_SIZE}`)?.sessionId).toBe(`s${SESSION_CACHE_SIZE}`);
  });
});

describe('changesSessions', () => {
  it.each([
    ['update "users" set "roles" = ? where "id" = ?', true],
    ['update "sessions" set "last_seen_at" = $1 where "id" = $2', true],
    ['delete from "sessions" where "user_id" = ?', true],
    ['delete from "users" where "id" = ?', true],
    ['insert into "sessions" ("id", "token_hash") values (?, ?)', true],
    ['insert into "users" ("id") values (?)', true],
    ['UPDATE users SET active = 0', true],
    ['DELETE FROM sessions', true],
    ['with gone as (delete from "sessions" where "id" = $1 returning 1) select count(*) from gone', true],
    [
      'select "sessions"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
      false,
    ],
    ['update "patients" set "nume" = ? where "id" = ?', false],
    ['insert into "audit_log" ("action", "entity") values (\'update\', \'users\')', false],
    ['delete from "user_locations" where "user_id" = ?', false],
    ['insert into "users_archive" ("id") values (?)', false],
    ['update "sessions_log" set "x" = 1', false],
  ])('%s → %s', (text, expected) => {
    expect(changesSessions(text)).toBe(expected);
  });
});
