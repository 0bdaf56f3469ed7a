// The floor's HTTP half (bench/hot-path.ts): a bare node:http server that answers each path with the
// bytes the real server answered it (status, headers, body), read from the JSON file given as argument.
// Run as its own process, like the real server, so it never shares a thread with the load generator.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answers.json>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [
    path,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
