import { describe, expect, it } from 'vitest';
import { judgeAnswerSignature } from '../../../src/hacienda/answer-signature.ts';
import { readHaciendaMessage } from '../../../src/hacienda/hacienda-message.ts';
import { writeMensajeHacienda } from '../../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../../src/hacienda/simulator/key.ts';
import { answerFindings, type ReceivedAnswer } from '../../../src/received/answer-checks.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import type { SigningIdentity } from '../../../src/signing/p12.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';
import { testIdentity } from '../../fixtures/certificates.ts';

const SUPPLIER = '3101999999';
const supplied = foreignDocument(1, { issuerId: SUPPLIER, receiverId: '3101123456' });
const read = readDocument(supplied.xml);
if (read.kind !== 'document') throw new Error('fixture is not a document');
const model = read.model;
const doc = {
  clave: model.clave, issuerIdentification: SUPPLIER, receiverIdentification: '3101123456', totalAmount: model.summary.total.toFixed(5),
};

/** The answer as the tax authority would sign it (or `signer`), about the supplier's document unless told otherwise. */
function answer(options: { message?: 1 | 3; clave?: string; total?: string; signer?: SigningIdentity } = {}): ReceivedAnswer {
  const xml = writeMensajeHacienda({
    clave: options.clave ?? model.clave, issuerName: model.issuer.name, issuerIdType: '02', issuerId: SUPPLIER,
    receiverIdType: '02', receiverId: '3101123456',
    message: options.message ?? 1, detail: options.message === 3 ? 'Rechazado: -37 El total no coincide' : 'Aceptado',
    total: options.total ?? model.summary.total.toFixed(5),
  });
  const message = readHaciendaMessage(Buffer.from(signXml(xml, options.signer ?? simulatorIdentity())));
  return { message, signature: judgeAnswerSignature(message.signature) };
}

describe('the tax authority\'s answer that came with a supplier\'s document', () => {
  it('finds nothing in an accepted answer about this document', () => {
    expect(answerFindings(doc, answer())).toEqual([]);
  });

  it('says when the answer is missing', () => {
    expect(answerFindings(doc, undefined)).toEqual([{ code: 'answer_missing', params: {} }]);
  });

  it('flags a rejected document with the tax authority\'s reason', () => {
    const [finding] = answerFindings(doc, answer({ message: 3 }));
    expect(finding).toEqual({ code: 'answer_rejected', params: { detail: expect.stringContaining('-37') } });
  });

  it('does not trust an answer signed by someone other than the Ministerio de Hacienda', () => {
    expect(answerFindings(doc, answer({ signer: testIdentity() })).map((f) => f.code)).toEqual(['answer_untrusted']);
  });

  it('catches an answer about another document, or another total', () => {
    const other = foreignDocument(2, { issuerId: SUPPLIER, receiverId: '3101123456' }).clave;
    expect(answerFindings(doc, answer({ clave: other }))).toEqual([{ code: 'answer_mismatch', params: { detail: `Clave ${other}` } }]);
    expect(answerFindings(doc, answer({ total: '1.00000' }))).toEqual([{ code: 'answer_mismatch', params: { detail: 'TotalFactura 1.00000' } }]);
  });
});
