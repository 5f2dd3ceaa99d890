/**
 * Suppliers' documents (docs/received.md): POST /received-documents takes an upload (files of a form, or one
 * XML body) and answers file by file; GET lists them by state, supplier and month, and shows one with its
 * checks and deadline; its XML and PDF as received; POST …/answer accepts, partially accepts or rejects it
 * with a MensajeReceptor delivered like any document. Organization keys; the screens' "Compras".
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { BusinessCalendar } from '../../../domain/business-days.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { IssuingBackend } from '../../../domain/issuing-port.ts';
import { answerReceived } from '../../../received/answer-received.ts';
import { receiveFiles, type FileOutcome } from '../../../received/receive-files.ts';
import type { SupplierFileReader } from '../../../received/supplier-file-reader.ts';
import { issueReceiverMessage } from '../../../receiver-messages/issue-receiver-message.ts';
import { loadSigningIdentity } from '../../../organizations/signing-identity.ts';
import { checkQuota } from '../../../billing/quota.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
import type { Emit } from '../../../store/document-status.ts';
import { getReceivedDocument, listReceivedDocuments, relatedDocuments } from '../../../received/received-queries.ts';
import type { ReceivedState } from '../../../store/received-documents.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { languageOf } from '../../request-language.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { FileReply } from '../../schema-types.ts';
import { RECEIVER_MESSAGE_UNITS } from '../receiver-messages/routes.ts';
import { AnswerBody, AnswerReply, ClaveParams, ReceivedListQuery, ReceivedListReply, ReceivedReply, UploadBody, UploadReply } from './schemas.ts';
import { acceptReceivedFiles, uploadedFiles } from './upload.ts';
import { receivedView, relatedView } from './views.ts';

const READ = { key: 'organization', abilities: ['invoices:read'] } as const;
const WRITE = { key: 'organization', abilities: ['invoices:write'] } as const;
const ANSWER = { key: 'organization', abilities: ['invoices:write', 'invoices:sign'] } as const;

/** What the section uses: the store, the vault (signing), the time, issuing, and the suppliers' file reader. */
export interface ReceivedDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
  issuingBackend: IssuingBackend;
  received: { reader: Pick<SupplierFileReader, 'read'>; calendar: BusinessCalendar };
  /** Records the `received.*` events and fans them out to webhooks (core.ts). */
  emit: Emit;
}

const scopeOf = (auth: OrganizationAuth) => ({ organizationId: auth.organization.id, environment: auth.environment });

function resultOf(outcome: FileOutcome) {
  return {
    file: outcome.file,
    status: outcome.status,
    clave: 'clave' in outcome ? outcome.clave : null,
    attached: outcome.status === 'attached' ? outcome.what : null,
    reason: outcome.status === 'problem' ? outcome.reason : null,
  };
}

