import { describe, expect, it } from 'vitest';
import { readSupplierFile } from '../../../src/received/read-supplier-file.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';

describe('a file from a supplier', () => {
  it('is its document for this organization, with what the worksheet and the answer need', () => {
    const doc = foreignDocument(1, { issuerId: SUPPLIER, receiverId: OWNER });
    const file = readSupplierFile(doc.xml, OWNER);
    if (file.kind !== 'document') throw new Error(JSON.stringify(file));
    expect(file.document).toMatchObject({ clave: doc.clave, issuerIdentification: SUPPLIER, receiverIdentification: OWNER, documentType: '01' });
    expect(file.document.signedXml.equals(doc.xml)).toBe(true);
    expect(file.document.taxBreakdown.length).toBeGreaterThan(0);
    expect(file.document.findings.filter((f) => f.code !== 'chain_unverified')).toEqual([]);
  });

  it('finds the supplier\'s arithmetic errors', () => {
    const doc = foreignDocument(2, {
      issuerId: SUPPLIER, receiverId: OWNER,
      editXml: (xml) => xml.replace(/<TotalComprobante>([\d.]+)</, (_, total: string) => `<TotalComprobante>${(Number(total) + 5).toFixed(5)}<`),
    });
    const file = readSupplierFile(doc.xml, OWNER);
    expect(file.kind === 'document' && file.document.findings.map((f) => f.params.field)).toContain('TotalComprobante');
  });

  it.each([
    ['one the organization issued', foreignDocument(3).xml, /fiscal archive/],
    ['one for another receiver', foreignDocument(4, { issuerId: SUPPLIER, receiverId: '3101777777' }).xml, /receiver is 3101777777/],
    ['a ticket, even one naming the organization', foreignDocument(5, { type: '04', issuerId: SUPPLIER, receiverId: OWNER }).xml, /ticket/],
    ['a document naming no receiver', foreignDocument(7, { issuerId: SUPPLIER, editXml: (xml) => xml.replace(/<Receptor>[\s\S]*?<\/Receptor>/, '') }).xml, /names no receiver/],
    ['a forged one', Buffer.from(foreignDocument(6, { issuerId: SUPPLIER, receiverId: OWNER }).xml.toString().replace('<NumeroLinea>1<', '<NumeroLinea>2<')), /signature does not verify/],
    ['XML with a DOCTYPE', Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'), /DOCTYPE/],
    ['not XML at all', Buffer.from('hello'), /not an XML document/],
  ])('is refused with its reason when it is %s', (_name, bytes, reason) => {
    const file = readSupplierFile(bytes, OWNER);
    expect(file.kind).toBe('problem');
    expect(file.kind === 'problem' && file.reason).toMatch(reason);
  });

  it('is the tax authority\'s answer, its signature judged', () => {
    const file = readSupplierFile(signedAnswer('5'.repeat(50)), OWNER);
    if (file.kind !== 'answer') throw new Error(JSON.stringify(file));
    expect(file.answer.message).toMatchObject({ clave: '5'.repeat(50), state: 'aceptado' });
    expect(['verified', 'chain_not_verified']).toContain(file.answer.signature.state);
  });

  it('is a PDF, recognised by its header', () => {
    expect(readSupplierFile(Buffer.from('%PDF-1.7\n…'), OWNER)).toEqual({ kind: 'pdf' });
  });
});
