import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignatureRequestState, StationEvent } from '@odonto/domain/contracts/signatures';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../../test/build-test-app';
import { call } from '../../../test/http';
import { LISTENER_APPLICATION_NAME } from '../../db/pg-listener';
import { eventReader, listeningPort, openStream, patientWithEntry, signIn } from './signatures.test-support';

/** `arriving`, or a failure once `ms` have passed since `since` (performance.now()). */
async function within<T>(ms: number, since: number, arriving: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), since + ms - performance.now());
  });
  try {
    return await Promise.race([arriving, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Two app instances on one PostgreSQL database, as behind a load balancer: the station's stream is
// connected to A, the staff's requests reach B.
describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'signatures: a station on one instance, staff on another',
  () => {
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

    async function stationOnA() {
      const station = await signIn(a, 'asistent');
      const events = eventReader(await openStream(await listeningPort(a), station));
      expect(await events.nth(1)).toEqual({ request: null });
      return events;
    }

    /** Sends a request on B; answers it, with the moment it was sent. */
    async function requestOnB(staff: string, body: Record<string, unknown>) {
      const sentAt = performance.now();
      const created = await call(b.app, {
        method: 'POST',
        url: '/api/signature-requests',
        cookie: staff,
        body,
      });
      expect(created.statusCode, created.body).toBe(201);
      return { request: created.json<SignatureRequestState>(), sentAt };
    }

    const isRequest = (id: string) => (event: StationEvent) => event.request?.id === id;

    it('a request made on B reaches the station on A within a second, and so does its cancellation', async () => {
      const events = await stationOnA();
      const staff = await signIn(b);
      const { patientId, entryId } = await patientWithEntry(a);

      const { request, sentAt } = await requestOnB(staff, { kind: 'entry', patientId, entryId });
      expect(await within(1000, sentAt, events.first(isRequest(request.id)))).toMatchObject({
        request: { id: request.id, patientName: 'Popescu Ana', content: { kind: 'entry', entryId } },
      });

      // The staff's session, opened on B, works on A too (sessions live in the database).
      const seen = events.count;
      const cancelledAt = performance.now();
      const cancel = await call(a.app, {
        method: 'POST',
        url: `/api/signature-requests/${request.id}/cancel`,
        cookie: staff,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await within(1000, cancelledAt, events.nth(seen + 1))).toEqual({ request: null });
    });

    it('keeps relaying after the listening connections drop (a database restart)', async () => {
      const events = await stationOnA();
      const staff = await signIn(b);
      const { patientId } = await patientWithEntry(a);
      const listeners = sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`;
      const before = (await listeners.execute(a.db)).rows.map((row) => row.pid);
      expect(before).toHaveLength(2);

      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(a.db);
      await vi.waitFor(
        async () => {
          const after = (await listeners.execute(a.db)).rows.map((row) => row.pid);
          expect(after).toHaveLength(2);
          expect(after.filter((pid) => before.includes(pid))).toEqual([]);
        },
        { timeout: 10_000, interval: 100 },
      );

      const { request, sentAt } = await requestOnB(staff, { kind: 'consent', patientId });
      expect(await within(1000, sentAt, events.first(isRequest(request.id)))).toMatchObject({
        request: { id: request.id, content: { kind: 'consent' } },
      });
    });
  },
);
