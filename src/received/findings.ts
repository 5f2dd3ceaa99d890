/**
 * What the checks of a supplier's document can find, in the shopkeeper's words (Spanish first, English).
 * `blocking` findings make the document not claimable (no VAT credit until they are resolved); the others
 * are for the buyer to know. Codes are stable: the API and the screens key on them.
 */
import type { Bilingual } from '../i18n/fill.ts';

export type FindingCode = keyof typeof FINDINGS;

export interface FindingText {
  blocking: boolean;
  text: Bilingual;
}

export const FINDINGS = {
  chain_unverified: {
    blocking: false,
    text: [
      'La firma es válida, pero su certificado no se pudo seguir hasta una raíz de Costa Rica: {detail}',
      'The signature is valid, but its certificate could not be traced to a Costa Rican root: {detail}',
    ],
  },
  answer_missing: {
    blocking: false,
    text: [
      'Falta la respuesta de Hacienda sobre este comprobante: pídala al proveedor antes de usar el crédito.',
      "The tax authority's answer about this document is missing: ask the supplier for it before claiming the credit.",
    ],
  },
  answer_rejected: {
    blocking: true,
    text: [
      'Hacienda rechazó este comprobante ({detail}): no da derecho a crédito; pida al proveedor uno nuevo.',
      'The tax authority rejected this document ({detail}): it gives no VAT credit; ask the supplier for a new one.',
    ],
  },
  answer_untrusted: {
    blocking: true,
    text: [
      'La respuesta que acompaña al comprobante no es de Hacienda o su firma no es válida ({detail}): no se puede confiar en ella.',
      'The answer that came with the document is not the tax authority\'s or its signature is invalid ({detail}): it cannot be relied on.',
    ],
  },
  answer_mismatch: {
    blocking: true,
    text: [
      'La respuesta de Hacienda no corresponde a este comprobante: {detail}',
      "The tax authority's answer does not match this document: {detail}",
    ],
  },
  line_total_mismatch: {
    blocking: false,
    text: [
      'Línea {line}: {field} dice {stated}, pero sus montos dan {computed}.',
      'Line {line}: {field} says {stated}, but its amounts give {computed}.',
    ],
  },
  summary_mismatch: {
    blocking: false,
    text: [
      'El resumen dice {field} {stated}, pero las líneas suman {computed}.',
      'The summary says {field} {stated}, but the lines add up to {computed}.',
    ],
  },
  reference_unknown: {
    blocking: false,
    text: [
      'Se refiere al comprobante {number}, que no está entre los recibidos.',
      'It refers to document {number}, which is not among the received ones.',
    ],
  },
} as const satisfies Record<string, FindingText>;

export interface Finding {
  code: FindingCode;
  params: Record<string, string>;
}

export function isBlocking(finding: Finding): boolean {
  return FINDINGS[finding.code].blocking;
}

/** States in which a document's VAT may be claimed: accepted expressly, in part, or by silence. */
const CLAIMABLE_STATES: ReadonlySet<string> = new Set(['accepted', 'partially_accepted', 'tacitly_accepted']);

/** Does any of a document's stored finding codes block its VAT (an unknown code does not)? */
export function hasBlockingFinding(findingCodes: readonly string[]): boolean {
  return findingCodes.some((code) => FINDINGS[code as FindingCode]?.blocking === true);
}

/** A document is claimable when accepted and no blocking finding stands (docs/received.md, The checks). */
export function isClaimable(state: string, findingCodes: readonly string[]): boolean {
  return CLAIMABLE_STATES.has(state) && !hasBlockingFinding(findingCodes);
}
