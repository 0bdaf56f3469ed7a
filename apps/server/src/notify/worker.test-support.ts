import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  headers: IncomingHttpHeaders;
}

/**
 * A real SMS gateway stand-in on 127.0.0.1 (random port): keeps every POSTed JSON body and answers with
 * the status `respond` gives for the n-th request (1-based), 200 unless told.
 */
export async function startSmsGateway(respond: (n: number) => number = () => 200): Promise<{
  url: string;
  received: ReceivedSms[];
  close(): Promise<void>;
}> {
  const received: ReceivedSms[] = [];
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      count += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
      received.push({ ...body, headers: request.headers });
      const status = respond(count);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { ok: true } : { error: 'gateway down' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
