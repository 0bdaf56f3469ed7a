/** The value below which `fraction` of the samples fall (nearest-rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

export interface LatencySummary {
  requests: number;
  medianMs: number;
  p95Ms: number;
  errors: number;
  requestsPerSecond: number;
}

export function summarise(latencies: readonly number[], errors: number, seconds: number): LatencySummary {
  return {
    requests: latencies.length,
    medianMs: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    errors,
    requestsPerSecond: latencies.length / seconds,
  };
}
