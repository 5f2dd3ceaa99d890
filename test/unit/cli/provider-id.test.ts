/** ProveedorSistemas must be an identification (annex page 17): a malformed one is refused before any document. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { documentBuild } from '../../../src/cli/document-build.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

describe('the provider of the system (ProveedorSistemas)', () => {
  it('refuses a FACTURADOR_PROVIDER_ID that is no identification, and keeps a valid one', () => {
    expect(() => loadConfig({}, { FACTURADOR_PROVIDER_ID: '012345678' })).toThrow(/FACTURADOR_PROVIDER_ID/);
    expect(loadConfig({}, { FACTURADOR_PROVIDER_ID: '3101999999' }).providerSystemId).toBe('3101999999');
  });

  it('refuses `document build --provider-id` that is no identification, and signs with a valid one', () => {
    const file = join(temp('provider-'), 'ticket.json');
    writeFileSync(file, JSON.stringify(exampleRequest('04-tiquete')));
    let stdout = '';
    let stderr = '';
    const out = { write: (t: string) => (stdout += t), error: (t: string) => (stderr += t) };
    expect(documentBuild({ request: file, providerSystemId: 'ACME' }, out)).toBe(2);
    expect(stderr).toMatch(/ProveedorSistemas/);
    expect(documentBuild({ request: file, providerSystemId: '3101999999' }, out)).toBe(0);
    expect(stdout).toContain('<ProveedorSistemas>3101999999</ProveedorSistemas>');
  });
});
