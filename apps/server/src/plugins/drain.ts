import type { App } from '../app-types';

/**
 * A stopping server closes each keep-alive connection as soon as its answer is sent. Node's server.close()
 * closes only the connections idle at that moment: one whose request was still being answered stayed open
 * after its answer for the keep-alive timeout (72 s), far past main.ts's 10 s drain, and the process
 * exited 1. The answer says `Connection: close`, so the client does not send another request on it.
 */
export function registerDrain(app: App): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // An answer whose headers had already gone out (a file being sent) ends its connection once it is sent.
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket as { destroyed: boolean; end(): void } | null;
    if (draining && socket && !socket.destroyed) socket.end();
    done();
  });
}
