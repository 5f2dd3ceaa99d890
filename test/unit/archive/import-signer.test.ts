/**
 * Who signed an imported file: a document must carry its issuer's certificate (identification in the subject's
 * serialNumber), an answer the tax authority's; whether the certificate chains to a Costa Rican root is said,
 * never assumed.
 */
import { describe, expect, it } from 'vitest';
import { classifyFile } from '../../../src/archive/import-file.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';
import { holderIdentity, testIdentity } from '../../fixtures/certificates.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { writeMensajeHacienda } from '../../../src/hacienda/simulator/message-writer.ts';

const ORG = '3101123456';

describe('the signer of an imported file', () => {
  it("refuses the organization's ticket signed with anyone else's self-made certificate", () => {
    const forged = foreignDocument(1, { type: '04', signer: holderIdentity('CPJ-3-101-999999', { selfSigned: true }) });
    const result = classifyFile(forged.xml, ORG);
    expect(result).toMatchObject({ kind: 'problem', reason: expect.stringMatching(/certificate of CPJ-3-101-999999, not of its issuer 3101123456/) });
  });

  it("refuses a supplier's invoice signed with the buyer's certificate", () => {
    const forged = foreignDocument(2, { issuerId: '3101654321', receiverId: ORG, signer: testIdentity() });
    expect(classifyFile(forged.xml, ORG)).toMatchObject({ kind: 'problem', reason: expect.stringMatching(/not of its issuer 3101654321/) });
  });

  it('imports a document signed by its issuer, saying the chain is not verified when it does not reach a Costa Rican root', () => {
    const own = classifyFile(foreignDocument(3).xml, ORG);
    expect(own).toMatchObject({ kind: 'document', chain: { verified: false, detail: expect.stringMatching(/CA PRUEBAS - PERSONA JURIDICA.*cannot be completed/) } });
    const selfMade = classifyFile(foreignDocument(4, { signer: holderIdentity('CPJ-3-101-123456', { selfSigned: true }) }).xml, ORG);
    expect(selfMade).toMatchObject({ kind: 'document', chain: { verified: false, detail: expect.stringMatching(/self-signed/) } });
    const supplier = classifyFile(foreignDocument(5, { issuerId: '3101654321', receiverId: ORG }).xml, ORG);
    expect(supplier).toMatchObject({ kind: 'document', chain: { verified: false } });
  });

  it("takes an answer only when signed by the tax authority's certificate", () => {
    const clave = foreignDocument(6).clave;
    expect(classifyFile(signedAnswer(clave), ORG)).toMatchObject({ kind: 'answer', clave, chain: { verified: false } });
    const forged = signXml(writeMensajeHacienda({
      clave, issuerName: 'Soluciones Tecnológicas del Valle S.A.', issuerIdType: '02', issuerId: ORG, message: 1, detail: 'Aceptado', total: '1.00000',
    }), testIdentity());
    expect(classifyFile(Buffer.from(forged), ORG)).toMatchObject({ kind: 'problem', reason: expect.stringMatching(/not signed by the Ministerio de Hacienda/) });
  });
});
