/**
 * Who signed an answer of the tax authority, judged once for delivery and imports: a genuine answer is
 * "signature valid, chain not verified" (the Ministerio's intermediates are not published), never fully
 * verified; an altered answer or one signed by someone else says so.
 */
import { describe, expect, it } from 'vitest';
import { judgeAnswerSignature } from '../../../src/hacienda/answer-signature.ts';
import { readHaciendaMessage } from '../../../src/hacienda/hacienda-message.ts';
import { writeMensajeHacienda } from '../../../src/hacienda/simulator/message-writer.ts';
import { tamperedResponse } from '../../../src/hacienda/simulator/response.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';
import { testIdentity } from '../../fixtures/certificates.ts';

const clave = foreignDocument(1).clave;
const judge = (xml: Buffer | string) => judgeAnswerSignature(readHaciendaMessage(xml).signature);

describe("the judgement of the tax authority's signature on an answer", () => {
  it('finds a valid answer signed in the name of the Ministerio de Hacienda, its chain not verified', () => {
    expect(judge(signedAnswer(clave))).toEqual({
      state: 'chain_not_verified',
      signer: expect.stringMatching(/CN=SIMULADOR HACIENDA - COMPROBANTES ELECTRONICOS.*O=MINISTERIO DE HACIENDA/),
      detail: expect.stringMatching(/self-signed/),
    });
  });

  it('finds an answer altered after signing invalid', () => {
    const judged = judge(tamperedResponse(signedAnswer(clave).toString('utf8')));
    expect(judged).toMatchObject({ state: 'invalid', detail: expect.stringMatching(/digest/i) });
  });

  it('finds an answer signed with a certificate that is not the Ministerio de Hacienda’s', () => {
    const forged = signXml(writeMensajeHacienda({
      clave, issuerName: 'Soluciones Tecnológicas del Valle S.A.', issuerIdType: '02', issuerId: '3101123456', message: 1, detail: 'Aceptado', total: '1.00000',
    }), testIdentity());
    const judged = judge(forged);
    expect(judged).toMatchObject({ state: 'not_tax_authority', detail: expect.stringMatching(/not signed by the Ministerio de Hacienda/) });
    expect(judged.signer).not.toMatch(/MINISTERIO DE HACIENDA/);
  });

  it('calls an answer verified only when its chain reached a Costa Rican root', () => {
    const signer = 'CN=COMPROBANTES ELECTRONICOS, O=MINISTERIO DE HACIENDA, C=CR';
    const chained = { valid: true, problems: [], signer, identity: { chain: { verified: true, detail: 'chained to CA RAIZ NACIONAL - COSTA RICA v2' } } };
    expect(judgeAnswerSignature(chained)).toEqual({ state: 'verified', signer, detail: 'chained to CA RAIZ NACIONAL - COSTA RICA v2' });
  });
});
