import autocannon from 'autocannon';
import { summarise, type LatencySummary } from './stats';

/**
 * Sends `requests` GETs over `connections` concurrent keep-alive connections and answers the latency of
 * every 2xx answer. Bounded in count and time; loopback only.
 */
export async function measure(options: {
  url: string;
  paths: readonly string[];
  cookie: string;
  connections: number;
  requests: number;
}): Promise<LatencySummary> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await new Promise<void>((done, fail) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        amount: options.requests,
        timeout: 10,
        duration: 120,
        headers: { cookie: options.cookie, accept: 'application/json' },
        requests: options.paths.map((path) => ({ method: 'GET', path })),
      },
      (error) => (error ? fail(error) : done()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else errors += 1;
    });
  });
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}
