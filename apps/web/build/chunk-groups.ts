import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The part of rolldown's chunking context the grouping reads: a module's static imports. */
interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

const source = (path: string) => resolve(import.meta.dirname, '../src', path);

/**
 * What each phase of a visit loads, by the modules it starts from. Everything these reach by static
 * imports, and the entry (main.tsx) does not, is one chunk per phase, instead of the dozens of chunks of a
 * few hundred bytes the automatic splitting makes of the Mantine components the lazy screens share: on a
 * mobile connection every chunk is a round trip, six at a time over HTTP/1.1 (issue 15's budgets, decision
 * 0039). A module both phases reach goes with the first, the sign-in.
 */
export const PHASE_ROOTS = {
  'sign-in': ['features/auth/login-page.tsx'],
  'signed-in': [
    'app/app-layout.tsx',
    'features/patients/patient-list-page.tsx',
    'app/toasts-container.tsx',
    'ui/modal-host.tsx',
    'ui/confirm-host.tsx',
    'features/print/print-host.tsx',
  ],
} as const;

type Phase = keyof typeof PHASE_ROOTS;
type Label = Phase | 'entry';

/**
 * Names the chunk of a module for rolldown's `codeSplitting.groups` (`name` as a function): the phase that
 * first reaches it, or null to leave it to the automatic splitting (the entry's own modules, and what only
 * the other screens use).
 */
export function phaseChunks(entry: string): (moduleId: string, ctx: ChunkingContext) => Phase | null {
  let reach: Map<string, Label> | undefined;
  return (moduleId, ctx) => {
    reach ??= reachability(ctx, source(entry));
    const phase = reach.get(moduleId);
    return phase === undefined || phase === 'entry' ? null : phase;
  };
}

/**
 * The packages whose index only re-exports their modules. A walk through an index would reach every
 * component of the library; instead an importer reaches the modules of the names it imports from it.
 */
const BARRELS = ['@mantine/core', '@mantine/hooks', '@mantine/dates', '@tabler/icons-react'];

/** Every module reached by static imports from the entry, then from each phase's roots in order. */
function reachability(ctx: ChunkingContext, entry: string): Map<string, Label> {
  const barrels = new Barrels();
  const reached = new Map<string, Label>();
  const walk = (start: string, label: Label) => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (reached.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (info === null) continue;
      reached.set(id, label);
      const throughBarrels = info.importedIds.filter((imported) => barrels.isBarrel(imported));
      stack.push(...info.importedIds.filter((imported) => !barrels.isBarrel(imported)));
      if (throughBarrels.length > 0) stack.push(...barrels.modulesImportedBy(id));
    }
  };
  walk(entry, 'entry');
  for (const phase of Object.keys(PHASE_ROOTS) as Phase[]) {
    for (const root of PHASE_ROOTS[phase]) walk(source(root), phase);
  }
  return reached;
}

const NAMED_FROM = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["']/g;

/** The names of an import or export list: `a, b as c, type D` → the names bound here (a, c). */
function boundNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => part.split(/\s+as\s+/).pop() as string);
}

/** The file a browser build takes for a package: its `module` entry where it has one (Node takes its CJS). */
function browserEntry(pkg: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        module?: string;
      };
      if (manifest.name === pkg)
        return manifest.module ? join(dir, manifest.module) : fileURLToPath(import.meta.resolve(pkg));
    } catch {
      // no package.json at this level
    }
    if (dirname(dir) === dir) throw new Error(`${pkg}: package.json not found`);
    dir = dirname(dir);
  }
}

/** The re-exporting indexes of BARRELS: which module each exported name comes from. */
class Barrels {
  private readonly byFile = new Map<string, { pkg: string; modules: Map<string, string> }>();

  constructor() {
    for (const pkg of BARRELS) {
      const file = browserEntry(pkg);
      const modules = new Map<string, string>();
      for (const [, names = '', from = ''] of readFileSync(file, 'utf8').matchAll(NAMED_FROM)) {
        if (!from.startsWith('.')) continue;
        for (const name of boundNames(names)) modules.set(name, resolve(dirname(file), from));
      }
      this.byFile.set(file, { pkg, modules });
    }
  }

  isBarrel(moduleId: string): boolean {
    return this.byFile.has(moduleId);
  }

  /** The barrels' modules of the names `moduleId` imports from them. */
  modulesImportedBy(moduleId: string): string[] {
    const text = readFileSync(moduleId, 'utf8');
    const found: string[] = [];
    for (const { pkg, modules } of this.byFile.values()) {
      for (const [, names = '', from] of text.matchAll(NAMED_FROM)) {
        if (from !== pkg) continue;
        for (const name of boundNames(names)) {
          const module = modules.get(name);
          if (module !== undefined) found.push(module);
        }
      }
    }
    return found;
  }
}
