/**
 * Validates documents against the official XSDs with xmllint (libxml2). A batch costs one xmllint
 * process per schema file: the documents are grouped by root element, written to a temporary
 * directory and passed together, and xmllint's per-file report is split back per document.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resourcePath } from '../paths.ts';
import { KNOWN_ROOTS } from './roots.ts';

export type XsdSet = 'v4.4' | 'v4.4-2026-rev';

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

function schemaPath(set: XsdSet, root: string): string {
  return resourcePath('xsd', set, `${root}_V4.4.xsd`);
}

/** Local name of the first element, skipping the declaration, comments and a DOCTYPE. */
export function rootElementName(xml: string): string | undefined {
  const match = /<(?![?!])(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(xml);
  return match?.[1];
}

/** Runs xmllint in `cwd`; resolves with its stderr (it reports validity there, exit code 3 if invalid). */
function runXmllint(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error('xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils)')
          : error,
      );
    });
    child.on('close', () => resolve(stderr));
  });
}

/**
 * Splits xmllint's report by file. Lines start with the file name (`doc-3.xml:1: element …`,
 * `doc-3.xml validates`, `doc-3.xml fails to validate`); continuation lines (parser context) belong
 * to the file named last.
 */
function parseReport(stderr: string, files: string[]): Map<string, XsdResult> {
  const results = new Map(files.map((f) => [f, { valid: false, errors: [] as string[] }]));
  const unattributed: string[] = []; // e.g. a schema that fails to compile
  let current: XsdResult | undefined;
  for (const line of stderr.split('\n')) {
    if (line === '') continue;
    const name = /^[^:\s]+/.exec(line)?.[0];
    const owner = name === undefined ? undefined : results.get(name);
    if (owner !== undefined) current = owner;
    if (owner !== undefined && line === `${name} validates`) owner.valid = true;
    else if (owner !== undefined && line === `${name} fails to validate`) continue;
    else (current?.errors ?? unattributed).push(line);
  }
  for (const result of results.values()) {
    if (!result.valid && result.errors.length === 0) {
      result.errors.push('xmllint reported no result for this document', ...unattributed);
    }
  }
  return results;
}

/** Validates every document against `set`; results are in the order of `xmls`. */
export async function validateXsd(xmls: string[], set: XsdSet): Promise<XsdResult[]> {
  const results: XsdResult[] = xmls.map(() => ({ valid: false, errors: [] }));
  const groups = new Map<string, number[]>();
  xmls.forEach((xml, i) => {
    const root = rootElementName(xml);
    if (root === undefined || !KNOWN_ROOTS.includes(root)) {
      results[i] = { valid: false, errors: [`no v4.4 schema for root element <${root ?? '?'}>`] };
    } else {
      groups.set(root, [...(groups.get(root) ?? []), i]);
    }
  });
  if (groups.size === 0) return results;
  const dir = await mkdtemp(join(tmpdir(), 'facturador-xsd-'));
  try {
    await Promise.all(xmls.map((xml, i) => writeFile(join(dir, `doc-${i}.xml`), xml, 'utf8')));
    await Promise.all(
      [...groups].map(async ([root, indexes]) => {
        const files = indexes.map((i) => `doc-${i}.xml`);
        const stderr = await runXmllint(['--nonet', '--noout', '--schema', schemaPath(set, root), ...files], dir);
        const report = parseReport(stderr, files);
        indexes.forEach((i, k) => (results[i] = report.get(files[k]!)!));
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}
