import { createHash, verify as rsaVerify, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExclusiveCanonicalization, SignedXml } from 'xml-crypto';
import { SigningError } from '../../../src/signing/signing-error.ts';
import { DS_NS, XADES_NS, XPATH_FILTER, EXC_C14N } from '../../../src/signing/signature-template.ts';
import { normalizeXml10LineEndings } from '../../../src/domain/xml-line-endings.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { NotSignatureXPathFilter } from '../../../src/signing/xpath-filter-transform.ts';
import { testIdentity } from '../../fixtures/certificates.ts';
import { canonicalText, DECLARATION, elementText, sampleTicket, signatureOf, TIQUETE_NS } from './sample-documents.ts';

const FIXED = { signingTime: new Date('2026-11-25T22:04:08Z'), randomId: () => 'e34ffbff277e8d1432e864436aa11882' };

function parse(xml: string): Document {
  return new DOMParser({ normalizeLineEndings: normalizeXml10LineEndings }).parseFromString(xml, 'text/xml') as unknown as Document;
}

function only(doc: Document, namespace: string, localName: string): Element {
  const found = doc.getElementsByTagNameNS(namespace, localName);
  expect(found.length).toBe(1);
  return found[0]!;
}

function exclusiveC14n(element: Element): string {
  return new ExclusiveCanonicalization().process(element, {}).toString();
}

function digestValues(signed: string): string[] {
  return [...signed.matchAll(/<ds:DigestValue>([^<]+)<\/ds:DigestValue>/g)].map((m) => m[1]!);
}

describe('signXml output', () => {
  const unsigned = sampleTicket();
  const signed = signXml(unsigned, testIdentity(), FIXED);

  it('is the input with one ds:Signature inserted as the last child of the root', () => {
    const signature = signatureOf(signed);
    expect(signed.replace(signature, '')).toBe(unsigned);
    expect(signed.endsWith(`${signature}</TiqueteElectronico>`)).toBe(true);
    expect(signed.split('<ds:Signature ').length).toBe(2);
  });

  it('follows the annex profile: ids, algorithms, policy, Costa Rica signing time', () => {
    const signature = signatureOf(signed);
    expect(signature).toMatch(/^<ds:Signature xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" Id="id-e34ffbff277e8d1432e864436aa11882">/);
    expect(signature).toContain('<ds:Reference Id="r-id-1" URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>not(ancestor-or-self::ds:Signature)</ds:XPath></ds:Transform><ds:Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"></ds:Transform></ds:Transforms>');
    expect(signature).toContain('<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#xades-id-e34ffbff277e8d1432e864436aa11882">');
    expect(signature).toContain('<ds:SignatureValue Id="value-id-e34ffbff277e8d1432e864436aa11882">');
    expect(signature).toContain('<xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="#id-e34ffbff277e8d1432e864436aa11882">');
    expect(signature).toContain('<xades:SigningTime>2026-11-25T16:04:08-06:00</xades:SigningTime>');
    expect(signature).toContain(`<ds:X509SerialNumber xmlns:ds="${DS_NS}">${testIdentity().serialNumber}</ds:X509SerialNumber>`);
    expect(signature).toContain(`<ds:DigestValue xmlns:ds="${DS_NS}">DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=</ds:DigestValue>`);
    expect(signature).toContain('<xades:DataObjectFormat ObjectReference="#r-id-1"><xades:MimeType>application/octet-stream</xades:MimeType>');
    expect(signature).not.toContain('Type=""');
  });

  it('has no whitespace between elements anywhere in the signature', () => {
    expect(signatureOf(signed)).not.toMatch(/>\s+</);
    expect(signatureOf(signed)).not.toMatch(/[\r\n\t]/);
  });

  it('is deterministic with injected time and id, and random otherwise', () => {
    expect(signXml(unsigned, testIdentity(), FIXED)).toBe(signed);
    const ids = [signXml(unsigned, testIdentity()), signXml(unsigned, testIdentity())].map((s) => /Id="id-([^"]+)"/.exec(s)![1]);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('writes SigningTime in Costa Rica time, also across midnight UTC', () => {
    const late = signXml(unsigned, testIdentity(), { signingTime: new Date('2026-01-01T03:00:59.900Z') });
    expect(late).toContain('<xades:SigningTime>2025-12-31T21:00:59-06:00</xades:SigningTime>');
  });

  it('signs a document without XML declaration', () => {
    const bare = sampleTicket({ declaration: false });
    expect(verifyXml(signXml(bare, testIdentity())).valid).toBe(true);
  });
});

