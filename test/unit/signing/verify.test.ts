import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { POLICY_V44_HASH, RSA_SHA256, SHA256 } from '../../../src/signing/signature-template.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { confirmCanonicalSignature } from '../../../src/signing/verify-canonical-bytes.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { testCaCertificatePem, testCertificatePem, testIdentity, testPrivateKeyPem } from '../../fixtures/certificates.ts';
import { sampleTicket, signatureOf, TIQUETE_NS } from './sample-documents.ts';

const ID = 'e34ffbff277e8d1432e864436aa11882';
const unsigned = sampleTicket();
const signed = signXml(unsigned, testIdentity(), { signingTime: new Date('2026-11-25T22:04:08Z'), randomId: () => ID });

describe('verifyXml on our signatures', () => {
  it('reports a valid signature with signer, time, references and policy', () => {
    const result = verifyXml(signed);
    expect(result).toEqual({
      valid: true,
      problems: [],
      notes: [],
      signer: { subject: testIdentity().subject, serialNumber: testIdentity().serialNumber, notAfter: testIdentity().notAfter },
      signingTime: '2026-11-25T16:04:08-06:00',
      references: [
        { uri: '', covers: 'whole document except signatures', digestValid: true },
        { uri: `#xades-id-${ID}`, type: 'http://uri.etsi.org/01903#SignedProperties', covers: 'signed properties', digestValid: true },
      ],
      policy: { identifier: expect.stringContaining('Resoluci%C3%B3n_General'), isV44Policy: true },
      // The test CA is no Costa Rican authority: signature valid, chain not verified.
      identity: { holder: 'CPJ-3-101-123456', chain: { verified: false, detail: expect.stringMatching(/cannot be completed/) } },
    });
  });

  it('accepts UTF-8 bytes with a byte-order mark', () => {
    expect(verifyXml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(signed, 'utf8')])).valid).toBe(true);
  });

  it('names the modified document', () => {
    const result = verifyXml(signed.replace('Café ₡', 'Cafe ₡'));
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual(['reference #r-id-1 digest mismatch: the document was modified after signing']);
    expect(result.references.map((r) => r.digestValid)).toEqual([false, true]);
  });

  it('names modified signed properties', () => {
    const result = verifyXml(signed.replace('16:04:08-06:00', '16:04:09-06:00'));
    expect(result.problems).toEqual([`reference URI="#xades-id-${ID}" digest mismatch: the signed properties were modified after signing`]);
  });

  it('names a wrong signature value', () => {
    const value = /<ds:SignatureValue[^>]*>([^<]+)</.exec(signed)![1]!;
    const other = signXml(unsigned, testIdentity(), { randomId: () => ID, signingTime: new Date('2030-01-01T00:00:00Z') });
    const otherValue = /<ds:SignatureValue[^>]*>([^<]+)</.exec(other)![1]!;
    expect(verifyXml(signed.replace(value, otherValue)).problems).toEqual(['signature value does not match']);
  });

  it('notices a SigningCertificate that names another certificate', () => {
    const wrongDigest = { ...testIdentity(), certificateDigestSha256: createHash('sha256').update('another certificate').digest('base64') };
    expect(verifyXml(signXml(unsigned, wrongDigest)).problems).toEqual(['SigningCertificate digest does not match the KeyInfo certificate']);
    const wrongSerial = { ...testIdentity(), serialNumber: '12345' };
    expect(verifyXml(signXml(unsigned, wrongSerial)).problems).toEqual(['SigningCertificate serial number does not match the KeyInfo certificate']);
  });

  it('refuses any XPath expression but the profile one', () => {
    const result = verifyXml(signed.replace('not(ancestor-or-self::ds:Signature)', 'not(ancestor-or-self::ds:Object)'));
    expect(result.valid).toBe(false);
    expect(result.problems).toContain('reference #r-id-1: XPath transform "not(ancestor-or-self::ds:Object)" is not supported (only not(ancestor-or-self::ds:Signature))');
  });

  it('detects a second element carrying the signed properties Id (signature wrapping)', () => {
    const result = verifyXml(signed.replace('</Clave>', `</Clave><Extra Id="xades-id-${ID}">x</Extra>`));
    expect(result.valid).toBe(false);
    expect(result.problems.join('\n')).toMatch(/possible signature wrapping/);
  });

  it('needs the certificate in KeyInfo', () => {
    const withoutKeyInfo = signed.replace(/<ds:KeyInfo>.*<\/ds:KeyInfo>/, '');
    const result = verifyXml(withoutKeyInfo);
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toMatch(/no X509Certificate in KeyInfo/);
    expect(result.signer).toBeUndefined();
  });

  it('finds the signer in a KeyInfo chain that lists the CA first', () => {
    const caBase64 = testCaCertificatePem().replace(/-----[^-]+-----|\s/g, '');
    const result = verifyXml(signed.replace('<ds:X509Data>', `<ds:X509Data><ds:X509Certificate>${caBase64}</ds:X509Certificate>`));
    expect(result.problems).toEqual([]);
    expect(result.signer?.serialNumber).toBe(testIdentity().serialNumber);
  });

  it('reports a policy that is not the v4.4 one', () => {
    const result = verifyXml(signed.replace(POLICY_V44_HASH, 'Ohixl6upD6av8N7pEvDABhEL6hM='));
    expect(result.policy?.isV44Policy).toBe(false);
    expect(result.notes).toContain('the signature policy is not the v4.4 policy of the annex');
  });

  it('verifies the first of several signatures and notes the others', () => {
    const second = signatureOf(signXml(unsigned, testIdentity(), { randomId: () => 'f'.repeat(32) }));
    const twice = signed.replace('</TiqueteElectronico>', `${second}</TiqueteElectronico>`);
    const result = verifyXml(twice);
    expect(result.valid).toBe(true);
    expect(result.notes).toEqual(["the document carries 2 signatures; only the first (the issuer's) was verified"]);
    expect(result.references[1]?.uri).toBe(`#xades-id-${ID}`);
  });
});

