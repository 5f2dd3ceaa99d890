/** Chains to the Costa Rican roots bundled in resources/certs/costa-rica/, and honest reports when one cannot be completed. */
import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/signing/verify-chain.ts';
import { resourcePath } from '../../../src/paths.ts';
import { testCaCertificatePem, testKeyMaterial } from '../../fixtures/certificates.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';

const der = (name: string) => new X509Certificate(readFileSync(resourcePath('certs', 'costa-rica', name))).raw;

describe('verifyChain', () => {
  it("chains the BCCR's issuing CA through the published intermediate to the national root", () => {
    expect(verifyChain(der('CA_SINPE_-_PERSONA_JURIDICA_v22.pem'), [])).toEqual({ verified: true, detail: 'chained to CA RAIZ NACIONAL - COSTA RICA v2' });
  });

  it('does not verify a chain that ends at an unknown issuer, nor a self-signed certificate', () => {
    const { certDer } = testKeyMaterial();
    expect(verifyChain(certDer, [])).toMatchObject({ verified: false, detail: expect.stringMatching(/cannot be completed/) });
    const testCa = new X509Certificate(testCaCertificatePem()).raw;
    // KeyInfo carrying the issuer does not help when that issuer is not a Costa Rican authority.
    expect(verifyChain(certDer, [testCa])).toMatchObject({ verified: false, detail: expect.stringMatching(/self-signed and not a Costa Rican/) });
  });

  it('verifies a chain to a root of the trust store, link by link', () => {
    const testCa = new X509Certificate(testCaCertificatePem());
    expect(verifyChain(testKeyMaterial().certDer, [], { roots: [testCa], intermediates: [] })).toMatchObject({ verified: true });
    const other = new X509Certificate(readFileSync(resourcePath('certs', 'costa-rica', 'CA_RAIZ_MINISTERIO_DE_HACIENDA.pem')));
    expect(verifyChain(testKeyMaterial().certDer, [], { roots: [other], intermediates: [testCa] })).toMatchObject({ verified: false });
  });

  it("verifyXml names the signer's holder and the chain", () => {
    const result = verifyXml(foreignDocument(1).xml);
    expect(result).toMatchObject({ valid: true, identity: { holder: 'CPJ-3-101-123456', chain: { verified: false } } });
  });
});
