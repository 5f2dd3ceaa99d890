/**
 * Answering a supplier's document on a real core (store, issuing backend) with the test certificate: the
 * MensajeReceptor is built from the stored document, signed and queued, and the document takes its state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core.ts';
import { loadConfig } from '../../../src/config.ts';
import { answerReceived, type AnswerInput } from '../../../src/received/answer-received.ts';
import { issueReceiverMessage } from '../../../src/receiver-messages/issue-receiver-message.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { findDocumentByClave } from '../../../src/store/documents.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { findReceivedByClave, insertReceived, type NewReceivedDocument } from '../../../src/store/received-documents.ts';
import { testIdentity } from '../../fixtures/certificates.ts';

const nowhere = { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' };
let dataDir: string;
let core: Core;
let scope: { organizationId: number; environment: string; receiverIdType: string };

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-answer-'));
  core = createCore(loadConfig({ dataDir }, {}), {
    masterKey: Buffer.alloc(32, 5), logger: pino({ level: 'silent' }), hacienda: { staging: nowhere, production: nowhere, publicApiUrl: 'http://127.0.0.1:9/' },
  });
  const now = new Date();
  const organization = insertOrganization(core.store.db, {
    uuid: randomUUID(), accountId: localAccount(core.store.db, now).id, name: 'Soluciones Tecnológicas del Valle', identificationType: '02',
    identificationNumber: '3101123456', email: 'facturas@tecnovalle.example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  scope = { organizationId: organization.id, environment: 'staging', receiverIdType: '02' };
});

afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The window stays open for the tests' run, whatever day they run on (the core's clock is the real one). */
const OPEN_UNTIL = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let serial = 0;
function received(fields: Partial<NewReceivedDocument> = {}): string {
  const n = String(++serial).padStart(10, '0');
  const clave = `5062003260031019999990010000101${n}`.padEnd(50, '7').slice(0, 50);
  insertReceived(core.store.db, {
    organizationId: scope.organizationId, environment: 'staging', clave, documentType: '01', consecutive: `0010000101${n}`,
    issuerIdentificationType: '02', issuerIdentification: '3101999999', issuerName: 'Proveedor S.A.', receiverIdentification: '3101123456', currency: 'CRC',
    exchangeRate: '1.00000', totalAmount: '113000.00000', taxAmount: '13000.00000', taxBreakdown: [{ code: '01', rateCode: '08', amount: '13000.00000' }],
    references: [], issuedAt: '2026-11-20T10:00:00-06:00', transactionMonth: '2026-11', answerDue: OPEN_UNTIL, signedXml: Buffer.from('<x/>'),
    chainVerified: false, findings: [], state: 'pending', source: 'upload', sourceName: 'fe.xml', receivedAt: new Date().toISOString(), ...fields,
  }, new Date());
  return clave;
}

const issue = (request: Record<string, unknown>) => issueReceiverMessage(request, {
  now: new Date(), organizationIdentification: '3101123456', identity: testIdentity(), environment: 'staging',
  backend: core.issuingBackend, scope: { organizationId: scope.organizationId, environment: 'staging' },
});
const answer = (clave: string, input: AnswerInput) => answerReceived(core, scope, clave, input, issue);
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as { code: string; status: number });
const element = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('answering a supplier\'s document', () => {
  it('accepts it with the whole tax as credit and the rest as expense, signed and queued', async () => {
    const clave = received();
    const { row, answer: saved } = await answer(clave, { message: 1 });
    // What it claimed is kept with the document, for the month's VAT worksheet.
    expect(row).toMatchObject({ state: 'accepted', answerDocumentId: saved.id, taxCondition: '01', creditableTax: '13000.00000' });
    const message = findDocumentByClave(core.store.db, scope.organizationId, 'staging', clave)!;
    const xml = message.signedXml.toString();
    expect(message.documentType).toBe('05');
    expect([element(xml, 'Mensaje'), element(xml, 'CondicionImpuesto'), element(xml, 'MontoTotalImpuestoAcreditar'), element(xml, 'MontoTotalDeGastoAplicable'), element(xml, 'TotalFactura')])
      .toEqual(['1', '01', '13000.00000', '100000.00000', '113000.00000']);
    expect(xml).toContain('<ds:Signature');
    const jobs = core.store.db.$client.prepare("SELECT count(*) AS n FROM outbox_jobs WHERE kind = 'submit_document'").get() as { n: number };
    expect(jobs.n).toBeGreaterThan(0);
  });

  it('rejects it with the reason and claims nothing; a second answer is refused', async () => {
    const clave = received();
    await answer(clave, { message: 3, detail: 'Mercadería no recibida' });
    const xml = findDocumentByClave(core.store.db, scope.organizationId, 'staging', clave)!.signedXml.toString();
    expect([element(xml, 'Mensaje'), element(xml, 'DetalleMensaje'), element(xml, 'MontoTotalImpuestoAcreditar')]).toEqual(['3', 'Mercadería no recibida', undefined]);
    expect(findReceivedByClave(core.store.db, scope, clave)!.state).toBe('rejected');
    expect(await refusal(answer(clave, { message: 1 }))).toMatchObject({ code: 'answer_not_allowed', status: 409 });
  });

  it('refuses a credit note, which takes no answer, and a clave it does not have', async () => {
    expect(await refusal(answer(received({ documentType: '03', state: 'not_required', answerDue: null }), { message: 1 }))).toMatchObject({ status: 409 });
    expect(await refusal(answer('9'.repeat(50), { message: 1 }))).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses once the window has closed: the document is presumed accepted', async () => {
    const late = received({ answerDue: '2026-01-14' });
    expect(await refusal(answer(late, { message: 3, detail: 'Demasiado tarde' }))).toMatchObject({ code: 'answer_window_closed', status: 409 });
    expect(findReceivedByClave(core.store.db, scope, late)!.state).toBe('tacitly_accepted');
    expect(findDocumentByClave(core.store.db, scope.organizationId, 'staging', late)).toBeUndefined();
  });

  it('catches up with an answer sent before a crash kept its state', async () => {
    const clave = received();
    const sent = await issue({ clave, message: 2, message_detail: 'Faltó un artículo', issuer_id: '3101999999', issuer_id_type: '02', receiver_id: '3101123456',
      receiver_id_type: '02', issue_date: '2026-11-20T10:00:00-06:00', total: '113000.00000', total_tax: '13000.00000', tax_condition: '02', total_tax_credit: '6500.00000' });
    expect(await refusal(answer(clave, { message: 1 }))).toMatchObject({ code: 'answer_not_allowed' });
    expect(findReceivedByClave(core.store.db, scope, clave)).toMatchObject({ state: 'partially_accepted', answerDocumentId: sent.id, taxCondition: '02', creditableTax: '6500.00000' });
  });
});
