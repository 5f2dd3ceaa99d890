import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { readableName, rfc4514Name } from '../../../src/signing/distinguished-name.ts';

const { asn1 } = forge;
type Ava = [oid: string, type: number, bytes: string];

/** A Name: SEQUENCE OF SET OF (OID, value), each inner array one RDN. */
function name(...rdns: Ava[][]): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, rdns.map((rdn) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, rdn.map(([oid, type, bytes]) =>
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, type, false, bytes),
      ])))));
}

const PRINTABLE = asn1.Type.PRINTABLESTRING;
const UTF8 = asn1.Type.UTF8;
const utf8 = (text: string): string => forge.util.encodeUtf8(text);

describe('rfc4514Name', () => {
  it('reproduces the issuer name of the annex example (BCCR SINPE CA)', () => {
    const issuer = name(
      [['2.5.4.5', PRINTABLE, '4-000-004017']],
      [['2.5.4.6', PRINTABLE, 'CR']],
      [['2.5.4.10', PRINTABLE, 'BANCO CENTRAL DE COSTA RICA']],
      [['2.5.4.11', PRINTABLE, 'DIVISION DE SERVICIOS FINANCIEROS']],
      [['2.5.4.3', PRINTABLE, 'CA SINPE - PERSONA FISICA']],
    );
    expect(rfc4514Name(issuer)).toBe(
      'CN=CA SINPE - PERSONA FISICA,OU=DIVISION DE SERVICIOS FINANCIEROS,O=BANCO CENTRAL DE COSTA RICA,C=CR,2.5.4.5=#130c342d3030302d303034303137',
    );
  });

  it('escapes the special characters of RFC 4514 section 2.4', () => {
    expect(rfc4514Name(name([['2.5.4.10', UTF8, utf8('Pérez, Soto & Cía "S.A." + <x>; a\\b')]])))
      .toBe('O=Pérez\\, Soto & Cía \\"S.A.\\" \\+ \\<x\\>\\; a\\\\b');
    expect(rfc4514Name(name([['2.5.4.3', UTF8, ' #lead and trail ']]))).toBe('CN=\\ #lead and trail\\ ');
    expect(rfc4514Name(name([['2.5.4.3', UTF8, '#x']]))).toBe('CN=\\#x');
  });

  it('joins a multi-valued RDN with + and decodes BMPString', () => {
    const bmp = Buffer.from('Año', 'utf16le').swap16().toString('binary');
    expect(rfc4514Name(name([['2.5.4.3', asn1.Type.BMPSTRING, bmp], ['0.9.2342.19200300.100.1.1', UTF8, 'u1']], [['2.5.4.6', PRINTABLE, 'CR']])))
      .toBe('C=CR,CN=Año+UID=u1');
  });

  it('writes attributes without an RFC 4514 keyword as OID=#hex of their DER', () => {
    expect(rfc4514Name(name([['1.2.840.113549.1.9.1', asn1.Type.IA5STRING, 'a@b.cr']]))).toBe('1.2.840.113549.1.9.1=#16066140622e6372');
  });
});

describe('readableName', () => {
  it('labels serialNumber and keeps values unescaped', () => {
    const subject = name(
      [['2.5.4.5', PRINTABLE, 'CPJ-3-101-123456']],
      [['2.5.4.6', PRINTABLE, 'CR']],
      [['2.5.4.3', UTF8, utf8('Café, S.A.')]],
    );
    expect(readableName(subject)).toBe('CN=Café, S.A., C=CR, SERIALNUMBER=CPJ-3-101-123456');
  });
});
