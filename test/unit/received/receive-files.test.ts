import { describe, expect, it } from 'vitest';
import { writeMensajeHacienda } from '../../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../../src/hacienda/simulator/key.ts';
import { receiveFiles } from '../../../src/received/receive-files.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { findReceivedByClave } from '../../../src/store/received-documents.ts';
import { foreignDocument, zipOf, type ForeignDocument } from '../../fixtures/archive-documents.ts';
import { fixture } from '../../helpers/use-case-store.ts';
import { testIdentity } from '../../fixtures/certificates.ts';
import { Decimal } from 'decimal.js';
import { monthReceivedVat } from '../../../src/store/vat-lines.ts';
import { documentVat } from '../../../src/domain/vat-lines.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { receivingDeps } from '../../helpers/receiving.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
const f = fixture();
const deps = receivingDeps(f.store);
const scope = { organizationId: f.organization.id, environment: 'staging', owner: OWNER };
const mail = { kind: 'imap' as const, name: '<factura@proveedor.example.cr>' };

let serial = 0;
// March 2026: answered by 14 April; the fixture's clock stands at 1 April.
const supplierDocument = (type: '01' | '03' = '01') =>
  foreignDocument(++serial, { type, issuerId: SUPPLIER, receiverId: OWNER, issuedAt: '2026-03-20T10:00:00-06:00' });

function answerFor(doc: ForeignDocument, message: 1 | 3 = 1, signer = simulatorIdentity()): Buffer {
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml.toString())![1]!;
  const xml = writeMensajeHacienda({
    clave: doc.clave, issuerName: 'Proveedor de Otra Instalación S.A.', issuerIdType: '02', issuerId: SUPPLIER,
    receiverIdType: '02', receiverId: OWNER, message, detail: message === 1 ? 'Aceptado' : 'Rechazado: -37', total,
  });
  return Buffer.from(signXml(xml, signer));
}

const PDF = Buffer.from('%PDF-1.7\nfactura\n%%EOF\n');
const row = (clave: string) => findReceivedByClave(f.store.db, scope, clave)!;

