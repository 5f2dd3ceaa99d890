/** `facturador verify FILE.xml`: whether the signature is valid and what it covers; exit 0 only when valid. */
import { readFileSync } from 'node:fs';
import { verifyXml } from '../signing/verify.ts';
import type { Output } from './output.ts';

export function verifyCommand(file: string, out: Output): number {
  let xml: Buffer;
  try {
    xml = readFileSync(file);
  } catch (err) {
    out.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const result = verifyXml(xml);
  const lines = [result.valid ? 'signature: valid' : 'signature: INVALID'];
  if (result.signer) lines.push(`signed by: ${result.signer.subject} (serial ${result.signer.serialNumber}, valid until ${result.signer.notAfter.toISOString().slice(0, 10)})`);
  if (result.identity) {
    const { holder, chain } = result.identity;
    lines.push(`holder: ${holder ?? '(not named in the certificate)'}`);
    lines.push(chain.verified ? `chain: verified, ${chain.detail}` : `chain: NOT VERIFIED (signature valid, chain not verified): ${chain.detail}`);
  }
  if (result.signingTime) lines.push(`signing time: ${result.signingTime}`);
  if (result.policy) lines.push(`policy: ${result.policy.identifier}${result.policy.isV44Policy ? ' (v4.4)' : ' (not the v4.4 policy)'}`);
  for (const ref of result.references) lines.push(`covers: ${ref.covers} [${ref.uri || '""'}] ${ref.digestValid ? 'digest ok' : 'DIGEST MISMATCH'}`);
  for (const problem of result.problems) lines.push(`problem: ${problem}`);
  (result.valid ? out.write : out.error)(lines.join('\n'));
  return result.valid ? 0 : 1;
}
