import autocannon from 'autocannon';
import { summarise, type LatencySummary } from './stats';

interface LoadOptions {
  url: string;
  paths: readonly string[];
  cookie: string;
  connections: number;
  requests: number;
  /**
   * How often autocannon samples, ms (1,000 by default). It ends a run only at a sample, so a run of a few
   * hundred fast requests otherwise lasts a whole second, most of it idle; a warm-up that must keep the
   * server busy samples often.
   */
  sampleIntervalMs?: number;
}

/**
 * Sends `requests` GETs over `connections` concurrent keep-alive connections and answers the latency of
 * every 2xx answer (ms), the count of the others, and the seconds it took. Bounded in count and time;
 * loopback only.
 */
export async function latenciesOf(
  options: LoadOptions,
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
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
        ...(options.sampleIntervalMs === undefined ? {} : { sampleInt: options.sampleIntervalMs }),
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
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** As latenciesOf, summarised: median, p95, errors and requests per second. */
export async function measure(options: LoadOptions): Promise<LatencySummary> {
  const { latencies, errors, seconds } = await latenciesOf(options);
  return summarise(latencies, errors, seconds);
}

/**
 * Requests back to back for `ms`, in runs of up to 200 (`requestsPerRun` when fewer): autocannon samples
 * every 20 ms here, so that each run ends when its requests are answered. With its one-second sample a run
 * of 200 lasted a second, mostly idle, and "1.5 s of warm-up" was two runs: 400 requests.
 */
export async function warmUp(
  load: Omit<LoadOptions, 'requests' | 'sampleIntervalMs'>,
  ms: number,
  requestsPerRun = 200,
): Promise<void> {
  const started = performance.now();
  do await measure({ ...load, requests: Math.min(200, requestsPerRun), sampleIntervalMs: 20 });
  while (performance.now() - started < ms);
}
