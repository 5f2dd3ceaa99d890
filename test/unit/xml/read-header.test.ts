/** The scanning header reader agrees with the full reader on every document type, and declines the unexpected. */
import { describe, expect, it } from 'vitest';
import { readHeader } from '../../../src/xml/read-header.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { signedExample } from '../hacienda/fixtures.ts';

const TYPES = ['01-factura', '02-nota-debito', '03-nota-credito', '04-tiquete', '08-factura-compra', '09-factura-exportacion', '10-recibo-pago'];

describe('readHeader', () => {
  it.each(TYPES)('reads the same clave, date and parties as the full reader: %s', (name) => {
    const xml = signedExample(name);
    const read = readDocument(Buffer.from(xml, 'utf8'));
    if (read.kind !== 'document') throw new Error('expected a comprobante');
    const { clave, issuedAt, issuer, receiver } = read.model;
    const receiverId = receiver?.identification;
    expect(readHeader(xml)).toEqual({
      clave,
      issuedAt,
      issuer: { type: issuer.identification.type, number: issuer.identification.number },
      ...(receiverId && receiverId.number !== '' ? { receiver: { type: receiverId.type, number: receiverId.number } } : {}),
    });
  });

  it('reads a ticket whose receiver is not identified without inventing one', () => {
    const xml = signedExample('04-tiquete', (body) => {
      delete (body as { receiver?: unknown }).receiver;
    });
    expect(readHeader(xml)?.receiver).toBeUndefined();
  });

  it('declines receiver messages and text it did not write', () => {
    expect(readHeader(signedExample('receptor-mensaje'))).toBeUndefined();
    const factura = signedExample('01-factura');
    expect(readHeader(factura.replace('<Emisor><Nombre>', '<Emisor>\n  <Nombre>').replace('</Nombre><Identificacion>', '</Nombre>\n  <Identificacion>'))).toBeUndefined();
    expect(readHeader(factura.replace(/<FacturaElectronica /, '<!DOCTYPE x><FacturaElectronica '))).toBeUndefined();
    expect(readHeader('<Otro><Clave>1</Clave></Otro>')).toBeUndefined();
  });
});
