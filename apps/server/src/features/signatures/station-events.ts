import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, SESSION_COOKIE } from '../../plugins/sessions';
import { stationEvent } from './requests.service';
import type { SignatureDeps } from './signatures.service';

/**
 * Streams the pending request to a signature station (server-sent events) on the raw reply: the current
 * one at once, again whenever it changes, a heartbeat comment between. Everything is released when the
 * browser goes away or the server closes.
 */
export function streamStationEvents(deps: SignatureDeps, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies would otherwise hold events back.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');

  let closed = false;
  // Reads run one after the other so events leave in the order the changes happened.
  let queue = Promise.resolve();
  const send = () => {
    queue = queue
      .then(async () => {
        const event = await stationEvent(deps.db, deps.now());
        if (!closed) raw.write(`event: request\ndata: ${JSON.stringify(event)}\n\n`);
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'signature station event failed'));
  };
  const token = request.cookies[SESSION_COOKIE] ?? '';
  // Each beat also checks the session: an open station keeps its sign-in alive (it is in use), and a
  // sign-out, a deactivated account or the session's absolute end closes the stream within a beat.
  const beat = async () => {
    const session = await resolveSession(deps.db, token, deps.now(), request.server.config);
    if (!session) close();
    else if (!closed) raw.write(': ping\n\n');
  };
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => request.log.error({ err: error }, 'signature station heartbeat failed'));
  }, request.server.config.stationHeartbeatMs);
  const unsubscribe = deps.hub.subscribe(send);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
    raw.end();
  };
  const forget = deps.hub.addStream(close);
  request.raw.on('close', close);
  raw.on('close', close);
  send();
}
