import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/domain/money.ts';
import { totalsFindings } from '../../../src/received/totals-checks.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { DOCUMENT_TYPES, SAMPLE_VARIANTS, sampleModel } from '../../fixtures/document-models.ts';
import type { DocumentModel } from '../../../src/domain/document-model.ts';

/** The model as a supplier's XML would reach us: written, then read back by the reader. */
function asReceived(model: DocumentModel): DocumentModel {
  const read = readDocument(writeDocument(model));
  if (read.kind !== 'document') throw new Error('not a document');
  return read.model;
}

describe('a supplier\'s arithmetic, recomputed', () => {
  // The fixture writes a payment receipt's TotalComprobante by hand as sales plus tax; the annex (p. 55) and
  // our engine make it TotalVenta, checked apart below.
  const computedTypes = DOCUMENT_TYPES.filter((type) => type !== '10');
  it.each(computedTypes.flatMap((type) => SAMPLE_VARIANTS.map((variant) => [type, variant] as const)))(
    'finds nothing in a document our engine computed (%s, %s)',
    (type, variant) => {
      expect(totalsFindings(asReceived(sampleModel(type, variant)))).toEqual([]);
    },
  );

  it('names the line and the field whose amount its own parts do not give', () => {
    const model = asReceived(sampleModel('01', 'full'));
    const line = model.lines[0]!;
    line.total = line.total.plus('0.02');
    expect(totalsFindings(model)).toContainEqual({
      code: 'line_total_mismatch',
      params: { line: String(line.number), field: 'MontoTotalLinea', stated: line.total.toFixed(5), computed: line.subtotal.plus(line.netTax).toFixed(5) },
    });
  });

  it('catches a summary whose tax is not the sum of the lines', () => {
    const model = asReceived(sampleModel('01', 'full'));
    model.summary.tax = model.summary.tax.plus(1);
    const fields = totalsFindings(model).map((f) => f.params.field);
    expect(fields).toEqual(expect.arrayContaining(['TotalImpuesto', 'TotalDesgloseImpuesto']));
  });

  it('totals a payment receipt as its TotalVenta (annex p. 55)', () => {
    const model = asReceived(sampleModel('10', 'full'));
    model.summary.total = model.summary.sales;
    expect(totalsFindings(model)).toEqual([]);
    model.summary.total = model.summary.sales.plus(model.summary.tax);
    expect(totalsFindings(model).map((f) => f.params.field)).toEqual(['TotalComprobante']);
  });

  it('forgives less than a cent, not a cent and a bit', () => {
    const model = asReceived(sampleModel('01', 'full'));
    const stated = model.summary.total;
    model.summary.total = stated.plus('0.009');
    expect(totalsFindings(model)).toEqual([]);
    model.summary.total = stated.plus(new Dec('0.011'));
    expect(totalsFindings(model).map((f) => f.params.field)).toEqual(['TotalComprobante']);
  });
});
