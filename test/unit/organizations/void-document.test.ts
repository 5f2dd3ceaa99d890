/**
 * organizations/void-document.ts on a real core (store, vault, issuing pipeline) with a real certificate:
 * only an accepted document is voided; the credit note is issued and the original marked with it; a second
 * void is 409 already_voided, and so is one that arrives while the first is still being issued; nothing is
 * issued when the void is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core.ts';
import { loadConfig } from '../../../src/config.ts';
import { documentVoider, type VoidCommand } from '../../../src/organizations/void-document.ts';
import { checkCertificate } from '../../../src/organizations/certificate-check.ts';
import { saveCertificate } from '../../../src/organizations/save-certificate.ts';
import { issueForKey } from '../../../src/api/sections/documents/issue-for-key.ts';
import type { OrganizationAuth } from '../../../src/api/route-config.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import type { ApiKeyRow } from '../../../src/store/api-keys.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { findDocument } from '../../../src/store/documents.ts';
import { makeTestP12, TEST_PIN } from '../../fixtures/certificates.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';

const nowhere = { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' };
let dataDir: string;
let core: Core;
let auth: OrganizationAuth;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-void-'));
  core = createCore(loadConfig({ dataDir }, {}), {
    masterKey: Buffer.alloc(32, 5), logger: pino({ level: 'silent' }), hacienda: { staging: nowhere, production: nowhere, publicApiUrl: 'http://127.0.0.1:9/' },
  });
  const now = new Date();
  const account = localAccount(core.store.db, now);
  const organization = insertOrganization(core.store.db, {
    uuid: randomUUID(), accountId: account.id, name: 'Soluciones Tecnológicas del Valle', identificationType: '02', identificationNumber: '3101123456',
    email: 'facturas@tecnovalle.example.cr', economicActivities: ['620100'], createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  const certificate = checkCertificate(makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64'), TEST_PIN, now);
  saveCertificate(core, organization.id, 'staging', { certificate, pin: TEST_PIN, atvUser: 'user', atvPassword: 'password' });
  auth = { key: { id: 'test-key', mode: 'test' } as ApiKeyRow, account, organization, environment: 'staging' };
});

afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const issue = (note: Record<string, unknown>) => issueForKey(core, auth, note);
const command = (key: string): VoidCommand => ({ organizationId: auth.organization.id, environment: 'staging', accountId: auth.account.id, key, language: 'es' });
const documentCount = () => (core.store.db.$client.prepare('SELECT count(*) AS n FROM documents').get() as { n: number }).n;
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);

/** A ticket, issued and signed for real, then accepted as the tax authority would. */
async function acceptedTicket(): Promise<string> {
  const issued = await issue(exampleRequest('04-tiquete'));
  core.store.db.$client.prepare("UPDATE documents SET status = 'accepted' WHERE id = ?").run(issued.id);
  return issued.model.clave;
}

describe('documentVoider', () => {
  it('refuses a document that is not accepted yet, issuing nothing', async () => {
    const issued = await issue(exampleRequest('04-tiquete'));
    const before = documentCount();
    const error = await refusal(documentVoider(core)(command(issued.model.clave), issue));
    expect(error).toMatchObject({ code: 'document_not_accepted', status: 422 });
    expect(documentCount()).toBe(before);
    expect(findDocument(core.store.db, auth.organization.id, 'staging', issued.model.clave)!.voidedBy).toBeNull();
  });

  it('refuses a document that does not exist', async () => {
    expect(await refusal(documentVoider(core)(command('99999'), issue))).toMatchObject({ code: 'document_not_found', status: 404 });
  });

  it('issues the credit note, marks the original with it, and refuses a second void', async () => {
    const clave = await acceptedTicket();
    const voidDocument = documentVoider(core);
    const { original, issued } = await voidDocument({ ...command(clave), reason: 'Cliente devolvió la compra' }, issue);
    expect(original.clave).toBe(clave);
    expect(issued.model.consecutive.slice(8, 10)).toBe('03'); // a credit note
    expect(findDocument(core.store.db, auth.organization.id, 'staging', clave)!.voidedBy).toBe(issued.model.clave);
    const before = documentCount();
    expect(await refusal(voidDocument(command(clave), issue))).toMatchObject({ code: 'already_voided', status: 409 });
    expect(documentCount()).toBe(before);
  });

  it('refuses a void that arrives while the same original is being voided', async () => {
    const clave = await acceptedTicket();
    const voidDocument = documentVoider(core);
    const first = voidDocument(command(clave), issue);
    const second = await refusal(voidDocument(command(clave), issue));
    expect(second).toMatchObject({ code: 'already_voided', status: 409, message: expect.stringContaining('being voided') });
    await expect(first).resolves.toMatchObject({ original: { clave } });
  });
});
