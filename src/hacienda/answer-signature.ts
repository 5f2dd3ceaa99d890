/**
 * Who signed an answer of the tax authority (MensajeHacienda, read with hacienda-message.ts) and how far
 * that signature can be trusted — one judgement for every place an answer arrives: delivery polls and
 * archive imports.
 *
 * The Ministerio de Hacienda's intermediate CAs are not published (../shared/hacienda/certs/README.md), so a
 * genuine answer normally ends as `chain_not_verified` ("signature valid, chain not verified"); `verified`
 * only when every link up to a Costa Rican root was checked (src/signing/verify-chain.ts).
 */
import type { HaciendaMessage } from './hacienda-message.ts';

export type AnswerSignatureState = 'verified' | 'chain_not_verified' | 'invalid' | 'not_tax_authority';

export interface AnswerSignature {
  state: AnswerSignatureState;
  /** The signing certificate's subject ("CN=…, O=…"), when the signature names one. */
  signer?: string;
  /** Why: the chain's root or where it stops, what does not verify, or who signed instead. */
  detail: string;
}

/**
 * The tax authority's certificate names the Ministerio de Hacienda as its organization (its holder number is
 * not published). Anyone can write that in a home-made certificate: the chain, reported with the answer,
 * is what tells them apart, and it stays "not verified" while the Ministerio's intermediates are unknown.
 */
const TAX_AUTHORITY_SUBJECT = /(?:^|, )O=MINISTERIO DE HACIENDA\b/;

/** Judges the signature of an answer as readHaciendaMessage reports it. */
export function judgeAnswerSignature(signature: HaciendaMessage['signature']): AnswerSignature {
  const { valid, problems, signer, identity } = signature;
  const named = signer ? { signer } : {};
  if (!valid || !identity) return { state: 'invalid', ...named, detail: problems.join('; ') || 'the signature does not verify' };
  if (!signer || !TAX_AUTHORITY_SUBJECT.test(signer)) {
    return { state: 'not_tax_authority', ...named, detail: `not signed by the Ministerio de Hacienda but by ${signer ?? 'an unknown certificate'}` };
  }
  return { state: identity.chain.verified ? 'verified' : 'chain_not_verified', signer, detail: identity.chain.detail };
}
