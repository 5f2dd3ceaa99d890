/**
 * Tax-authority section (spec "Tax authority"): reachability, a live query of a clave, the stored resolution
 * of a document, the draft check, and the public taxpayer look-up with its offline cache (docs/taxpayers.md).
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { requireOrganization } from '../../route-config.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { findDocument } from '../../../store/documents.ts';
import { checkDraft } from '../../../documents/draft-check.ts';
import { listCredentials } from '../../../store/credentials.ts';
import { haciendaStatus } from './views.ts';
import { loadAtvCredentials } from '../../../organizations/atv-credentials.ts';
import { atvCredentialsRejected } from '../../../organizations/atv-check.ts';
import type { HaciendaEnvironment } from '../../../hacienda/types.ts';
import { readHaciendaMessage } from '../../../hacienda/hacienda-message.ts';
import { judgeAnswerSignature } from '../../../hacienda/answer-signature.ts';
import { answerSignatureView } from '../documents/views.ts';
import { searchTaxpayers } from './taxpayer-search.ts';
import { TaxpayerSearchQuery, TaxpayerSearchReply } from './taxpayer-schemas.ts';
import { readerValidates } from '../documents/request-schema.ts';
import { DraftResultReply, DraftValidationBody, HaciendaStatusReply, QueryResultReply, ResolutionReply } from './schemas.ts';

export const haciendaRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/hacienda/status', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: { tags: ['hacienda'], summary: 'Whether the tax authority is reachable, and whether this organization can sign and log in there', response: { 200: HaciendaStatusReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const rows = listCredentials(core.store.db, auth.organization.id);
    const credentials = new Map(rows.map((r) => {
      const hasCredentials = r.atvUser !== null && r.atvPassword !== null;
      const rejected = hasCredentials && atvCredentialsRejected(core, auth.organization.id, r.environment as HaciendaEnvironment, r.updatedAt);
      return [r.environment, { hasCertificate: r.p12 !== null, hasCredentials, credentialsRejected: rejected }];
    }));
    return ok(haciendaStatus(core.hacienda.monitor, auth.organization.defaultEnvironment, credentials, core.clock.now()));
  });

  app.get('/hacienda/query/:clave', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: 'Asks the tax authority now about a clave (HaciendaQueryResult)',
      params: Type.Object({ clave: Type.String({ pattern: '^[0-9A-Za-z]{50}(-\\d{20})?$', description: 'clave, or clave-consecutivoReceptor' }) }),
      response: { 200: QueryResultReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const atv = loadAtvCredentials(core, auth.organization.id, auth.environment);
    if (!atv) throw new ApiError('credentials_required', 422, `Upload the tax-authority credentials for ${auth.environment} first.`);
    const credentials = { organizationId: String(auth.organization.id), username: atv.user, password: atv.password };
    const result = await core.hacienda.recepcion.status(auth.environment, credentials, request.params.clave);
    if (result.outcome === 'not_found') throw new ApiError('not_found', 404, `The tax authority does not know ${request.params.clave}: ${result.cause}`);
    if (result.outcome === 'credentials_rejected') throw new ApiError('auth_unavailable', 503, `The tax authority refused the credentials: ${result.error}`, { headers: { 'Retry-After': 60 } });
    if (result.outcome === 'unreachable') throw new ApiError('service_unavailable', 503, `The tax authority cannot be reached: ${result.error}`, { headers: { 'Retry-After': 30 } });
    const answer = result.responseXml ? readHaciendaMessage(result.responseXml) : undefined;
    const status = { aceptado: 'accepted', rechazado: 'rejected', recibido: 'received', procesando: 'processing', error: 'error' }[result.state];
    return ok({
      clave: request.params.clave,
      status,
      ind_estado: result.state,
      message: answer?.stateText ?? result.state,
      details: answer?.detail ?? null,
      ...(answer && answer.rejections.length > 0 ? { error_codes: answer.rejections.map((r) => r.error_code) } : {}),
      // Beyond the spec, as on the document (docs/documents-api.md): who signed the answer.
      ...(answer ? { response_signature: answerSignatureView(judgeAnswerSignature(answer.signature)) } : {}),
    });
  });

  app.get('/hacienda/resolution', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: "A document's stored resolution (DocumentResolution)",
      querystring: Type.Object({ clave: Type.String({ minLength: 1, maxLength: 50, description: 'clave, consecutive number or id' }) }),
      response: { 200: ResolutionReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const row = findDocument(core.store.db, auth.organization.id, auth.environment, request.query.clave);
    if (!row) throw new ApiError('document_not_found', 404, `No document ${request.query.clave} in ${auth.environment}.`);
    return ok({ clave: row.clave, status: row.status, hacienda_status: row.haciendaStatus, hacienda_message: row.haciendaMessage, hacienda_response_at: row.haciendaResponseAt });
  });

  app.post('/hacienda/validate', {
    config: { key: 'organization', abilities: ['hacienda:validate'] },
    schema: { tags: ['hacienda'], summary: "A draft checked with the engine's rules; nothing is numbered or signed", body: DraftValidationBody, response: { 200: DraftResultReply } },
    validatorCompiler: readerValidates,
  }, async (request) => ok(checkDraft(request.body, { now: core.clock.now(), cabys: core.cabys, reference: core.districts })));

  app.get('/hacienda/taxpayers', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: 'A taxpayer of the public register by identification (cached 24 h, answered from the cache when offline), or taxpayers seen before by name',
      querystring: TaxpayerSearchQuery,
      response: { 200: TaxpayerSearchReply },
    },
  }, async (request, reply) => {
    const answer = await searchTaxpayers(core.hacienda.taxpayers, request.query);
    if (answer.cache) void reply.header('X-Cache', answer.cache);
    return ok(answer.result, answer.message, core.clock.now());
  });
};
