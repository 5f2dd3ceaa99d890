/**
 * What verifying a signature finds (verify.ts, and its quick path verify-canonical-bytes.ts): a file of its
 * own so that the two verifiers share the type without importing each other.
 */
import type { ReferenceResult } from './verify-references.ts';
import type { SignerIdentity } from './verify-chain.ts';

export interface VerificationResult {
  valid: boolean;
  /** What is wrong; empty when valid. */
  problems: string[];
  /** Observations that do not make the signature invalid (counter-signatures, a non-v4.4 policy). */
  notes: string[];
  signer?: { subject: string; serialNumber: string; notAfter: Date };
  signingTime?: string;
  references: ReferenceResult[];
  policy?: { identifier: string; isV44Policy: boolean };
  /**
   * Whose certificate signed (its holder's identification) and whether it chains to a Costa Rican root
   * (verify-chain.ts); present when a KeyInfo certificate verified the signature value. A valid signature
   * whose chain is not verified is "signature valid, chain not verified", never fully verified.
   */
  identity?: SignerIdentity;
}
