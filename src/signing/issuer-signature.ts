/**
 * Whether a document someone else signed is signed by its issuer: the XAdES signature verifies, and the
 * certificate names the issuer's identification (a valid signature by anyone else proves nothing). Used
 * where other parties' documents arrive: archive imports and suppliers' documents.
 */
import { holderIs } from './certificate-holder.ts';
import { verifyXml } from './verify.ts';
import type { ChainResult } from './verify-chain.ts';

export type IssuerSignature = { ok: true; chain: ChainResult } | { ok: false; problem: string };

export function issuerSignature(bytes: Buffer, issuerIdentification: string): IssuerSignature {
  const verification = verifyXml(bytes);
  if (!verification.valid || !verification.identity) return { ok: false, problem: `the signature does not verify: ${verification.problems.join('; ')}` };
  const { holder, chain } = verification.identity;
  if (holder && holderIs(holder, issuerIdentification)) return { ok: true, chain };
  return { ok: false, problem: `signed with the certificate of ${holder ?? 'someone who is not named (no serialNumber in its subject)'}, not of its issuer ${issuerIdentification}` };
}
