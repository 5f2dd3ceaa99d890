/**
 * Every document type end to end: request -> validated model -> XML -> XAdES-EPES signature, then checked by
 * the official XSDs (both sets, xmllint), by xmlsec1, by xadesjs and by our own verifier; tampering must be
 * caught by all three verifiers.
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { buildUnsigned } from '../../../src/cli/document-build.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { testCertificatePem, testIdentity } from '../../fixtures/certificates.ts';
import { xmlsecVerify } from '../../helpers/xmlsec.ts';
import { xadesjsVerify } from '../../helpers/xadesjs.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';

const dir = new URL('../../../examples/requests/', import.meta.url);
const names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const NOW = new Date('2026-11-25T18:00:00Z');

const signed = new Map<string, string>();
const unsigned = new Map<string, string>();

beforeAll(() => {
  const identity = testIdentity();
  for (const name of names) {
    const xml = buildUnsigned(exampleRequest(name, NOW), {}, NOW);
    unsigned.set(name, xml);
    signed.set(name, signXml(xml, identity));
  }
});

/** The exclusive canonical form of a parsed document, as a general canonicaliser computes it. */
function canonicalize(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return new ExclusiveCanonicalization().process(doc.documentElement as never, {}).toString();
}

describe('signed documents of every type', () => {
  it('covers the seven comprobantes and the receiver message', () => {
    const roots = [...signed.values()].map((x) => /<(\w+) xmlns=/.exec(x)![1]).sort();
    expect(roots).toEqual([
      'FacturaElectronica', 'FacturaElectronicaCompra', 'FacturaElectronicaExportacion', 'MensajeReceptor',
      'NotaCreditoElectronica', 'NotaDebitoElectronica', 'ReciboElectronicoPago', 'TiqueteElectronico',
    ]);
  });

  it.each(['v4.4', 'v4.4-2026-rev'] as const)('validate against the %s XSDs', async (set) => {
    const results = await validateXsd([...signed.values()], set);
    results.forEach((r, i) => expect(r.errors, names[i]).toEqual([]));
  });

  it('are written in exclusive canonical form: a general canonicaliser maps them to their own bytes', () => {
    for (const [name, xml] of unsigned) {
      expect(canonicalize(xml), name).toBe(xml.slice(xml.indexOf('?>') + 2));
    }
  });

  it('verify with our verifier, xmlsec1 and xadesjs', async () => {
    for (const [name, xml] of signed) {
      const ours = verifyXml(xml);
      expect(ours.problems, name).toEqual([]);
      expect(ours.valid).toBe(true);
      expect((await xmlsecVerify(xml, testCertificatePem())).ok, name).toBe(true);
      expect(await xadesjsVerify(xml), name).toBe(true);
    }
  });

  it('fail all three verifiers once tampered', async () => {
    const xml = signed.get('01-factura.json')!;
    const tampered = xml.replace('<TotalComprobante>68228.25750</TotalComprobante>', '<TotalComprobante>68228.25751</TotalComprobante>');
    expect(tampered).not.toBe(xml);
    expect(verifyXml(tampered).valid).toBe(false);
    expect((await xmlsecVerify(tampered, testCertificatePem())).ok).toBe(false);
    expect(await xadesjsVerify(tampered)).toBe(false);
  });

  it('read back into the model they were written from', () => {
    const read = readDocument(signed.get('09-factura-exportacion.json')!);
    expect(read.kind).toBe('document');
    if (read.kind !== 'document') return;
    expect(read.signatureCount).toBe(1);
    expect(read.model.summary.currency).toBe('USD');
    expect(read.model.summary.exchangeRate.toString()).toBe('505.25');
    expect(read.model.lines[0]!.tariffCode).toBe('090121000000');
    expect(read.model.summary.total.toFixed(5)).toBe('6375.00000');
  });
});
