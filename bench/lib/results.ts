import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { BENCH_ROOT } from './dataset';
import type { LatencySummary } from './stats';

const RESULTS_FILE = resolve(BENCH_ROOT, 'RESULTS.md');

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const memory = Math.round(totalmem() / 2 ** 30);
  return `${cpus().length} cores (${cpu}), ${memory} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

export interface ResultRow {
  database: string;
  scenario: string;
  summary: LatencySummary;
}

export function markdownTable(rows: readonly ResultRow[]): string {
  const lines = [
    '| database | call | requests | median ms | p95 ms | req/s | errors |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ database, scenario, summary }) =>
        `| ${database} | ${scenario} | ${summary.requests} | ${summary.medianMs.toFixed(1)} | ${summary.p95Ms.toFixed(1)} | ${Math.round(summary.requestsPerSecond)} | ${summary.errors} |`,
    ),
  ];
  return lines.join('\n');
}

/** Replaces (or appends) the section `id` of bench/RESULTS.md, leaving the other benchmarks' sections. */
export function writeSection(id: string, body: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const current = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  const section = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS_FILE, next);
}
