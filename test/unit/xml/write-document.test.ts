/** Per-type shape of the written documents and the writer's refusals. */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { XmlWriteError } from '../../../src/xml/errors.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { sampleModel, sampleReceiverMessage } from '../../fixtures/document-models.ts';

function writeError(fn: () => unknown): XmlWriteError {
  try {
    fn();
  } catch (error) {
    if (error instanceof XmlWriteError) return error;
    throw error;
  }
  throw new Error('expected an XmlWriteError');
}

describe('element order and per-type cuts', () => {
  it('writes the header in XSD order', () => {
    const xml = writeDocument(sampleModel('01', 'full'));
    const order = [
      'Clave', 'ProveedorSistemas', 'CodigoActividadEmisor', 'CodigoActividadReceptor', 'NumeroConsecutivo',
      'FechaEmision', 'Emisor', 'Receptor', 'CondicionVenta', 'PlazoCredito', 'DetalleServicio', 'OtrosCargos',
      'ResumenFactura', 'InformacionReferencia', 'Otros',
    ];
    const positions = order.map((name) => xml.indexOf(`<${name}>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('FEE leaves out the receiver location, base, net and assumed tax', () => {
    const model = sampleModel('09', 'full');
    model.receiver!.location = { province: '1', canton: '01', district: '01', details: 'No debe aparecer' };
    const xml = writeDocument(model);
    expect(xml).not.toContain('No debe aparecer');
    expect(xml).not.toMatch(/<BaseImponible>|<ImpuestoNeto>|<ImpuestoAsumidoEmisorFabrica>|<BaseImponibleSurtido>/);
    expect(xml).toContain('<PartidaArancelaria>847330000000</PartidaArancelaria>');
    expect(xml).toContain('<OtrasSenasExtranjero>500 Market St, San Francisco, CA 94105, USA</OtrasSenasExtranjero>');
  });

  it('TE has no receiver activity nor TipoTransaccion even when the model has them', () => {
    const model = sampleModel('04', 'full');
    model.receiverActivityCode = '620100';
    model.lines[0]!.transactionType = '01';
    const xml = writeDocument(model);
    expect(xml).not.toContain('CodigoActividadReceptor');
    expect(xml).not.toContain('TipoTransaccion');
    expect(writeDocument({ ...model, type: '01' })).toContain('<TipoTransaccion>01</TipoTransaccion>');
  });

  it('REP writes only its reduced parties, lines and summary', () => {
    const model = sampleModel('10', 'full');
    model.issuer.location = { province: '1', canton: '01', district: '01', details: 'Sin lugar en REP' };
    const xml = writeDocument(model);
    expect(xml).not.toMatch(/Ubicacion|CodigoCABYS|Cantidad|PrecioUnitario|BaseImponible|CodigoActividad/);
    expect(xml).toContain('<LineaDetalle><NumeroLinea>1</NumeroLinea><Detalle>');
    expect(xml).toMatch(/<MedioPago><TipoMedioPago>04<\/TipoMedioPago><TotalMedioPago>/);
  });

  it('FEC has no assumed tax, assortment, IVA returned', () => {
    const model = sampleModel('08', 'full');
    model.summary.ivaReturned = new Decimal(5);
    const xml = writeDocument(model);
    expect(xml).not.toMatch(/ImpuestoAsumidoEmisorFabrica|DetalleSurtido|TotalIVADevuelto/);
    expect(xml).toContain('<CodigoActividadReceptor>620100</CodigoActividadReceptor>');
  });

  it('a receiver without identification is left without it where the XSD allows', () => {
    const model = sampleModel('04', 'full');
    model.receiver!.identification = { type: '', number: '' };
    expect(writeDocument(model)).toContain('<Receptor><Nombre>María José Núñez Rojas</Nombre><NombreComercial>');
    expect(writeError(() => writeDocument({ ...model, type: '01' })).element).toBe('Receptor/Tipo');
  });

  it('summary: zero optional totals are omitted, required ones always written', () => {
    const xml = writeDocument(sampleModel('04', 'minimal'));
    expect(xml).toContain(
      '<TotalServGravados>25000.00000</TotalServGravados><TotalGravado>25000.00000</TotalGravado>' +
        '<TotalVenta>25000.00000</TotalVenta><TotalVentaNeta>25000.00000</TotalVentaNeta>',
    );
    expect(xml).not.toMatch(/TotalDescuentos|TotalOtrosCargos|TotalExento|TotalImpAsumEmisorFabrica/);
    expect(xml).toContain('<ImpuestoAsumidoEmisorFabrica>0.00000</ImpuestoAsumidoEmisorFabrica>');
    expect(xml).toContain(
      '<MedioPago><TipoMedioPago>01</TipoMedioPago><TotalMedioPago>28250.00000</TotalMedioPago></MedioPago>' +
        '<TotalComprobante>28250.00000</TotalComprobante>',
    );
  });

  it('formats each numeric element with its own decimals', () => {
    const model = sampleModel('01', 'full');
    const tax = model.lines[0]!.taxes[0]!;
    tax.ivaFactor = new Decimal('0.5');
    tax.specific = {
      unitQuantity: new Decimal(3),
      percentage: new Decimal('4.5'),
      proportion: new Decimal('0.25'),
      consumptionUnitVolume: new Decimal('1.5'),
      taxPerUnit: new Decimal('12.3'),
    };
    const xml = writeDocument(model);
    expect(xml).toContain('<Cantidad>2.000</Cantidad>');
    expect(xml).toContain(
      '<Tarifa>13.00</Tarifa><FactorCalculoIVA>0.5000</FactorCalculoIVA><DatosImpuestoEspecifico>' +
        '<CantidadUnidadMedida>3.00</CantidadUnidadMedida><Porcentaje>4.50</Porcentaje><Proporcion>0.25000</Proporcion>' +
        '<VolumenUnidadConsumo>1.50</VolumenUnidadConsumo><ImpuestoUnidad>12.30000</ImpuestoUnidad></DatosImpuestoEspecifico><Monto>',
    );
    expect(xml).toContain('<PorcentajeOC>10.00</PorcentajeOC>');
    expect(xml).toContain('<TarifaExonerada>13.00</TarifaExonerada>');
    expect(xml).toContain('<TipoCambio>1.00000</TipoCambio>');
  });
});

describe('refusals', () => {
  it('names a required element the model lacks', () => {
    const fe = sampleModel('01', 'full');
    expect(writeError(() => writeDocument({ ...fe, receiver: undefined })).element).toBe('Receptor');
    expect(writeError(() => writeDocument({ ...sampleModel('03', 'full'), references: [] })).element).toBe('InformacionReferencia');
    expect(writeError(() => writeDocument({ ...sampleModel('08', 'full'), receiverActivityCode: undefined })).element).toBe('CodigoActividadReceptor');
    expect(writeError(() => writeDocument({ ...fe, issuer: { ...fe.issuer, location: undefined } })).element).toBe('Emisor/Ubicacion');
    expect(writeError(() => writeDocument({ ...sampleModel('09', 'full'), lines: [] })).element).toBe('DetalleServicio');
    const rep = sampleModel('10', 'full');
    expect(writeError(() => writeDocument({ ...rep, summary: { ...rep.summary, payments: [] } })).element).toBe('MedioPago');
  });

  it('names the line of a faulty line element', () => {
    const model = sampleModel('01', 'full');
    model.lines[1]!.taxes = [];
    expect(writeError(() => writeDocument(model)).element).toBe('LineaDetalle[2]/Impuesto');
    model.lines[1]!.cabysCode = undefined;
    expect(writeError(() => writeDocument(model)).element).toBe('LineaDetalle[2]/CodigoCABYS');
    // …which NC and ND do not require.
    const note = sampleModel('03', 'full');
    note.lines[0]!.cabysCode = undefined;
    expect(writeDocument(note)).not.toContain('<NumeroLinea>1</NumeroLinea><CodigoCABYS>');
  });

  it('throws on amounts with more decimals than the element allows, never rounds', () => {
    const model = sampleModel('01', 'minimal');
    model.lines[0]!.unitPrice = new Decimal('25000.000001');
    const error = writeError(() => writeDocument(model));
    expect(error.element).toBe('LineaDetalle[1]/PrecioUnitario');
    expect(error.message).toMatch(/6 decimals, the XSD allows 5/);
    const rate = sampleModel('01', 'minimal');
    rate.lines[0]!.taxes[0]!.rate = new Decimal('13.005');
    expect(writeError(() => writeDocument(rate)).element).toBe('LineaDetalle[1]/Tarifa');
    const qty = sampleModel('01', 'minimal');
    qty.lines[0]!.quantity = new Decimal('1.0001');
    expect(writeError(() => writeDocument(qty)).element).toBe('LineaDetalle[1]/Cantidad');
  });

  it('throws on negative and oversized amounts', () => {
    const negative = sampleModel('01', 'minimal');
    negative.summary.total = new Decimal('-1');
    expect(writeError(() => writeDocument(negative)).element).toBe('TotalComprobante');
    const huge = sampleModel('01', 'minimal');
    huge.summary.total = new Decimal('10000000000000');
    expect(writeError(() => writeDocument(huge)).message).toMatch(/13 integer digits/);
    huge.summary.total = new Decimal('9999999999999.99999');
    expect(writeDocument(huge)).toContain('<TotalComprobante>9999999999999.99999</TotalComprobante>');
  });

  it('throws on characters XML 1.0 does not allow, wherever they are', () => {
    for (const bad of ['\u0000', '\u0001', '\u000B', '\u001F', '\uD800', 'a\uDC00b', '\uFFFE', '\uFFFF']) {
      const model = sampleModel('01', 'minimal');
      model.lines[0]!.description = `Texto ${bad} malo`;
      const error = writeError(() => writeDocument(model));
      expect(error.element).toBe('LineaDetalle[1]/Detalle');
      expect(error.message).toMatch(/is not allowed in XML 1\.0/);
    }
    const attr = sampleModel('01', 'full');
    attr.others = [{ code: 'x\u0007', text: 'ok' }];
    expect(writeError(() => writeDocument(attr)).element).toBe('OtroTexto/@codigo');
  });

  it('accepts astral characters (surrogate pairs) and tab/LF/CR', () => {
    const model = sampleModel('01', 'minimal');
    model.lines[0]!.description = 'Emoji 😀 𝄞\ttab\nLF\rCR';
    expect(writeDocument(model)).toContain('<Detalle>Emoji 😀 𝄞\ttab\nLF&#xD;CR</Detalle>');
  });

  it('checks maxOccurs', () => {
    const model = sampleModel('01', 'full');
    model.issuer.emails = ['a@x.cr', 'b@x.cr', 'c@x.cr', 'd@x.cr', 'e@x.cr'];
    expect(writeError(() => writeDocument(model)).element).toBe('Emisor/CorreoElectronico');
  });
});

describe('MensajeReceptor', () => {
  it('writes all elements in order with the mensajeReceptor namespace', () => {
    expect(writeReceiverMessage(sampleReceiverMessage('1'))).toBe(
      '<?xml version="1.0" encoding="utf-8"?><MensajeReceptor xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeReceptor">' +
        '<Clave>50615032600310112345600100001010000000001187654321</Clave><NumeroCedulaEmisor>3101654321</NumeroCedulaEmisor>' +
        '<FechaEmisionDoc>2026-03-15T10:30:00-06:00</FechaEmisionDoc><Mensaje>1</Mensaje><DetalleMensaje>Aceptado</DetalleMensaje>' +
        '<MontoTotalImpuesto>13000.00000</MontoTotalImpuesto><CodigoActividad>620100</CodigoActividad><CondicionImpuesto>01</CondicionImpuesto>' +
        '<MontoTotalImpuestoAcreditar>13000.00000</MontoTotalImpuestoAcreditar><MontoTotalDeGastoAplicable>100000.00000</MontoTotalDeGastoAplicable>' +
        '<TotalFactura>113000.00000</TotalFactura><NumeroCedulaReceptor>3101123456</NumeroCedulaReceptor>' +
        '<NumeroConsecutivoReceptor>00100001050000000001</NumeroConsecutivoReceptor></MensajeReceptor>',
    );
  });

  it('leaves out absent optional elements and escapes the detail', () => {
    const xml = writeReceiverMessage(sampleReceiverMessage('3'));
    expect(xml).toContain('<Mensaje>3</Mensaje><DetalleMensaje>Mercadería no recibida &amp; devuelta &lt;sin abrir&gt;</DetalleMensaje><TotalFactura>');
  });
});
