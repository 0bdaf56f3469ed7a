import { Readable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import type { App } from '../app-types';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let test: TestApp | null = null;
afterEach(async () => {
  await test?.close();
  test = null;
});

/**
 * A request still being answered when the server is told to stop: its answer is held until released.
 * `entered`: the held route has its request; `closing`: the close has begun (the drain's preClose has run,
 * registered before this one). Waiting for them, not for a fixed time, keeps the test's order on a busy
 * machine: after a 50 ms sleep the request had once not yet arrived, and the closing server answered 503.
 */
async function appWithHeldAnswers(): Promise<{
  app: App;
  url: string;
  release: () => void;
  entered: Promise<void>;
  closing: Promise<void>;
}> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let enter = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  let close = () => {};
  const closing = new Promise<void>((resolve) => (close = resolve));
  test = await buildTestApp({
    routes: (app) => {
      app.addHook('preClose', (done) => {
        close();
        done();
      });
      app.get('/api/test/held', async () => {
        enter();
        await held;
        return { answered: true };
      });
      // Its headers and first bytes go out before the close, the rest after.
      app.get('/api/test/held-file', async (_request, reply) => {
        async function* bytes() {
          yield Buffer.alloc(1024, 7);
          await held;
          yield Buffer.alloc(256 * 1024, 7);
        }
        return reply.type('application/octet-stream').send(Readable.from(bytes()));
      });
    },
  });
  const { app } = test;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, release, entered, closing };
}

/** Whether `promise` settles before `later` does: the close is not held by a connection's keep-alive. */
async function settlesFirst(promise: Promise<unknown>, later: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => true), later.then(() => false)]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Without the drain the connection stays open for the keep-alive timeout (72 s), and so does close(). */
const beforeKeepAliveEnds = () => sleep(5_000);

it('an answer still being prepared at close is sent with Connection: close, and the close does not wait', async () => {
  const { app, url, release, entered, closing } = await appWithHeldAnswers();
  // Opens the connection first: a connection idle at the close is closed by server.close() anyway.
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const answer = fetch(`${url}/api/test/held`);
  await entered;
  const closed = app.close();
  await closing;
  release();
  const response = await answer;
  expect(response.status).toBe(200);
  expect(response.headers.get('connection')).toBe('close');
  expect(await response.json()).toEqual({ answered: true });
  expect(await settlesFirst(closed, beforeKeepAliveEnds())).toBe(true);
}, 15_000);

it('a file half sent at close is sent whole, then its connection is closed', async () => {
  const { app, url, release, closing } = await appWithHeldAnswers();
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const response = await fetch(`${url}/api/test/held-file`);
  expect(response.headers.get('connection')).toBe('keep-alive');
  const closed = app.close();
  await closing;
  release();
  expect((await response.arrayBuffer()).byteLength).toBe(257 * 1024);
  expect(await settlesFirst(closed, beforeKeepAliveEnds())).toBe(true);
}, 15_000);
