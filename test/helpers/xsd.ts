/**
 * Every v4.4 XSD requires at least one ds:Signature. Tests of the writer are not about signing, so
 * they insert this placeholder: schema-valid per xmldsig-core-schema.xsd, cryptographically
 * meaningless. End-to-end tests use real signatures.
 */
const PLACEHOLDER_SIGNATURE =
  '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">' +
  '<ds:SignedInfo>' +
  '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"></ds:CanonicalizationMethod>' +
  '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></ds:SignatureMethod>' +
  '<ds:Reference URI="">' +
  '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></ds:DigestMethod>' +
  '<ds:DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=</ds:DigestValue>' +
  '</ds:Reference>' +
  '</ds:SignedInfo>' +
  '<ds:SignatureValue>AAAA</ds:SignatureValue>' +
  '</ds:Signature>';

/** Inserts the placeholder signature before the root end tag (where the signer puts the real one). */
export function withPlaceholderSignature(xml: string): string {
  const end = xml.lastIndexOf('</');
  if (end === -1) throw new Error('not an XML document: no end tag');
  return xml.slice(0, end) + PLACEHOLDER_SIGNATURE + xml.slice(end);
}
