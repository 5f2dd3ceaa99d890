/** The reader: round-trips, tolerance of other software's layouts, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { XmlReadError } from '../../../src/xml/errors.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { DOCUMENT_TYPES, SAMPLE_VARIANTS, sampleModel, sampleReceiverMessage } from '../../fixtures/document-models.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { compareDecimalsByValue } from './support.ts';

compareDecimalsByValue();

const fixtures = DOCUMENT_TYPES.flatMap((type) => SAMPLE_VARIANTS.map((variant) => ({ type, variant })));

/** Re-indents a compact document the way other software's pretty-printers do. */
function prettyPrint(xml: string): string {
  let depth = 0;
  let last: 'start' | 'end' | 'text' = 'text';
  let out = '';
  for (const token of xml.match(/<[^>]+>|[^<]+/g) ?? []) {
    if (token.startsWith('<?')) {
      out += token;
    } else if (token.startsWith('</')) {
      depth--;
      out += (last === 'end' ? `\n${'  '.repeat(depth)}` : '') + token;
      last = 'end';
    } else if (token.startsWith('<')) {
      out += `\n${'  '.repeat(depth)}${token}`;
      depth++;
      last = 'start';
    } else {
      out += token;
      last = 'text';
    }
  }
  return out;
}

/** Moves the default namespace to a prefix, as some signers and serialisers do. */
function prefixed(xml: string, prefix: string): string {
  return xml
    .replace(/<(\/?)([A-Z]\w*)/g, `<$1${prefix}:$2`)
    .replace(/ xmlns="/, ` xmlns:${prefix}="`);
}

describe('round trip', () => {
  it.each(fixtures)('$type/$variant: readDocument(writeDocument(m)) equals m', ({ type, variant }) => {
    const model = sampleModel(type, variant);
    const result = readDocument(writeDocument(model));
    expect(result).toEqual({ kind: 'document', model, signatureCount: 0 });
  });

  it.each(['1', '2', '3'] as const)('MensajeReceptor %s', (message) => {
    const model = sampleReceiverMessage(message);
    expect(readDocument(writeReceiverMessage(model))).toEqual({ kind: 'receiver-message', model, signatureCount: 0 });
  });

  it('keeps keys of absent optional fields absent', () => {
    const read = readDocument(writeDocument(sampleModel('04', 'minimal')));
    expect(read.kind).toBe('document');
    if (read.kind !== 'document') return;
    expect(Object.keys(read.model)).not.toContain('receiver');
    expect(Object.keys(read.model.lines[0]!)).not.toContain('tariffCode');
  });
});

describe('other layouts', () => {
  const model = sampleModel('01', 'full');
  const xml = withPlaceholderSignature(writeDocument(model));

  it('reads a pretty-printed document', () => {
    const pretty = prettyPrint(xml);
    expect(pretty).toContain('\n    <Nombre>');
    expect(readDocument(pretty)).toEqual({ kind: 'document', model, signatureCount: 1 });
  });

  it('reads a document with a prefixed namespace', () => {
    const withPrefix = prefixed(xml, 'fe');
    expect(withPrefix).toContain('<fe:FacturaElectronica xmlns:fe="');
    expect(readDocument(withPrefix)).toEqual({ kind: 'document', model, signatureCount: 1 });
  });

  it('reads UTF-8 bytes, with or without a BOM, and counts counter-signatures', () => {
    const twice = withPlaceholderSignature(xml);
    expect(readDocument(Buffer.from(twice, 'utf8'))).toMatchObject({ signatureCount: 2 });
    expect(readDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]))).toEqual({ kind: 'document', model, signatureCount: 1 });
  });

  it('fills in what a minimal foreign document leaves out', () => {
    const foreign =
      '<TiqueteElectronico xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/tiqueteElectronico">' +
      '<Clave> 50615032600310112345600100001040000000001187654321 </Clave><ProveedorSistemas>3101123456</ProveedorSistemas>' +
      '<CodigoActividadEmisor>620100</CodigoActividadEmisor><NumeroConsecutivo>00100001040000000001</NumeroConsecutivo>' +
      '<FechaEmision>2026-03-15T10:30:00-06:00</FechaEmision><Emisor><Nombre>Tienda</Nombre></Emisor>' +
      '<Receptor><Nombre>Cliente de contado</Nombre></Receptor><CondicionVenta>01</CondicionVenta>' +
      '<ResumenFactura><CodigoTipoMoneda><CodigoMoneda>CRC</CodigoMoneda><TipoCambio>1</TipoCambio></CodigoTipoMoneda>' +
      '<TotalVenta>100</TotalVenta><TotalVentaNeta>100</TotalVentaNeta><MedioPago><TipoMedioPago>01</TipoMedioPago></MedioPago>' +
      '<TotalComprobante>113</TotalComprobante></ResumenFactura></TiqueteElectronico>';
    const result = readDocument(foreign);
    if (result.kind !== 'document') throw new Error('expected a document');
    expect(result.model.clave).toBe('50615032600310112345600100001040000000001187654321');
    expect(result.model.receiver).toEqual({ name: 'Cliente de contado', identification: { type: '', number: '' }, emails: [] });
    expect(result.model.summary.payments[0]!.amount.toString()).toBe('113');
    expect(result.model.summary.discounts.isZero()).toBe(true);
    expect(result.model.lines).toEqual([]);
    expect(result.signatureCount).toBe(0);
  });
});

describe('refusals', () => {
  const readError = (xml: string): string => {
    try {
      readDocument(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(XmlReadError);
      return (error as Error).message;
    }
    throw new Error('expected an XmlReadError');
  };

  it('rejects an unknown root element', () => {
    expect(readError('<Factura xmlns="urn:x"><Clave>1</Clave></Factura>')).toMatch(/unknown root element <Factura>/);
    const hacienda = '<MensajeHacienda xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeHacienda"/>';
    expect(readError(hacienda)).toMatch(/unknown root element <MensajeHacienda>/);
  });

  it('rejects a known root in another namespace (v4.3, none)', () => {
    const v43 = writeDocument(sampleModel('01', 'minimal')).replace('/v4.4/', '/v4.3/');
    expect(readError(v43)).toMatch(/namespace ".*v4\.3\/facturaElectronica", expected the v4\.4 namespace/);
    expect(readError('<FacturaElectronica><Clave>1</Clave></FacturaElectronica>')).toMatch(/namespace ""/);
  });

  it('rejects malformed XML and missing required elements', () => {
    expect(readError('<FacturaElectronica xmlns="x"><Clave>')).toMatch(/malformed XML/);
    const noSummary = writeDocument(sampleModel('01', 'minimal')).replace(/<ResumenFactura>.*<\/ResumenFactura>/, '');
    expect(readError(noSummary)).toMatch(/<FacturaElectronica> lacks the required element <ResumenFactura>/);
    const badAmount = writeDocument(sampleModel('01', 'minimal')).replace('<TotalVenta>25000.00000', '<TotalVenta>1e5');
    expect(readError(badAmount)).toMatch(/<TotalVenta> is not a decimal number: "1e5"/);
  });

  it('rejects bytes that are not UTF-8', () => {
    expect(() => readDocument(Buffer.from([0x3c, 0x61, 0xff, 0x3e]))).toThrow(/not valid UTF-8/);
  });
});
