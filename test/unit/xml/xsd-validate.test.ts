/** validateXsd: batching by root, per-document results in input order, clear failures. */
import { afterEach, describe, expect, it } from 'vitest';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { rootElementName, validateXsd } from '../../../src/xml/xsd-validate.ts';
import { sampleModel, sampleReceiverMessage } from '../../fixtures/document-models.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';

const validInvoice = withPlaceholderSignature(writeDocument(sampleModel('01', 'minimal')));
const validTicket = withPlaceholderSignature(writeDocument(sampleModel('04', 'minimal')));
const validMessage = withPlaceholderSignature(writeReceiverMessage(sampleReceiverMessage('2')));

describe('validateXsd', () => {
  const originalPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = originalPath;
  });

  it('returns one result per document, in input order, across roots', async () => {
    const unsigned = writeDocument(sampleModel('04', 'minimal')); // every XSD requires ds:Signature
    const badCode = validInvoice.replace('<CondicionVenta>01<', '<CondicionVenta>77<');
    const results = await validateXsd([validInvoice, unsigned, validMessage, badCode, validTicket], 'v4.4');
    expect(results.map((r) => r.valid)).toEqual([true, false, true, false, true]);
    expect(results[0]).toEqual({ valid: true, errors: [] });
    expect(results[1]!.errors.join('\n')).toMatch(/Signature/);
    expect(results[3]!.errors.join('\n')).toMatch(/CondicionVenta.*'77'/);
    // Lines about the other documents of the same xmllint run are not attributed to this one.
    expect(results[3]!.errors.join('\n')).not.toMatch(/doc-(?!3\.xml)\d+\.xml/);
  });

  it('reports malformed XML and unknown roots as invalid', async () => {
    const [malformed, unknown] = await validateXsd(['<FacturaElectronica xmlns="x"><Clave>', '<Factura/>'], 'v4.4');
    expect(malformed!.valid).toBe(false);
    expect(malformed!.errors.join('\n')).toMatch(/parser error|Premature end/);
    expect(unknown).toEqual({ valid: false, errors: ['no v4.4 schema for root element <Factura>'] });
  });

  it('handles an empty batch without running xmllint', async () => {
    process.env.PATH = '/nonexistent';
    await expect(validateXsd([], 'v4.4')).resolves.toEqual([]);
  });

  it('throws a clear error when xmllint is missing', async () => {
    process.env.PATH = '/nonexistent';
    await expect(validateXsd([validInvoice], 'v4.4')).rejects.toThrow(/xmllint is not installed/);
  });
});

describe('rootElementName', () => {
  it('skips the declaration, comments and prefixes', () => {
    expect(rootElementName('<?xml version="1.0"?><!-- x --><fe:FacturaElectronica xmlns:fe="u">')).toBe('FacturaElectronica');
    expect(rootElementName('<MensajeReceptor>')).toBe('MensajeReceptor');
    expect(rootElementName('no xml')).toBeUndefined();
  });
});
