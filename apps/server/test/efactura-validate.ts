/**
 * Runs the official e-Factura validation artefacts (decision 0020) over UBL files: the European
 * Commission's EN 16931 UBL rules and ANAF's CIUS-RO rules, both compiled Schematron (XSLT 2.0), with
 * Debian's Saxon-HE. One JVM per rule set handles a whole batch (Saxon's directory mode), so a suite of
 * invoices costs two JVM starts, not two per invoice, and the two run side by side. A missing Java, Saxon
 * or artefact throws: the tests that use this fail, they never skip.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** `../shared/efactura/` next to the repository, as CI has it (its README says what the files are). */
export const EFACTURA_ARTEFACTS_DIR = resolve(REPO_ROOT, '../shared/efactura');
export const RULE_SETS = {
  EN16931: 'EN16931-UBL-validation.xslt',
  'CIUS-RO': 'ROeFactura-UBL-validation-Invoice_v1.0.9.xslt',
} as const;
export type RuleSet = keyof typeof RULE_SETS;
const SAXON_JAR = process.env['SAXON_JAR'] ?? '/usr/share/java/Saxon-HE.jar';

/** One failed rule of an SVRL report. */
export interface FailedRule {
  ruleSet: RuleSet;
  id: string;
  flag: string;
  location: string;
  text: string;
}

/** What both rule sets say about one file: the fatal failures and, apart, the warnings. */
export interface ValidationReport {
  fatal: FailedRule[];
  warnings: FailedRule[];
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function attribute(attributes: string, name: string): string {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes);
  return unescapeXml(match?.[1] ?? '');
}

/** The failed asserts (and fired reports) of an SVRL document. */
export function parseSvrl(svrl: string, ruleSet: RuleSet): FailedRule[] {
  const failures: FailedRule[] = [];
  const pattern = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  for (const match of svrl.matchAll(pattern)) {
    const attributes = match[2] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[3] ?? '')?.[1] ?? '';
    failures.push({
      ruleSet,
      id: attribute(attributes, 'id'),
      flag: attribute(attributes, 'flag'),
      location: attribute(attributes, 'location'),
      text: unescapeXml(text).replace(/\s+/g, ' ').trim(),
    });
  }
  return failures;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ended with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

function requireArtefacts(): void {
  if (!existsSync(SAXON_JAR)) {
    throw new Error(
      `Saxon-HE is missing (${SAXON_JAR}): apt-get install libsaxonhe-java default-jre-headless`,
    );
  }
  for (const file of Object.values(RULE_SETS)) {
    const path = join(EFACTURA_ARTEFACTS_DIR, file);
    if (!existsSync(path)) throw new Error(`The e-Factura validation artefact is missing: ${path}`);
  }
}

/**
 * Validates every document (name → XML) with both rule sets. Names become file names: letters, digits
 * and '-' only.
 */
export async function validateUbl(
  documents: Record<string, string>,
): Promise<Record<string, ValidationReport>> {
  requireArtefacts();
  const names = Object.keys(documents);
  for (const name of names) if (!/^[\w-]+$/.test(name)) throw new RangeError(`bad document name: ${name}`);
  const work = await mkdtemp(join(tmpdir(), 'odonto-efactura-'));
  try {
    const input = join(work, 'in');
    await mkdir(input);
    await Promise.all(names.map((name) => writeFile(join(input, `${name}.xml`), documents[name] ?? '')));
    // The two rule sets run side by side: most of each JVM's time is compiling its stylesheet.
    const perRuleSet = await Promise.all(
      (Object.entries(RULE_SETS) as [RuleSet, string][]).map(async ([ruleSet, file]) => {
        const output = join(work, ruleSet);
        await mkdir(output);
        await run('java', [
          '-cp',
          SAXON_JAR,
          'net.sf.saxon.Transform',
          `-s:${input}`,
          `-xsl:${join(EFACTURA_ARTEFACTS_DIR, file)}`,
          `-o:${output}`,
        ]);
        const svrls = await Promise.all(names.map((name) => readFile(join(output, `${name}.xml`), 'utf8')));
        return svrls.map((svrl, index) => {
          // A stylesheet whose rules never matched (a wrong namespace, a wrong root) would pass everything.
          if (!svrl.includes('<svrl:fired-rule'))
            throw new Error(`${ruleSet}: no rule applied to ${names[index]}`);
          return parseSvrl(svrl, ruleSet);
        });
      }),
    );
    const reports: Record<string, ValidationReport> = {};
    names.forEach((name, index) => {
      const all = perRuleSet.flatMap((failuresOfSet) => failuresOfSet[index] ?? []);
      reports[name] = {
        fatal: all.filter((failure) => failure.flag === 'fatal'),
        warnings: all.filter((failure) => failure.flag !== 'fatal'),
      };
    });
    return reports;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