export const receivedDocumentRoutes: RoutePlugin<ReceivedDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['received-documents'];
  acceptReceivedFiles(plain);
  const found = (auth: OrganizationAuth, clave: string) => getReceivedDocument(deps, scopeOf(auth), clave);

  app.post('/received-documents', {
    config: WRITE,
    schema: { tags, summary: 'Receive suppliers\' files (form with files, or one XML body): documents, answers, PDFs, ZIPs', body: UploadBody, response: { 200: UploadReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const files = uploadedFiles(request.body);
    const outcomes = await receiveFiles(
      { store: deps.store, clock: deps.clock, read: (bytes, owner) => deps.received.reader.read(bytes, owner), calendar: deps.received.calendar, emit: deps.emit },
      { ...scopeOf(auth), owner: auth.organization.identificationNumber },
      { kind: 'upload', name: files.map((f) => f.name).join(', ').slice(0, 200) },
      files,
    );
    const results = outcomes.map(resultOf);
    const stored = results.filter((r) => r.status === 'stored').length;
    const problems = results.filter((r) => r.status === 'problem').length;
    return ok({ files: results, stored, problems }, `${stored} document(s) received, ${problems} file(s) with problems.`);
  });

  app.get('/received-documents', {
    config: READ,
    schema: { tags, summary: 'Received documents, newest first; filters state, supplier, month', querystring: ReceivedListQuery, response: { 200: ReceivedListReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const { page, perPage } = pageParams(request.query);
    const { state, supplier, month, sort } = request.query;
    const { rows, total } = listReceivedDocuments(deps, scopeOf(auth), {
      ...(state && { state: state as ReceivedState }), ...(supplier && { supplier }), ...(month && { month }), ...(sort && { sort }), limit: perPage, offset: (page - 1) * perPage,
    });
    const now = deps.clock.now();
    const language = languageOf(request);
    return { ...ok(rows.map((row) => receivedView(row, now, deps.received.calendar, language))), pagination: pagination(page, perPage, total) };
  });

  app.get('/received-documents/:clave', {
    config: READ,
    schema: { tags, summary: 'A received document with its checks, deadline and answer', params: ClaveParams, response: { 200: ReceivedReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const row = found(auth, request.params.clave);
    const related = relatedDocuments(deps, scopeOf(auth), row);
    return ok({ ...receivedView(row, deps.clock.now(), deps.received.calendar, languageOf(request)), ...relatedView(related) });
  });

  app.get('/received-documents/:clave/xml', {
    config: READ,
    schema: { tags, summary: 'The supplier\'s signed XML, the bytes as received', params: ClaveParams, response: { 200: FileReply('the signed XML', 'application/xml') } },
  }, async (request, reply) => {
    const row = found(requireOrganization(request), request.params.clave);
    return reply.type('application/xml').header('content-disposition', `attachment; filename="${row.clave}.xml"`).send(row.signedXml);
  });

  app.get('/received-documents/:clave/pdf', {
    config: READ,
    schema: { tags, summary: 'The supplier\'s PDF, when it came with the document', params: ClaveParams, response: { 200: FileReply('the PDF', 'application/pdf') } },
  }, async (request, reply) => {
    const row = found(requireOrganization(request), request.params.clave);
    if (!row.pdf) throw new AppError('not_found', 404, `Received document ${row.clave} came without a PDF.`);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${row.clave}.pdf"`).send(row.pdf);
  });

  app.post('/received-documents/:clave/answer', {
    config: ANSWER,
    schema: { tags, summary: 'Accept (1), partially accept (2) or reject (3): a MensajeReceptor, signed and delivered', params: ClaveParams, body: AnswerBody, response: { 201: AnswerReply } },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const scope = scopeOf(auth);
    const body = request.body;
    // Issued as POST /receptor-messages issues (and counted against the plan as it is), once the use case
    // has found the document answerable.
    const issue = (answer: Record<string, unknown>) => {
      if (auth.environment === 'production') checkQuota(deps, auth.account.id, RECEIVER_MESSAGE_UNITS);
      return issueReceiverMessage({ ...answer, language: languageOf(request) }, {
        now: deps.clock.now(), organizationIdentification: auth.organization.identificationNumber,
        identity: loadSigningIdentity(deps, auth.organization.id, auth.environment), environment: auth.environment, backend: deps.issuingBackend, scope,
      });
    };
    const { row } = await answerReceived(deps, { ...scope, receiverIdType: auth.organization.identificationType }, request.params.clave, {
      message: body.message, ...(body.detail && { detail: body.detail }), ...(body.tax_condition && { taxCondition: body.tax_condition }),
      ...(body.creditable_tax && { creditableTax: body.creditable_tax }), ...(body.applicable_expense && { applicableExpense: body.applicable_expense }),
      ...(body.activity_code && { activityCode: body.activity_code }),
    }, issue);
    return reply.code(201).send(ok(receivedView(row, deps.clock.now(), deps.received.calendar, languageOf(request)), 'Answer signed and queued for the tax authority.'));
  });
};