describe('receiving a supplier\'s mail', () => {
  it('stores the document with its answer and PDF, due on the 8th business day of the next month', async () => {
    const doc = supplierDocument();
    const outcomes = await receiveFiles(deps, scope, mail, [
      { name: 'FE.xml', bytes: doc.xml }, { name: 'MH.xml', bytes: answerFor(doc) }, { name: 'factura.pdf', bytes: PDF },
    ]);
    expect(outcomes).toEqual([
      { file: 'FE.xml', status: 'stored', clave: doc.clave },
      { file: 'MH.xml', status: 'attached', clave: doc.clave, what: 'answer' },
      { file: 'factura.pdf', status: 'attached', clave: doc.clave, what: 'pdf' },
    ]);
    const stored = row(doc.clave);
    expect(stored).toMatchObject({ state: 'pending', answerDue: '2026-04-14', transactionMonth: '2026-03', haciendaAnswerState: 'aceptado', source: 'imap' });
    expect(stored.signedXml.equals(doc.xml) && stored.pdf!.equals(PDF)).toBe(true);
    expect(stored.findings.map((x) => x.code).filter((c) => c !== 'chain_unverified')).toEqual([]);

    const again = await receiveFiles(deps, scope, mail, [{ name: 'FE.xml', bytes: doc.xml }, { name: 'MH.xml', bytes: answerFor(doc) }]);
    expect(again.map((o) => o.status)).toEqual(['duplicate', 'duplicate']);
  }, 30_000);

  it('keeps the document\'s VAT by rate for the month\'s worksheet, once', async () => {
    const doc = supplierDocument();
    await receiveFiles(deps, scope, mail, [{ name: 'FE.xml', bytes: doc.xml }]);
    await receiveFiles(deps, scope, mail, [{ name: 'FE.xml', bytes: doc.xml }]);
    const march = monthReceivedVat(f.store.db, scope, '2026-03').filter((d) => d.clave === doc.clave);
    expect(march).toHaveLength(1);
    const model = readDocument(doc.xml);
    expect(model.kind).toBe('document');
    expect(march[0]!.lines).toEqual(model.kind === 'document' ? documentVat(model.model).lines : []);
    const tax = march[0]!.lines.reduce((sum, l) => sum.plus(l.tax).minus(l.exoneratedTax), new Decimal(0));
    expect(tax.toFixed(5)).toBe(new Decimal(march[0]!.taxAmount).toFixed(5));
  }, 30_000);

  it('takes the answer that comes later, and judges the document again with it', async () => {
    const doc = supplierDocument();
    await receiveFiles(deps, scope, mail, [{ name: 'FE.xml', bytes: doc.xml }]);
    expect(row(doc.clave).findings.map((x) => x.code)).toContain('answer_missing');
    const later = await receiveFiles(deps, scope, { kind: 'upload', name: 'respuesta.xml' }, [{ name: 'respuesta.xml', bytes: answerFor(doc, 3) }]);
    expect(later).toEqual([{ file: 'respuesta.xml', status: 'attached', clave: doc.clave, what: 'answer' }]);
    const codes = row(doc.clave).findings.map((x) => x.code);
    expect(codes).toContain('answer_rejected');
    expect(codes).not.toContain('answer_missing');
  }, 30_000);

  it('lets the genuine answer take the place of a forged one that came first', async () => {
    const doc = supplierDocument();
    await receiveFiles(deps, scope, mail, [{ name: 'FE.xml', bytes: doc.xml }, { name: 'MH.xml', bytes: answerFor(doc, 3, testIdentity()) }]);
    expect(row(doc.clave).findings.map((x) => x.code)).toContain('answer_untrusted');
    const genuine = await receiveFiles(deps, scope, mail, [{ name: 'MH-real.xml', bytes: answerFor(doc) }]);
    expect(genuine).toEqual([{ file: 'MH-real.xml', status: 'attached', clave: doc.clave, what: 'answer' }]);
    expect(row(doc.clave)).toMatchObject({ haciendaAnswerState: 'aceptado' });
    expect(row(doc.clave).findings.map((x) => x.code)).not.toContain('answer_untrusted');
    const again = await receiveFiles(deps, scope, mail, [{ name: 'MH-forged-again.xml', bytes: answerFor(doc, 3, testIdentity()) }]);
    expect(again[0]!.status).toBe('duplicate');
    expect(row(doc.clave).haciendaAnswerState).toBe('aceptado');
  }, 30_000);

  it('opens a ZIP, and a credit note needs no answer', async () => {
    const note = supplierDocument('03');
    const zip = await zipOf([['NC.xml', note.xml], ['NC-respuesta.xml', answerFor(note)]]);
    const outcomes = await receiveFiles(deps, scope, mail, [{ name: 'comprobantes.zip', bytes: zip }]);
    expect(outcomes.map((o) => [o.file, o.status])).toEqual([['comprobantes.zip/NC.xml', 'stored'], ['comprobantes.zip/NC-respuesta.xml', 'attached']]);
    expect(row(note.clave)).toMatchObject({ state: 'not_required', answerDue: null });
  }, 30_000);

  it('gives every hostile or foreign file a problem with its reason, and keeps the good one', async () => {
    const good = supplierDocument();
    const forged = Buffer.from(supplierDocument().xml.toString().replace('<NumeroLinea>1<', '<NumeroLinea>2<'));
    const stranger = foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: '3101777777' }).xml;
    const outcomes = await receiveFiles(deps, scope, mail, [
      { name: 'bueno.xml', bytes: good.xml }, { name: 'falso.xml', bytes: forged }, { name: 'ajeno.xml', bytes: stranger },
      { name: 'roto.zip', bytes: Buffer.from('PK\u0003\u0004 not really a zip') }, { name: 'virus.exe', bytes: Buffer.from('MZ\u0090') },
      { name: 'otra.pdf', bytes: PDF },
    ]);
    const byFile = Object.fromEntries(outcomes.map((o) => [o.file, o.status === 'problem' ? o.reason : o.status]));
    expect(byFile).toEqual({
      'bueno.xml': 'stored',
      'falso.xml': expect.stringMatching(/signature does not verify/),
      'ajeno.xml': expect.stringMatching(/receiver is 3101777777/),
      'roto.zip': expect.stringMatching(/ZIP/),
      'virus.exe': expect.stringMatching(/not an XML document/),
      'otra.pdf': 'attached', // the one document of the mail
    });
    expect(row(good.clave).pdf!.equals(PDF)).toBe(true);
  }, 30_000);
});
