/**
 * Every fixture of every type and variant, and every MensajeReceptor, is valid against both XSD
 * sets; a 2026-only code is valid only against the 2026 revision. One xmllint run per schema.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentTypeCode } from '../../../src/domain/document-model.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { validateXsd, type XsdSet } from '../../../src/xml/xsd-validate.ts';
import { DOCUMENT_TYPES, SAMPLE_VARIANTS, sampleModel, sampleReceiverMessage } from '../../fixtures/document-models.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';

const cases = [
  ...DOCUMENT_TYPES.flatMap((type) =>
    SAMPLE_VARIANTS.map((variant) => ({ name: `${type}/${variant}`, xml: writeDocument(sampleModel(type, variant)) })),
  ),
  ...(['1', '2', '3'] as const).map((m) => ({ name: `MR/${m}`, xml: writeReceiverMessage(sampleReceiverMessage(m)) })),
];

function invalid(results: { valid: boolean; errors: string[] }[]): string[] {
  return results.flatMap((r, i) => (r.valid ? [] : [`${cases[i]!.name}: ${r.errors.join(' | ')}`]));
}

describe.each<XsdSet>(['v4.4', 'v4.4-2026-rev'])('fixtures against %s', (set) => {
  it(`all ${cases.length} documents validate`, async () => {
    const results = await validateXsd(cases.map((c) => withPlaceholderSignature(c.xml)), set);
    expect(invalid(results)).toEqual([]);
  });
});

describe('2026 revision codes', () => {
  // Reference code 13 and referenced document type 19 exist only in the April 2026 revision.
  const with2026Codes = (type: DocumentTypeCode): string => {
    const model = sampleModel(type, 'minimal');
    model.references = [{ documentType: '19', number: 'ABC-123', issuedAt: '2026-03-01T08:00:00-06:00', code: '13', reason: 'Código nuevo' }];
    return withPlaceholderSignature(writeDocument(model));
  };
  const docs = (['01', '03', '10'] as const).map(with2026Codes);

  it('validate against v4.4-2026-rev', async () => {
    const results = await validateXsd(docs, 'v4.4-2026-rev');
    expect(results.map((r) => r.errors)).toEqual([[], [], []]);
    expect(results.every((r) => r.valid)).toBe(true);
  });

  it('are rejected by the base v4.4 set, naming the offending elements', async () => {
    const results = await validateXsd(docs, 'v4.4');
    for (const result of results) {
      expect(result.valid).toBe(false);
      expect(result.errors.join('\n')).toMatch(/TipoDocIR/);
      expect(result.errors.join('\n')).toMatch(/Codigo'/);
    }
  });

  it('an alphanumeric clave is valid only in the 2026 revision', async () => {
    const model = sampleModel('01', 'minimal');
    model.clave = `506150326ABC101123456${model.consecutive}187654321`;
    const xml = withPlaceholderSignature(writeDocument(model));
    const [base] = await validateXsd([xml], 'v4.4');
    const [rev] = await validateXsd([xml], 'v4.4-2026-rev');
    expect(base!.valid).toBe(false);
    expect(base!.errors.join('\n')).toMatch(/Clave/);
    expect(rev).toEqual({ valid: true, errors: [] });
  });
});