describe('verifyXml on input that is not a valid signed document', () => {
  it.each([
    ['an empty string', '', /^malformed XML/],
    ['text that is not XML', 'hello', /^malformed XML/],
    ['an unclosed element', '<a><b></a>', /^malformed XML/],
    ['random bytes', Buffer.from([0x00, 0xff, 0x3c, 0x12, 0x80]), /^malformed XML/],
    ['an unsigned document', unsigned, /^no ds:Signature element/],
    ['a signature without SignedInfo', `<a><ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"></ds:Signature></a>`, /SignedInfo/],
  ])('%s gives problems, not an exception', (_name, input, problem) => {
    const result = verifyXml(input);
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toMatch(problem);
  });

  it('never throws on a truncated signed document', () => {
    for (let cut = 0; cut < signed.length; cut += 97) {
      const result = verifyXml(signed.slice(0, cut));
      expect(result.valid).toBe(false);
      expect(result.problems.length).toBeGreaterThan(0);
    }
  });
});

describe('verifyXml on signatures made elsewhere', () => {
  it('checks an enveloped, inclusive-C14N signature of a pretty-printed document (no XAdES)', () => {
    const pretty = `<?xml version="1.0" encoding="UTF-8"?>\n<TiqueteElectronico xmlns="${TIQUETE_NS}">\n  <Clave>1</Clave>\n  <!-- a comment -->\n  <Detalle>Café</Detalle>\n</TiqueteElectronico>`;
    const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
    const signer = new SignedXml({ privateKey: testPrivateKeyPem(), publicCert: testCertificatePem(), canonicalizationAlgorithm: C14N, signatureAlgorithm: RSA_SHA256 });
    signer.addReference({ xpath: '/*', transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N], digestAlgorithm: SHA256, isEmptyUri: true });
    signer.computeSignature(pretty);
    const result = verifyXml(signer.getSignedXml());
    expect(result.references).toEqual([{ uri: '', covers: 'whole document except signatures', digestValid: true }]);
    expect(result.problems).toEqual(['not a XAdES signature: no xades:QualifyingProperties']);
  });
});

describe('the quick confirmation of canonical bytes', () => {
  it('gives exactly the general verifier\'s answer for a canonical signed document', () => {
    const quick = confirmCanonicalSignature(signed);
    expect(quick).toBeDefined();
    expect(quick).toEqual(verifyXml(signed, { quick: false }));
  });

  it('leaves equivalent but non-canonical bytes to the general verifier, which still confirms them', () => {
    const spaced = signed.replace('<Clave>', '<Clave >');
    const commented = signed.replace('<Clave>', '<!-- note --><Clave>'); // C14N drops comments, raw bytes do not
    for (const xml of [spaced, commented]) {
      expect(confirmCanonicalSignature(xml)).toBeUndefined();
      expect(verifyXml(xml).valid).toBe(true);
    }
  });

  it('never confirms what the general verifier refuses', () => {
    const declined = [
      signed.replace('Café ₡', 'Cafe ₡'), // content changed
      signed.replace('16:04:08-06:00', '16:04:09-06:00'), // signed properties changed
      signed.replace('</TiqueteElectronico>', `${signatureOf(signed)}</TiqueteElectronico>`), // a second signature
      signed.replace(/(<ds:SignatureValue[^>]*>)[A-Za-z0-9+/]{4}/, '$1AAAA'), // signature value changed
    ];
    for (const xml of declined) {
      expect(confirmCanonicalSignature(xml)).toBeUndefined();
      expect(verifyXml(xml, { quick: false }).valid).toBe(false);
    }
  });
});
