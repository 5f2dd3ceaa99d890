/** The document e-mail's text and attachments, composed without any I/O. */
import { describe, expect, it } from 'vitest';
import { composeDocumentEmail, type DocumentEmailInput } from '../../../src/email/compose-document-email.ts';

const CLAVE = '50620112600310112345600200003040000000012100000001';

function input(overrides: Partial<DocumentEmailInput['document']> = {}, rest: Partial<DocumentEmailInput> = {}): DocumentEmailInput {
  return {
    document: {
      documentType: '01',
      clave: CLAVE,
      consecutive: '00200003010000000012',
      status: 'processing',
      issuedAt: '2026-11-20T10:30:00-06:00',
      receptorName: null,
      currency: 'USD',
      totalAmount: '1234567.12500',
      signedXml: Buffer.from('<FacturaElectronica/>'),
      responseXml: null,
      ...overrides,
    },
    organization: { name: 'TecnoValle', legalName: null },
    branding: undefined,
    fromAddress: 'facturas@tecnovalle.example.cr',
    recipients: ['cliente@example.cr'],
    ...rest,
  };
}

describe('composeDocumentEmail', () => {
  it('writes subject and Spanish body, and attaches the stored signed XML alone before an answer exists', () => {
    const email = composeDocumentEmail(input());
    expect(email.subject).toBe('Factura electrónica 00200003010000000012 - TecnoValle');
    expect(email.from).toEqual({ name: 'TecnoValle', address: 'facturas@tecnovalle.example.cr' });
    expect(email.replyTo).toBeUndefined();
    expect(email.text).toContain('Estimado(a) cliente:');
    expect(email.text).toContain(`Clave: ${CLAVE}`);
    expect(email.text).toContain('Fecha de emisión: 20/11/2026');
    expect(email.text).toContain('Total: USD 1,234,567.13');
    expect(email.text).toContain('En validación');
    expect(email.attachments).toEqual([{ filename: `${CLAVE}.xml`, content: Buffer.from('<FacturaElectronica/>'), contentType: 'application/xml' }]);
  });

  it('adds the answer, the receiver\'s name and the branding once they exist', () => {
    const email = composeDocumentEmail(input(
      { status: 'accepted', receptorName: 'María José Rodríguez', responseXml: Buffer.from('<MensajeHacienda/>') },
      { organization: { name: 'TecnoValle', legalName: 'Soluciones Tecnológicas del Valle S.A.' }, branding: { emailSenderName: 'TecnoValle Facturación', emailReplyTo: 'cobros@tecnovalle.example.cr', footer: 'Gracias por su compra.' } },
    ));
    expect(email.subject).toBe('Factura electrónica 00200003010000000012 - Soluciones Tecnológicas del Valle S.A.');
    expect(email.from.name).toBe('TecnoValle Facturación');
    expect(email.replyTo).toBe('cobros@tecnovalle.example.cr');
    expect(email.text).toContain('Estimado(a) María José Rodríguez:');
    expect(email.text).toContain('Aceptado por el Ministerio de Hacienda.');
    expect(email.text.trimEnd().endsWith('Gracias por su compra.')).toBe(true);
    expect(email.attachments.map((a) => a.filename)).toEqual([`${CLAVE}.xml`, `${CLAVE}_respuesta.xml`]);
    expect(email.attachments[1]!.content.toString()).toBe('<MensajeHacienda/>');
  });

  it('attaches the PDF last, as <clave>.pdf, and names every attachment in the body', () => {
    const pdf = Buffer.from('%PDF-1.3 ...');
    const email = composeDocumentEmail(input({ responseXml: Buffer.from('<MensajeHacienda/>') }, { pdf }));
    expect(email.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${CLAVE}.xml`, 'application/xml'], [`${CLAVE}_respuesta.xml`, 'application/xml'], [`${CLAVE}.pdf`, 'application/pdf']]);
    expect(email.attachments[2]!.content).toBe(pdf);
    expect(email.text).toContain('Se adjuntan el XML firmado del comprobante, la respuesta del Ministerio de Hacienda y su representación impresa en PDF.');
    expect(composeDocumentEmail(input()).text).toContain('Se adjunta el XML firmado del comprobante.');
  });
});
