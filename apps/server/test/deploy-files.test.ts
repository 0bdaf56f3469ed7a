import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Dockerfile and the README's systemd unit cannot be tried on every machine (no Docker daemon, no
 * systemd): what makes them stop cleanly and run safely is checked here, so it cannot silently regress.
 */
const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
const readme = read('README.md');
const rootPackage = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  workspaces: string[];
};

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions by stage (line continuations joined, comments dropped). */
function dockerStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') stages.push([]);
    if (instruction.keyword === 'ARG' && stages.length === 0) continue;
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const runtime = stages.at(-1) ?? [];
  const build = stages.find((stage) => /\bAS\s+build\b/i.test(stage[0]?.args ?? '')) ?? [];
  const all = (stage: Instruction[], keyword: string) =>
    stage.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
  const one = (keyword: string) => {
    const found = all(runtime, keyword);
    expect(found, keyword).toHaveLength(1);
    return found[0] ?? '';
  };
  const env = Object.fromEntries(
    all(runtime, 'ENV').flatMap((args) =>
      [...args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]]),
    ),
  ) as Record<string, string>;

  it('builds in a stage of its own (npm ci, npm run build, development dependencies pruned)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runs = all(build, 'RUN').join('\n');
    expect(runs).toMatch(/\bnpm ci\b/);
    expect(runs).toMatch(/\bnpm run build\b/);
    expect(runs).toMatch(/\bnpm prune --omit=dev\b/);
    // npm ci needs every workspace's package.json before the sources are copied.
    const copied = all(build, 'COPY').join('\n');
    for (const workspace of rootPackage.workspaces) expect(copied).toContain(`${workspace}/package.json`);
    expect(runtime[0]?.args).toMatch(/-slim\b/);
  });

  it('runs the server as an unprivileged user, with an init as PID 1', () => {
    const user = one('USER');
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const userAt = runtime.findIndex((instruction) => instruction.keyword === 'USER');
    // Nothing after USER runs as root again.
    expect(runtime.slice(userAt).some((instruction) => instruction.keyword === 'RUN')).toBe(false);
    const entrypoint = JSON.parse(one('ENTRYPOINT')) as string[];
    expect(entrypoint[0]).toMatch(/\/(tini|dumb-init)$/);
    expect(all(runtime, 'RUN').join('\n')).toMatch(/apt-get install[^\n]*\b(tini|dumb-init)\b/);
    // The server's build, with source maps, as `npm start` runs it; the build stage's `npm run build` makes it.
    const command = JSON.parse(one('CMD')) as string[];
    expect(command.join(' ')).toBe('node --enable-source-maps apps/server/dist/main.js');
    expect(rootPackage.scripts['build']).toContain('scripts/server-build.mjs');
    // The runtime has production dependencies only: the command-line tools need tsx among the server's.
    const server = JSON.parse(read('apps/server/package.json')) as { dependencies: Record<string, string> };
    expect(server.dependencies).toHaveProperty('tsx');
  });

  it('keeps the data dir in a volume, stops with SIGTERM, exposes the port and checks /api/health', () => {
    expect(env['ODONTO_DATA_DIR']).toBeTruthy();
    const volumes = JSON.parse(one('VOLUME')) as string[];
    expect(volumes).toContain(env['ODONTO_DATA_DIR']);
    expect(one('STOPSIGNAL')).toBe('SIGTERM');
    expect(one('EXPOSE')).toBe(env['PORT']);
    const healthcheck = one('HEALTHCHECK');
    expect(healthcheck).toMatch(/\bCMD\b.*\/api\/health/);
    // Slim images have neither curl nor wget.
    expect(healthcheck).not.toMatch(/\b(curl|wget)\b/);
    expect(healthcheck).toMatch(/"node", "-e"/);
  });

  it('.dockerignore keeps installed files, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env'])
      expect(ignored).toContain(entry);
  });
});

describe("README's systemd unit", () => {
  const unit = /```ini\n([\s\S]*?\[Service\][\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const service = Object.fromEntries(
    (/\[Service\]\n([\s\S]*?)(?:\n\[|$)/.exec(unit)?.[1] ?? '')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string>;

  it('stops through the drain: SIGTERM, 15 s before SIGKILL, the launcher passing the signal on', () => {
    expect(service['KillSignal']).toBe('SIGTERM');
    // The drain takes up to 10 s.
    expect(Number(service['TimeoutStopSec'])).toBeGreaterThan(10);
    expect(service['KillMode']).toMatch(/^(mixed|control-group)$/);
    expect(service['Restart']).toBe('on-failure');
    expect(service['ExecStart']).toMatch(/(node scripts\/start\.mjs|npm start)$/);
  });

  it('runs as its own user, in the checkout, with the settings from an environment file', () => {
    expect(service['User']).toBeTruthy();
    expect(service['User']).not.toBe('root');
    expect(service['WorkingDirectory']).toMatch(/^\//);
    expect(service['EnvironmentFile']).toMatch(/^\//);
    expect(unit).toMatch(/\[Install\]\nWantedBy=multi-user\.target/);
  });
});

describe('README', () => {
  it('names only npm scripts that exist', () => {
    const named = [...readme.matchAll(/\bnpm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(0);
    for (const script of new Set(named)) expect(rootPackage.scripts, script).toHaveProperty(script);
    for (const script of ['start', 'test']) expect(rootPackage.scripts).toHaveProperty(script);
  });

  it('names only settings the server reads', () => {
    const config = read('apps/server/src/config.ts');
    const readByServer = new Set([...config.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]));
    // Read by the tests, not the server.
    const testOnly = ['TEST_DATABASE_URL', 'CHROMIUM_PATH'];
    // The Configuration table's first column: one or more `NAME`s (padded to the column's width).
    const documented = new Set(
      [...readme.matchAll(/^\| (`[A-Z][A-Z0-9_]*`(?:, `[A-Z][A-Z0-9_]*`)*) +\|/gm)].flatMap((match) =>
        [...(match[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1] ?? ''),
      ),
    );
    expect(documented.size).toBeGreaterThan(20);
    for (const name of documented) if (!testOnly.includes(name)) expect(readByServer, name).toContain(name);
    // Every setting given a value in the README's examples (environment file, docker run -e) is documented.
    const assigned = [...readme.matchAll(/(?:^#? ?|-e |`)([A-Z][A-Z0-9_]*)=/gm)].map(
      (match) => match[1] ?? '',
    );
    expect(assigned.length).toBeGreaterThan(0);
    for (const name of assigned) expect(documented, name).toContain(name);
    expect(existsSync(resolve(root, 'Dockerfile'))).toBe(true);
  });

  it("gives the defaults the server uses (issue 19: MAIL_FROM's was not)", () => {
    const config = read('apps/server/src/config.ts');
    // `NAME: z....default('text')`, `.default(120)`, `.default(false)` in config.ts's schema.
    const defaults = new Map(
      [...config.matchAll(/^ {4}([A-Z][A-Z0-9_]*): .*\.default\((?:'([^']*)'|(\d+|true|false))\)/gm)].map(
        (match) => [match[1] ?? '', match[2] ?? match[3] ?? ''],
      ),
    );
    // Rows of one setting whose default is one literal: | `NAME` | `value` | ... (padded columns)
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\| `([^`]*)` +\|/gm)];
    expect(rows.length).toBeGreaterThan(10);
    for (const [, name = '', documented] of rows) {
      if (defaults.has(name)) expect(documented, name).toBe(defaults.get(name));
    }
    expect(defaults.get('MAIL_FROM')).toBeDefined();
  });
});
