/**
 * Tax-authority section (spec "Tax authority"): reachability, a live query of a clave, the stored resolution
 * of a document, the draft check, and the public taxpayer look-up with its offline cache (docs/taxpayers.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { CabysCatalog } from '../../../catalogs/cabys-catalog.ts';
import type { DistrictCodes } from '../../../catalogs/district-codes.ts';
import type { ReachabilityMonitor } from '../../../hacienda/reachability.ts';
import type { RecepcionClient } from '../../../hacienda/recepcion-client.ts';
import type { TaxpayerLookup } from '../../../hacienda/taxpayer-lookup.ts';
import type { TokenManager } from '../../../hacienda/token-manager.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
import { requireOrganization } from '../../route-config.ts';
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
import { DraftResultReply, DraftValidationBody, HaciendaStatusReply, QueryParams, QueryResultReply, ResolutionQuery, ResolutionReply } from './schemas.ts';

/**
 * What the section uses: the store and the vault (credentials, documents), the time, the validation
 * catalogues (the draft check; the CABYS loads on first use), and the tax authority's clients.
 */
export interface HaciendaDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
  readonly cabys: CabysCatalog;
  readonly districts: DistrictCodes;
  hacienda: { monitor: ReachabilityMonitor; tokens: TokenManager; recepcion: Pick<RecepcionClient, 'status'>; taxpayers: TaxpayerLookup };
}

export const haciendaRoutes: RoutePlugin<HaciendaDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/hacienda/status', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: { tags: ['hacienda'], summary: 'Whether the tax authority is reachable, and whether this organization can sign and log in there', response: { 200: HaciendaStatusReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const rows = listCredentials(deps.store.db, auth.organization.id);
    const credentials = new Map(rows.map((r) => {
      const hasCredentials = r.atvUser !== null && r.atvPassword !== null;
      const rejected = hasCredentials && atvCredentialsRejected(deps, auth.organization.id, r.environment as HaciendaEnvironment, r.updatedAt);
      return [r.environment, { hasCertificate: r.p12 !== null, hasCredentials, credentialsRejected: rejected }];
    }));
    return ok(haciendaStatus(deps.hacienda.monitor, auth.organization.defaultEnvironment, credentials, deps.clock.now()));
  });

  app.get('/hacienda/query/:clave', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: 'Asks the tax authority now about a clave (HaciendaQueryResult)',
      params: QueryParams,
      response: { 200: QueryResultReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const atv = loadAtvCredentials(deps, auth.organization.id, auth.environment);
    if (!atv) throw new AppError('credentials_required', 422, `Upload the tax-authority credentials for ${auth.environment} first.`);
    const credentials = { organizationId: String(auth.organization.id), username: atv.user, password: atv.password };
    const result = await deps.hacienda.recepcion.status(auth.environment, credentials, request.params.clave);
    if (result.outcome === 'not_found') throw new AppError('not_found', 404, `The tax authority does not know ${request.params.clave}: ${result.cause}`);
    if (result.outcome === 'credentials_rejected') throw new AppError('auth_unavailable', 503, `The tax authority refused the credentials: ${result.error}`, { headers: { 'Retry-After': 60 } });
    if (result.outcome === 'unreachable') throw new AppError('service_unavailable', 503, `The tax authority cannot be reached: ${result.error}`, { headers: { 'Retry-After': 30 } });
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
      querystring: ResolutionQuery,
      response: { 200: ResolutionReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const row = findDocument(deps.store.db, auth.organization.id, auth.environment, request.query.clave);
    if (!row) throw new AppError('document_not_found', 404, `No document ${request.query.clave} in ${auth.environment}.`);
    return ok({ clave: row.clave, status: row.status, hacienda_status: row.haciendaStatus, hacienda_message: row.haciendaMessage, hacienda_response_at: row.haciendaResponseAt });
  });

  app.post('/hacienda/validate', {
    config: { key: 'organization', abilities: ['hacienda:validate'] },
    schema: { tags: ['hacienda'], summary: "A draft checked with the engine's rules; nothing is numbered or signed", body: DraftValidationBody, response: { 200: DraftResultReply } },
    validatorCompiler: readerValidates,
  }, async (request) => ok(checkDraft(request.body, { now: deps.clock.now(), cabys: deps.cabys, reference: deps.districts })));

  app.get('/hacienda/taxpayers', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: 'A taxpayer of the public register by identification (cached 24 h, answered from the cache when offline), or taxpayers seen before by name',
      querystring: TaxpayerSearchQuery,
      response: { 200: TaxpayerSearchReply },
    },
  }, async (request, reply) => {
    const answer = await searchTaxpayers(deps.hacienda.taxpayers, request.query);
    if (answer.cache) void reply.header('X-Cache', answer.cache);
    return ok(answer.result, answer.message, deps.clock.now());
  });
};
