/**
 * Verifies the XAdES signature of XML that anyone produced: our documents, imported ones, suppliers'
 * documents and the tax authority's MensajeHacienda. A general verifier built on xml-crypto 6.3 and
 * @xmldom/xmldom — unlike the signer, it assumes nothing about the form of the input.
 *
 * It checks every reference digest (each one named when broken), the signature value over the
 * canonical SignedInfo with the KeyInfo certificate, and the XAdES signed properties. It never throws: every failure,
 * malformed input included, is a problem in the result. Only the first ds:Signature (the issuer's) is
 * verified; further ones (v4.4 counter-signatures) are noted.
 */
import { SignedXml } from 'xml-crypto';
import { parseXml, removeComments } from './dom.ts';
import { readSignedInfo } from './signed-info.ts';
import { DS_NS, XPATH_FILTER } from './signature-template.ts';
import { checkReference } from './verify-references.ts';
import { checkSignatureValue, keyInfoCertificates } from './verify-signature-value.ts';
import { checkXades } from './verify-xades.ts';
import { NotSignatureXPathFilter } from './xpath-filter-transform.ts';
import { confirmCanonicalSignature } from './verify-canonical-bytes.ts';
import { xmlLimitProblem } from '../domain/xml-limits.ts';
import { signerIdentity, type SignerIdentity } from './verify-chain.ts';
import type { VerificationResult } from './verification-result.ts';

export type { VerificationResult } from './verification-result.ts';

function newSignedXml(): SignedXml {
  const signedXml = new SignedXml();
  signedXml.CanonicalizationAlgorithms[XPATH_FILTER] = NotSignatureXPathFilter;
  return signedXml;
}

function failure(problem: string, notes: string[] = []): VerificationResult {
  return { valid: false, problems: [problem], notes, references: [] };
}

function verifyText(text: string, quick: boolean): VerificationResult {
  const confirmed = quick ? confirmCanonicalSignature(text) : undefined;
  if (confirmed) return confirmed;
  const parsed = parseXml(text);
  if ('error' in parsed) return failure(`malformed XML: ${parsed.error}`);
  const { doc } = parsed;
  removeComments(doc);
  const signatures = Array.from(doc.getElementsByTagNameNS(DS_NS, 'Signature'));
  if (signatures.length === 0) return failure('no ds:Signature element: the document is not signed');
  const notes = signatures.length > 1
    ? [`the document carries ${signatures.length} signatures; only the first (the issuer's) was verified`]
    : [];
  const signature = signatures[0]!;

  const { spec, problems } = readSignedInfo(signature);
  if (!spec) return { valid: false, problems, notes, references: [] };
  const { certificates, problem: certificateProblem } = keyInfoCertificates(signature);
  if (certificateProblem) problems.push(certificateProblem);

  const signedXml = newSignedXml();
  try {
    signedXml.loadSignature(signature);
  } catch (error) {
    return { valid: false, problems: [...problems, `the signature cannot be read: ${error instanceof Error ? error.message : String(error)}`], notes, references: [] };
  }
  const references = spec.references.map((ref) => {
    const checked = checkReference(doc, signedXml, ref);
    problems.push(...checked.problems);
    return checked.result;
  });
  let certificate = certificates[0];
  let identity: SignerIdentity | undefined;
  if (certificate && spec.signatureHash) {
    const checked = checkSignatureValue(signedXml, signature, spec, certificates);
    certificate = checked.signer;
    if (checked.problem) problems.push(checked.problem);
    else if (certificate) identity = signerIdentity(certificate, certificates);
  }
  const xades = checkXades(signature, spec.references, certificate);
  problems.push(...xades.problems);
  notes.push(...xades.notes);
  return {
    valid: problems.length === 0,
    problems,
    notes,
    ...(certificate ? { signer: { subject: certificate.subject, serialNumber: certificate.serialNumber, notAfter: certificate.notAfter } } : {}),
    ...(xades.signingTime ? { signingTime: xades.signingTime } : {}),
    references,
    ...(xades.policy ? { policy: xades.policy } : {}),
    ...(identity ? { identity } : {}),
  };
}

/**
 * Verifies the first XAdES signature of an XML document (text or UTF-8 bytes). Never throws.
 * Canonical input is confirmed by the quick path (verify-canonical-bytes.ts) unless `quick` is false.
 */
export function verifyXml(xml: string | Buffer, options: { quick?: boolean } = {}): VerificationResult {
  try {
    if (typeof xml !== 'string' && !Buffer.isBuffer(xml)) return failure('the input is neither text nor bytes');
    // Before the quick path's regular expressions and the DOM: hostile XML is refused at the cost of one scan.
    const tooLarge = xmlLimitProblem(xml);
    if (tooLarge) return failure(tooLarge);
    const text = (typeof xml === 'string' ? xml : xml.toString('utf8')).replace(/^\uFEFF/, '');
    return verifyText(text, options.quick ?? true);
  } catch (error) {
    return failure(`verification failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
  }
}
