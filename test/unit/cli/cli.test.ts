/**
 * The `facturador` command as a user runs it: `document build` for every example request (signed with a
 * .p12 and PIN), `verify` on the result and on a tampered copy, and the errors a user can cause.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.ts';
import type { Output } from '../../../src/cli/output.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { makeTestP12, testCertificatePem, TEST_PIN } from '../../fixtures/certificates.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';
import { xmlsecVerify } from '../../helpers/xmlsec.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shipped = join(root, 'examples/requests');
const requests = readdirSync(shipped).filter((f) => f.endsWith('.json')).sort();
let dir: string;
/** The example requests dated now (a past date is only allowed in situation 3), as files for the command. */
let examples: string;
let p12: string;

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out: Output = { write: (t) => (stdout += t), error: (t) => (stderr += t) };
  const code = await runCli(args, out);
  return { code, stdout, stderr };
}

beforeAll(() => {
  dir = temp('facturador-cli-');
  p12 = join(dir, 'firma.p12');
  writeFileSync(p12, makeTestP12({ pin: TEST_PIN, algorithm: '3des', includeChain: true }));
  examples = join(dir, 'requests');
  mkdirSync(examples);
  for (const name of requests) writeFileSync(join(examples, name), JSON.stringify(exampleRequest(name)));
});

describe('facturador document build', () => {
  it('signs every example request into XML that both XSD sets and xmlsec1 accept', async () => {
    const signed: string[] = [];
    for (const name of requests) {
      const { code, stdout, stderr } = await run(['document', 'build', '--request', join(examples, name), '--p12', p12, '--pin', TEST_PIN]);
      expect(stderr, name).toBe('');
      expect(code, name).toBe(0);
      expect(stdout).toContain('<ds:SignatureValue');
      signed.push(stdout);
    }
    for (const set of ['v4.4', 'v4.4-2026-rev'] as const) {
      (await validateXsd(signed, set)).forEach((r, i) => expect(r.errors, `${set} ${requests[i]}`).toEqual([]));
    }
    for (const [i, xml] of signed.entries()) expect((await xmlsecVerify(xml, testCertificatePem())).ok, requests[i]).toBe(true);
  });

  it('prints the unsigned XML without a .p12, with the situation asked for', async () => {
    const { code, stdout } = await run(['document', 'build', '--request', join(examples, '04-tiquete.json'), '--situation', '3']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('Signature');
    expect(/<Clave>(\d{50})<\/Clave>/.exec(stdout)![1]!.charAt(41)).toBe('3');
  });

  it('prints the validation map and exits 1 for an invalid request', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ document: { document_type: '01' }, items: [] }));
    const { code, stderr } = await run(['document', 'build', '--request', bad]);
    expect(code).toBe(1);
    const report = JSON.parse(stderr);
    expect(report.code).toBe('validation_error');
    expect(Object.keys(report.errors)).toEqual(expect.arrayContaining(['document.date', 'document.situation', 'commercial_info', 'issuer', 'items']));
  });

  it('names a wrong PIN and a missing request file', async () => {
    const wrongPin = await run(['document', 'build', '--request', join(examples, '04-tiquete.json'), '--p12', p12, '--pin', '9999']);
    expect(wrongPin.code).toBe(1);
    expect(wrongPin.stderr).toMatch(/^wrong_pin:/);
    const missing = await run(['document', 'build', '--request', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read request/);
  });
});

describe('facturador verify', () => {
  it('exits 0 for a valid signature and says what it covers, 1 once tampered', async () => {
    const { stdout: xml } = await run(['document', 'build', '--request', join(examples, '01-factura.json'), '--p12', p12, '--pin', TEST_PIN]);
    const good = join(dir, 'good.xml');
    writeFileSync(good, xml.trimEnd());
    const ok = await run(['verify', good]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/signature: valid/);
    expect(ok.stdout).toMatch(/covers: whole document except signatures/);
    expect(ok.stdout).toMatch(/\(v4\.4\)/);
    const bad = join(dir, 'bad.xml');
    writeFileSync(bad, xml.trimEnd().replace('Consultoría', 'Consultoria'));
    const tampered = await run(['verify', bad]);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/signature: INVALID/);
    expect(tampered.stderr).toMatch(/problem: .*digest/);
  });

  it('runs as the installed `facturador` binary', () => {
    const out = execFileSync(process.execPath, [join(root, 'bin/facturador.js'), 'document', 'build', '--request', join(examples, '10-recibo-pago.json')], { encoding: 'utf8' });
    expect(out).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><ReciboElectronicoPago /);
  });
});
