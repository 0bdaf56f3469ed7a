import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDialect, type TestApp } from '../../test/build-test-app';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { insertOutboxRow } from './outbox.queries';
import type { SmsProvider } from './sms';
import { createOutboxWorker } from './worker';

const MESSAGES = 200;

/** An SMS gateway that counts what it accepted, per outbox row, yielding between messages. */
function countingGateway(accepted: Map<string, number>): SmsProvider {
  return {
    name: 'counting',
    async send(_message, { id }) {
      await new Promise((resolve) => setImmediate(resolve));
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
    },
  };
}

async function queueMessages(t: TestApp, count: number): Promise<void> {
  const at = new Date(t.clock.now().getTime() - 60_000).toISOString();
  for (let n = 0; n < count; n += 1) {
    await insertOutboxRow(t.db, {
      id: randomUUID(),
      channel: 'sms',
      kind: null,
      ref_id: null,
      recipient: '+40722123456',
      subject: null,
      body: `Mesajul ${n}`,
      status: 'queued',
      attempts: 0,
      last_error: null,
      send_after: at,
      claimed_at: null,
      sent_at: null,
      created_at: at,
      updated_at: at,
    });
  }
}

async function statusCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

describeEachDialect('the outbox with a worker on every instance', ({ build, dialect }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The database as another instance sees it: on PostgreSQL a pool of its own; SQLite has one process. */
  async function instanceDatabase(t: TestApp): Promise<Kysely<Database>> {
    if (dialect === 'sqlite') return t.db;
    const handle = await connectDatabase(t.config.database);
    cleanups.push(() => handle.close());
    return handle.db;
  }

  function workerOn(t: TestApp, db: Kysely<Database>, sms: SmsProvider) {
    return createOutboxWorker({ db, dialect, now: t.clock.now, log: t.app.log, sms, intervalMs: 1000 });
  }

  it('sends each of 200 messages exactly once; a dead worker’s batch goes out once its lease ends', async () => {
    const t = await build();
    cleanups.push(t.close);
    await queueMessages(t, MESSAGES);
    const accepted = new Map<string, number>();
    const gateway = countingGateway(accepted);

    // Instance A dies during its sixth message: the call never returns and its claims stay behind.
    let dyingCalls = 0;
    let dropConnection: (error: Error) => void = () => {};
    const dying: SmsProvider = {
      name: 'dying',
      async send(message, context) {
        dyingCalls += 1;
        if (dyingCalls <= 5) return gateway.send(message, context);
        return new Promise((_resolve, reject) => {
          dropConnection = reject;
        });
      },
    };
    const dead = workerOn(t, await instanceDatabase(t), dying);
    const deadPass = dead.runOnce();
    await vi.waitFor(() => expect(dyingCalls).toBe(6));

    // Instances B and C, claiming at the same moments, share the rest and leave A's claims alone.
    const b = workerOn(t, await instanceDatabase(t), gateway);
    const c = workerOn(t, await instanceDatabase(t), gateway);
    const drain = async () => {
      const totals = [0, 0];
      for (;;) {
        const handled = await Promise.all([b.runOnce(), c.runOnce()]);
        handled.forEach((n, i) => (totals[i] = (totals[i] ?? 0) + n));
        if (handled.every((n) => n === 0)) return totals;
      }
    };
    const first = await drain();
    expect(first[0]).toBeGreaterThan(0);
    expect(first[1]).toBeGreaterThan(0);
    expect((first[0] ?? 0) + (first[1] ?? 0)).toBe(MESSAGES - 20);
    expect(await statusCounts(t.db)).toEqual({ sent: MESSAGES - 15, sending: 15 });

    // A's lease (10 minutes) runs out: B and C send what it held.
    t.clock.advanceMinutes(11);
    const second = await drain();
    expect((second[0] ?? 0) + (second[1] ?? 0)).toBe(15);
    expect(await statusCounts(t.db)).toEqual({ sent: MESSAGES });
    expect(accepted.size).toBe(MESSAGES);
    expect([...accepted.values()].every((times) => times === 1)).toBe(true);

    // A comes back after all (its gateway call fails late): it changes nothing and sends nothing more.
    dropConnection(new Error('connection reset'));
    expect(await deadPass).toBe(6);
    expect(dyingCalls).toBe(6);
    expect(await statusCounts(t.db)).toEqual({ sent: MESSAGES });
    const rows = await t.db.selectFrom('outbox').select(['attempts', 'last_error']).execute();
    expect(rows.every((row) => row.attempts === 1 && row.last_error === null)).toBe(true);
  });

  it('a worker stopped mid-batch (SIGTERM) finishes its message and gives the rest back at once', async () => {
    const t = await build();
    cleanups.push(t.close);
    await queueMessages(t, 20);
    const accepted = new Map<string, number>();
    const gateway = countingGateway(accepted);
    let releaseFirst: () => void = () => {};
    let markSending: () => void = () => {};
    // The claim of the batch commits before the first message goes to the gateway; the stop must come
    // after that, while the first message is at the gateway (a stop before it gives all 20 back).
    const firstAtGateway = new Promise<void>((resolve) => (markSending = resolve));
    const slow: SmsProvider = {
      name: 'slow',
      async send(message, context) {
        if (accepted.size === 0) {
          const released = new Promise<void>((resolve) => (releaseFirst = resolve));
          markSending();
          await released;
        }
        return gateway.send(message, context);
      },
    };
    const stopping = workerOn(t, await instanceDatabase(t), slow);
    const pass = stopping.runOnce();
    await firstAtGateway;
    expect(await statusCounts(t.db)).toEqual({ sending: 20 });
    const stopped = stopping.stop();
    releaseFirst();
    await stopped;
    expect(await pass).toBe(1);
    expect(await statusCounts(t.db)).toEqual({ sent: 1, queued: 19 });

    // Another instance sends them without waiting for a lease to end.
    const other = workerOn(t, await instanceDatabase(t), gateway);
    expect(await other.runOnce()).toBe(19);
    expect(accepted.size).toBe(20);
    expect([...accepted.values()].every((times) => times === 1)).toBe(true);
  });
});
