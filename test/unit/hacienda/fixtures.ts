/** Shared pieces of the tax-authority tests: real signed documents, a settable clock, the simulator's config. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUnsigned } from '../../../src/cli/document-build.ts';
import type { HaciendaConfig } from '../../../src/hacienda/config.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import type { HaciendaCredentials } from '../../../src/hacienda/types.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { testIdentity } from '../../fixtures/certificates.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';

export const NOW = new Date('2026-11-25T18:00:00Z');

export const USER = 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr';
export const PASSWORD = 'cl@ve&segura=20+';
export const CREDENTIALS: HaciendaCredentials = { organizationId: 'org-1', username: USER, password: PASSWORD };
export const USERS = { [USER]: PASSWORD };

/** The example request `name` (e.g. '01-factura'), dated NOW, built and signed with the test certificate. */
export function signedExample(name: string, transform: (body: Record<string, unknown>) => void = () => {}): string {
  const body = exampleRequest(name, NOW);
  transform(body);
  return signXml(buildUnsigned(body, {}, NOW), testIdentity());
}

export function configFor(simulator: Simulator): HaciendaConfig {
  return {
    staging: { idpUrl: simulator.idpUrlStaging, apiUrl: simulator.apiUrl },
    production: { idpUrl: simulator.idpUrlProduction, apiUrl: simulator.apiUrl },
  };
}

/** A clock the test moves by hand, shared by simulator and client to make tokens expire. */
export class ManualClock {
  constructor(private ms = Date.parse('2026-11-25T18:00:00Z')) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** xmllint's verdict on a MensajeHacienda against the official v4.4 XSD ('' when valid). */
export function mensajeHaciendaXsdErrors(xml: string): string {
  const work = mkdtempSync(join(tmpdir(), 'mh-xsd-'));
  try {
    const file = join(work, 'mh.xml');
    writeFileSync(file, xml);
    const xsd = fileURLToPath(new URL('../../../resources/xsd/v4.4/MensajeHacienda_V4.4.xsd', import.meta.url));
    const run = spawnSync('xmllint', ['--nonet', '--noout', '--schema', xsd, file], { encoding: 'utf8' });
    return run.status === 0 ? '' : run.stderr;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