/** The point of signing by construction: xml-crypto's canonicaliser maps each signed part to the bytes we hashed. */
describe('signing by construction equals general canonicalisation (xml-crypto)', () => {
  const unsigned = sampleTicket({ lines: 3 });
  const signed = signXml(unsigned, testIdentity(), FIXED);
  const doc = parse(signed);
  const [documentDigest, propertiesDigest] = digestValues(signed);

  it('the canonical form of the unsigned document is its own bytes', () => {
    expect(exclusiveC14n(parse(unsigned).documentElement)).toBe(unsigned.slice(DECLARATION.length));
  });

  it('the canonical signed document without signatures is the unsigned document, whose digest is in reference r-id-1', () => {
    const signedXml = new SignedXml();
    signedXml.CanonicalizationAlgorithms[XPATH_FILTER] = NotSignatureXPathFilter;
    const canonical = signedXml.getCanonXml([XPATH_FILTER, EXC_C14N], doc.documentElement);
    expect(canonical).toBe(unsigned.slice(DECLARATION.length));
    expect(createHash('sha256').update(canonical).digest('base64')).toBe(documentDigest);
  });

  it('the canonical SignedProperties are the emitted bytes, and their digest is in the second reference', () => {
    const canonical = exclusiveC14n(only(doc, XADES_NS, 'SignedProperties'));
    expect(canonical).toBe(elementText(signed, 'xades:SignedProperties'));
    expect(createHash('sha256').update(canonical).digest('base64')).toBe(propertiesDigest);
  });

  it('the canonical SignedInfo is the emitted bytes, and it is what the SignatureValue signs', () => {
    const canonical = exclusiveC14n(only(doc, DS_NS, 'SignedInfo'));
    expect(canonical).toBe(elementText(signed, 'ds:SignedInfo'));
    const value = Buffer.from(only(doc, DS_NS, 'SignatureValue').textContent!, 'base64');
    const publicKey = new X509Certificate(testIdentity().certificateDer).publicKey;
    expect(rsaVerify('sha256', Buffer.from(canonical), publicKey, value)).toBe(true);
  });

  it('holds for arbitrary text content (property)', () => {
    const xmlChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .map((s) => s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ''))
      .filter((s) => s.length > 0);
    fc.assert(fc.property(xmlChar, xmlChar, (detail, name) => {
      const input = sampleTicket({ description: detail }).replace('Panadería &amp; Café', canonicalText(name));
      expect(exclusiveC14n(parse(input).documentElement)).toBe(input.slice(DECLARATION.length));
      const result = verifyXml(signXml(input, testIdentity()));
      expect(result.problems).toEqual([]);
    }), { numRuns: 40 });
  });

  it('reads line ends as XML 1.0 does: U+2028, U+2029 and U+0085 stay text on the full verification path', () => {
    const signed = signXml(sampleTicket({ description: 'Pan\u2028dulce\u2029 de\u0085 la casa' }), testIdentity());
    expect(verifyXml(signed, { quick: false }).problems).toEqual([]);
  });
});

describe('signXml input contract', () => {
  const root = `<TiqueteElectronico xmlns="${TIQUETE_NS}">`;
  it.each([
    ['a self-closed element', `${root}<Clave/></TiqueteElectronico>`],
    ['a comment', `${root}<!-- x --><Clave>1</Clave></TiqueteElectronico>`],
    ['CDATA', `${root}<Clave><![CDATA[1]]></Clave></TiqueteElectronico>`],
    ['a literal carriage return', `${root}<Clave>1\r</Clave></TiqueteElectronico>`],
    ['a non-canonical character reference', `${root}<Clave>&#233;</Clave></TiqueteElectronico>`],
    ['a nested namespace declaration', `${root}<Clave xmlns:x="urn:x">1</Clave></TiqueteElectronico>`],
    ['a root without xmlns', '<TiqueteElectronico><Clave>1</Clave></TiqueteElectronico>'],
    ['another attribute on the root', `<TiqueteElectronico xmlns="${TIQUETE_NS}" version="4.4"><Clave>1</Clave></TiqueteElectronico>`],
    ['a trailing newline', `${root}<Clave>1</Clave></TiqueteElectronico>\n`],
    ['whitespace after the declaration', `${DECLARATION}\n${root}<Clave>1</Clave></TiqueteElectronico>`],
    ['a different declaration', `<?xml version='1.0'?>${root}<Clave>1</Clave></TiqueteElectronico>`],
    ['a mismatched end tag', `${root}<Clave>1</Clave></FacturaElectronica>`],
  ])('rejects %s', (_name, xml) => {
    expect(() => signXml(xml, testIdentity())).toThrowError(SigningError);
    try {
      signXml(xml, testIdentity());
    } catch (error) {
      expect((error as SigningError).code).toBe('invalid_input');
    }
  });

  it('rejects a document that is already signed', () => {
    const signed = signXml(sampleTicket(), testIdentity());
    expect(() => signXml(signed, testIdentity())).toThrowError(/namespaces may only be declared on the root/);
  });

  it('rejects an injected id that is not safe in an attribute', () => {
    expect(() => signXml(sampleTicket(), testIdentity(), { randomId: () => 'a"b' })).toThrowError(SigningError);
  });

  it('accepts the word xmlns in text content', () => {
    const xml = `${root}<Detalle> xmlns is just text here</Detalle></TiqueteElectronico>`;
    expect(verifyXml(signXml(xml, testIdentity())).valid).toBe(true);
  });
});
