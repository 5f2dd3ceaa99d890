/** Suppliers' files are read in a worker thread: the same answers as in this thread, the bytes intact. */
import { afterAll, describe, expect, it } from 'vitest';
import { readSupplierFile } from '../../../src/received/read-supplier-file.ts';
import { SupplierFileReader } from '../../../src/received/supplier-file-reader.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';

const OWNER = '3101123456';
const reader = new SupplierFileReader();
afterAll(() => reader.close());

describe('SupplierFileReader', () => {
  it('answers as readSupplierFile does, documents and answers with their bytes', async () => {
    const doc = foreignDocument(1, { issuerId: '3101999999', receiverId: OWNER });
    const answer = signedAnswer(doc.clave);
    for (const bytes of [doc.xml, answer, Buffer.from('%PDF-1.4'), Buffer.from('<x/>')]) {
      expect(await reader.read(bytes, OWNER)).toEqual(readSupplierFile(bytes, OWNER));
    }
    const read = await reader.read(doc.xml, OWNER);
    expect(read.kind === 'document' && Buffer.isBuffer(read.document.signedXml) && read.document.signedXml.equals(doc.xml)).toBe(true);
    const readAnswer = await reader.read(answer, OWNER);
    expect(readAnswer.kind === 'answer' && Buffer.isBuffer(readAnswer.xml) && readAnswer.xml.equals(answer)).toBe(true);
  }, 30_000);
  it('reads many files at once (a mailbox poll reads ahead), each with its own answer and bytes', async () => {
    const docs = Array.from({ length: 8 }, (_, i) => foreignDocument(10 + i, { issuerId: '3101999999', receiverId: OWNER }));
    const read = await Promise.all(docs.map((d) => reader.read(d.xml, OWNER)));
    expect(read.map((r) => r.kind === 'document' && r.document.clave)).toEqual(docs.map((d) => d.clave));
    expect(read.every((r, i) => r.kind === 'document' && Buffer.isBuffer(r.document.signedXml) && r.document.signedXml.equals(docs[i]!.xml))).toBe(true);
  }, 30_000);
});
