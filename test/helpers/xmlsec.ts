/**
 * Independent verifier #1: xmlsec1 (libxmlsec1 + libxml2 C14N, Debian package). Verifies the
 * signature with the given certificate's public key. The XAdES SignedProperties carry their Id in the
 * xades namespace's element, which xmlsec1 must be told about to resolve URI="#xades-id-...".
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function xmlsecVerify(xml: string, certPem: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'xmlsec-'));
  try {
    const xmlPath = join(dir, 'document.xml');
    const certPath = join(dir, 'signer.pem');
    await writeFile(xmlPath, xml, 'utf8');
    await writeFile(certPath, certPem, 'utf8');
    const args = [
      '--verify',
      '--pubkey-cert-pem', certPath,
      '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
      '--enabled-reference-uris', 'empty,same-doc',
      xmlPath,
    ];
    return await new Promise((resolve) => {
      execFile('xmlsec1', args, (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        resolve({ ok: !error && /^OK$/m.test(output), output });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
