/**
 * Independent verifier #2: xadesjs (PeculiarVentures, on xmldsigjs + @peculiar/webcrypto), the library
 * other Costa Rican projects sign with.
 *
 * xadesjs and xmldsigjs each carry their own copy of xml-core, whose Node dependencies (DOMParser,
 * XMLSerializer, the `xpath` package for the XPath filter transform) are registered per copy; the
 * copy xmldsigjs uses is not exported, so it is imported by its file URL.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Crypto } from '@peculiar/webcrypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xadesjs from 'xadesjs';
import xpath from 'xpath';
import { normalizeXml10LineEndings } from '../../src/domain/xml-line-endings.ts';

const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

let configured: Promise<void> | undefined;

/** Registers the engine and the DOM/XPath dependencies once per process. */
export function configureXadesjs(): Promise<void> {
  configured ??= (async () => {
    const dependencies = { DOMParser, XMLSerializer, xpath };
    xadesjs.Application.setEngine('NodeJS', new Crypto() as unknown as globalThis.Crypto);
    xadesjs.setNodeDependencies(dependencies);
    // Resolve xml-core as xmldsigjs sees it (nested today, hoisted if npm ever dedupes it).
    const fromXmldsigjs = createRequire(createRequire(import.meta.url).resolve('xmldsigjs/package.json'));
    const xmlCoreDir = dirname(fromXmldsigjs.resolve('xml-core/package.json'));
    const xmlCoreEsm = pathToFileURL(join(xmlCoreDir, 'build/esm/index.js'));
    const xmlCore = (await import(xmlCoreEsm.href)) as { setNodeDependencies(deps: Record<string, unknown>): void };
    xmlCore.setNodeDependencies(dependencies);
  })();
  return configured;
}

/** Whether xadesjs accepts the first ds:Signature of the document (false on any error). */
export async function xadesjsVerify(xml: string): Promise<boolean> {
  await configureXadesjs();
  try {
    // A browser's DOMParser (xadesjs's home) reads XML 1.0 line ends only; xmldom's default is XML 1.1's.
    const doc = new DOMParser({ normalizeLineEndings: normalizeXml10LineEndings }).parseFromString(xml, 'application/xml');
    const signature = doc.getElementsByTagNameNS(DS_NS, 'Signature')[0];
    if (!signature) return false;
    const signedXml = new xadesjs.SignedXml(doc as unknown as Document);
    signedXml.LoadXml(signature as unknown as Element);
    return await signedXml.Verify();
  } catch {
    return false;
  }
}
