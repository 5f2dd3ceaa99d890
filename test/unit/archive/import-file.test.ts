/** Classification of one imported file: a document of the organization, an answer, or a problem and why. */
import { describe, expect, it } from 'vitest';
import { classifyFile, rootElementName } from '../../../src/archive/import-file.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';
import { sampleReceiverMessage } from '../../fixtures/document-models.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { testIdentity } from '../../fixtures/certificates.ts';

const ORG = '3101123456';

describe('classifyFile', () => {
  it('takes a signed document the organization issued, with its fields and the exact bytes', () => {
    const doc = foreignDocument(1);
    const result = classifyFile(doc.xml, ORG);
    expect(result.kind).toBe('document');
    if (result.kind !== 'document') return;
    expect(result.record).toMatchObject({
      clave: doc.clave, consecutive: doc.consecutive, documentType: '01', issuerIdentification: ORG,
      currency: 'CRC', issuedAt: '2025-06-15T10:30:00-06:00',
    });
    expect(result.record.totalAmount).toMatch(/^\d+\.\d{5}$/);
    expect(result.record.signedXml).toBe(doc.xml);
  });

  it('takes a supplier document whose receiver is the organization', () => {
    const result = classifyFile(foreignDocument(2, { issuerId: '3101654321', receiverId: ORG }).xml, ORG);
    expect(result).toMatchObject({ kind: 'document', record: { issuerIdentification: '3101654321', receiverIdentification: ORG } });
  });

  it("recognises the tax authority's answer by its root and reads its clave", () => {
    const clave = foreignDocument(3).clave;
    expect(classifyFile(signedAnswer(clave), ORG)).toMatchObject({ kind: 'answer', clave });
  });

  it('turns every kind of bad file into a reason', () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('%PDF-1.7 binary'), /not an XML document/],
      [Buffer.from('<Foo xmlns="urn:x"/>'), /not a v4.4 document: unknown root element <Foo>/],
      [Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><FacturaElectronica/>'), /DOCTYPE/],
      [Buffer.from('<FacturaElectronica xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica"><Clave>'), /not a v4.4 document: malformed/],
      [foreignDocument(4, { issuerId: '3101999999' }).xml, /neither its issuer \(3101999999\) nor its receiver \(114520789\) is this organization/],
      [Buffer.from(foreignDocument(5).xml.toString().replace('Consultoría', 'Consultoria')), /signature does not verify/],
      [Buffer.from(signedAnswer(foreignDocument(6).clave).toString().replace('<Mensaje>1<', '<Mensaje>3<')), /the tax authority's signature does not verify/],
      [Buffer.from(signXml(writeReceiverMessage(sampleReceiverMessage('1')), testIdentity())), /receiver message/],
    ];
    for (const [bytes, reason] of cases) {
      const result = classifyFile(bytes, ORG);
      expect(result.kind, reason.source).toBe('problem');
      if (result.kind === 'problem') expect(result.reason).toMatch(reason);
    }
  });

  it('finds the root element after a declaration, a byte-order mark and comments', () => {
    expect(rootElementName(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<fe:FacturaElectronica xmlns:fe="u">'))).toBe('FacturaElectronica');
    expect(rootElementName(Buffer.from('hello'))).toBeUndefined();
  });
});
