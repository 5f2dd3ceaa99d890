/**
 * X.500 names (issuer, subject) of a certificate as strings.
 *
 * `rfc4514Name` is what goes into ds:X509IssuerName: RFC 4514 (the successor of RFC 2253), the form
 * the annex example shows and Java's X500Principal.getName(RFC2253) / xades4j produce — RDNs in
 * reverse DER order, joined by "," without spaces; the RFC's keywords (CN, L, ST, O, OU, C, STREET,
 * DC, UID) by name, every other attribute as its dotted OID with the DER of the value in hex
 * (`2.5.4.5=#130c342d...`).
 * `readableName` is for people: same order, ", " separators, more labels, unescaped values.
 */
import forge from 'node-forge';

type Asn1 = forge.asn1.Asn1;
const { asn1, util } = forge;

/** Attribute types that RFC 4514 section 3 names by keyword. */
const RFC4514_KEYWORDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

/** Extra labels for the readable form only (not RFC 4514 keywords). */
const READABLE_LABELS: Record<string, string> = {
  ...RFC4514_KEYWORDS,
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.4': 'SURNAME',
  '2.5.4.42': 'GIVENNAME',
  '2.5.4.12': 'T',
  '1.2.840.113549.1.9.1': 'E',
};

interface Attribute { oid: string; value: Asn1 }

/** The RDNs of a Name (SEQUENCE OF SET OF AttributeTypeAndValue), in DER order. */
function relativeNames(name: Asn1): Attribute[][] {
  return (name.value as Asn1[]).map((set) =>
    (set.value as Asn1[]).map((pair) => {
      const [type, value] = pair.value as Asn1[];
      if (!type || !value) throw new Error('malformed AttributeTypeAndValue');
      return { oid: asn1.derToOid(util.createBuffer(type.value as string)), value };
    }),
  );
}

/** Decodes a directory string; undefined when the value is not a string type. */
function stringValue(value: Asn1): string | undefined {
  if (value.tagClass !== asn1.Class.UNIVERSAL || value.constructed) return undefined;
  const bytes = value.value as string;
  switch (value.type as number) {
    case asn1.Type.UTF8:
      return util.decodeUtf8(bytes);
    case asn1.Type.BMPSTRING:
      return Buffer.from(bytes, 'binary').swap16().toString('utf16le');
    case 28: { // UniversalString: UTF-32BE
      const buf = Buffer.from(bytes, 'binary');
      let out = '';
      for (let i = 0; i + 3 < buf.length; i += 4) out += String.fromCodePoint(buf.readUInt32BE(i));
      return out;
    }
    case asn1.Type.PRINTABLESTRING:
    case asn1.Type.IA5STRING:
    case 18: // NumericString
    case 26: // VisibleString
    case 20: // TeletexString, read as Latin-1 like most libraries do
      return bytes;
    default:
      return undefined;
  }
}

/** RFC 4514 section 2.4 escaping of an attribute value. */
function escapeRfc4514(text: string): string {
  const last = text.length - 1;
  let out = '';
  for (let i = 0; i <= last; i++) {
    const c = text[i]!;
    if (c === '\0') out += '\\00';
    else if ('"+,;<>\\'.includes(c)) out += `\\${c}`;
    else if ((i === 0 && (c === ' ' || c === '#')) || (i === last && c === ' ')) out += `\\${c}`;
    else out += c;
  }
  return out;
}

function hexForm(value: Asn1): string {
  return `#${util.bytesToHex(asn1.toDer(value).getBytes())}`;
}

function rfc4514Attribute({ oid, value }: Attribute): string {
  const keyword = RFC4514_KEYWORDS[oid];
  const text = keyword ? stringValue(value) : undefined;
  if (keyword && text !== undefined) return `${keyword}=${escapeRfc4514(text)}`;
  return `${oid}=${hexForm(value)}`;
}

/** RFC 4514 string of an X.501 Name (the ASN.1 node of a certificate's issuer or subject). */
export function rfc4514Name(name: Asn1): string {
  return relativeNames(name)
    .reverse()
    .map((rdn) => rdn.map(rfc4514Attribute).join('+'))
    .join(',');
}

/** The text of the first attribute `oid` of a Name (e.g. '2.5.4.5', the holder's SERIALNUMBER), if it has one. */
export function attributeText(name: Asn1, oid: string): string | undefined {
  const attribute = relativeNames(name).flat().find((a) => a.oid === oid);
  return attribute ? stringValue(attribute.value) : undefined;
}

/** Readable form, e.g. "CN=EMPRESA S.A., OU=CPJ, O=PERSONA JURIDICA, C=CR, SERIALNUMBER=CPJ-3-101-123456". */
export function readableName(name: Asn1): string {
  return relativeNames(name)
    .reverse()
    .map((rdn) => rdn.map(({ oid, value }) => `${READABLE_LABELS[oid] ?? oid}=${stringValue(value) ?? hexForm(value)}`).join(' + '))
    .join(', ');
}
