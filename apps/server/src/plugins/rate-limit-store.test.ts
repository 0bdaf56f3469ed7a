import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@odonto/domain/messages';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../test/build-test-app';
import { call, errorOf } from '../../test/http';

/** A new-password request with a token nobody was given: refused, and counted by the route's limiter. */
function saveNewPassword(instance: TestApp, remoteAddress: string) {
  return call(instance.app, {
    method: 'POST',
    url: '/api/save-new-pass',
    remoteAddress,
    body: {
      email: 'nimeni@clinica.test',
      token: 'un-token-pe-care-nu-l-are-nimeni',
      password: 'Parola-Noua-2026',
      confirm: 'Parola-Noua-2026',
    },
  });
}

// Two instances on one PostgreSQL database, as behind a load balancer (decision 0049): the route's limit
// (20 per 15 minutes per address) holds for the group, not 20 per instance.
describe.runIf(TEST_DIALECTS.includes('postgres'))('rate limits shared by the instances of a group', () => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await buildTestApp({ dialect: 'postgres' });
    b = await buildTestApp({ dialect: 'postgres', sameDatabaseAs: a });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  it('counts one address on both instances together, each route and address apart, until the window ends', async () => {
    for (let n = 0; n < 10; n++) {
      expect((await saveNewPassword(a, '203.0.113.7')).statusCode).not.toBe(429);
      expect((await saveNewPassword(b, '203.0.113.7')).statusCode).not.toBe(429);
    }
    for (const instance of [a, b]) {
      const limited = await saveNewPassword(instance, '203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: MESSAGES.rateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // Another address is not limited, on either instance.
    expect((await saveNewPassword(b, '203.0.113.8')).statusCode).not.toBe(429);
    // One row per route and address.
    const rows = await a.db.selectFrom('rate_limits').select(['key', 'hits']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'POST /api/save-new-pass 203.0.113.7', hits: 22 },
      { key: 'POST /api/save-new-pass 203.0.113.8', hits: 1 },
    ]);

    // The window ends 15 minutes after its first hit; the next hit starts a new one.
    a.clock.advanceMinutes(15);
    b.clock.advanceMinutes(15);
    expect((await saveNewPassword(b, '203.0.113.7')).statusCode).not.toBe(429);
    expect(
      await a.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', 'POST /api/save-new-pass 203.0.113.7')
        .executeTakeFirstOrThrow(),
    ).toEqual({ hits: 1 });
  });

  it('counts hits made at the same moment on both instances without losing one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) => saveNewPassword(n % 2 === 0 ? a : b, '203.0.113.9')),
    );
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    const row = await a.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'POST /api/save-new-pass 203.0.113.9')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(24);
  });
});
