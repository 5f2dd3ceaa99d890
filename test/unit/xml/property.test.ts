/**
 * Property-based: many random model shapes (optional elements present or not, special characters,
 * amounts of every size) all validate against both XSD sets, are canonical by construction, and
 * survive a read → write cycle unchanged. One xmllint run per root and set for the whole batch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentModel } from '../../../src/domain/document-model.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { arbitraryModel } from './arbitrary-model.ts';
import { excC14n, XML_DECLARATION } from './support.ts';

// A fresh seed each run widens coverage over time; failures print it (FC_SEED=… reproduces).
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 300;
const models: DocumentModel[] = fc.sample(arbitraryModel, { numRuns: RUNS, seed });
const docs = models.map((model) => writeDocument(model));

function failures(check: (xml: string, i: number) => string | undefined): string[] {
  return docs.flatMap((xml, i) => {
    const problem = check(xml, i);
    return problem === undefined ? [] : [`seed ${seed} #${i} (type ${models[i]!.type}): ${problem}`];
  });
}

describe(`${RUNS} random models (seed ${seed})`, () => {
  it('cover every document type', () => {
    expect(new Set(models.map((m) => m.type)).size).toBe(7);
  });

  it('are in exclusive canonical form', () => {
    expect(failures((xml) => (excC14n(xml) === xml.slice(XML_DECLARATION.length) ? undefined : 'exc-c14n differs'))).toEqual([]);
  });

  it('write → read → write gives the same bytes', () => {
    expect(
      failures((xml) => {
        const read = readDocument(xml);
        if (read.kind !== 'document') return 'read as a receiver message';
        return writeDocument(read.model) === xml ? undefined : 'rewritten document differs';
      }),
    ).toEqual([]);
  });

  it.each(['v4.4', 'v4.4-2026-rev'] as const)('validate against %s', async (set) => {
    const results = await validateXsd(docs.map(withPlaceholderSignature), set);
    expect(failures((_, i) => (results[i]!.valid ? undefined : results[i]!.errors.slice(0, 3).join(' | ')))).toEqual([]);
  });
});
