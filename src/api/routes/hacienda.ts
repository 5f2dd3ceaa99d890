/**
 * Tax-authority section (spec "Tax authority"): the stored resolution of a document and the draft check.
 * The live query, status and taxpayer look-up join when the tax-authority client is wired in.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from './index.ts';
import { requireOrganization } from '../route-config.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../envelope.ts';
import { findDocument } from '../../store/documents.ts';
import { checkDraft } from '../../documents/draft-check.ts';
import { listCredentials } from '../../store/credentials.ts';
import { haciendaStatus } from '../hacienda-views.ts';

export const haciendaRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/hacienda/status', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: { tags: ['hacienda'], summary: 'Whether the tax authority is reachable, and whether this organization can sign and log in there' },
  }, async (request) => {
    const auth = requireOrganization(request);
    const rows = listCredentials(core.store.db, auth.organization.id);
    const credentials = new Map(rows.map((r) => [r.environment, { hasCertificate: r.p12 !== null, hasCredentials: r.atvUser !== null && r.atvPassword !== null }]));
    return ok(haciendaStatus(core.hacienda.monitor, auth.organization.defaultEnvironment, credentials, core.clock.now()));
  });

  app.get('/hacienda/resolution', {
    config: { key: 'organization', abilities: ['hacienda:query'] },
    schema: {
      tags: ['hacienda'],
      summary: "A document's stored resolution (DocumentResolution)",
      querystring: Type.Object({ clave: Type.String({ minLength: 1, maxLength: 50, description: 'clave, consecutive number or id' }) }),
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const row = findDocument(core.store.db, auth.organization.id, auth.environment, request.query.clave);
    if (!row) throw new ApiError('document_not_found', 404, `No document ${request.query.clave} in ${auth.environment}.`);
    return ok({ clave: row.clave, status: row.status, hacienda_status: row.haciendaStatus, hacienda_message: row.haciendaMessage, hacienda_response_at: row.haciendaResponseAt });
  });

  app.post('/hacienda/validate', {
    config: { key: 'organization', abilities: ['hacienda:validate'] },
    schema: { tags: ['hacienda'], summary: "A draft checked with the engine's rules; nothing is numbered or signed" },
  }, async (request) => ok(checkDraft(request.body, { now: core.clock.now(), cabys: core.cabys })));
};
