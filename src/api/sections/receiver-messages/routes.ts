/**
 * POST /receptor-messages (spec "Receiver message"): the organization accepts (1), partially accepts (2) or
 * rejects (3) a supplier's document. The MensajeReceptor is numbered (05/06/07), signed, stored and queued
 * for the tax authority like a document (`RC` in listings); in production it uses 0.5 quota units.
 */
import type { RoutePlugin } from '../route-plugin.ts';
import { requireOrganization } from '../../route-config.ts';
import { ok } from '../../envelope.ts';
import { submittedView } from '../documents/views.ts';
import { issueReceiverMessage } from '../../../receiver-messages/issue-receiver-message.ts';
import { loadSigningIdentity } from '../../../organizations/signing-identity.ts';
import { checkQuota } from '../../../billing/quota.ts';
import { callbackUrlRule } from '../documents/callback-url-rule.ts';
import { ReceptorMessageBody } from './schemas.ts';
import { readerValidates } from '../documents/request-schema.ts';
import { SubmittedReply } from '../documents/schemas.ts';

export const RECEIVER_MESSAGE_UNITS = 0.5;

export const receptorMessageRoutes: RoutePlugin = (core) => async (app) => {
  const backend = core.issuingBackend;
  app.post('/receptor-messages', {
    config: { key: 'organization', abilities: ['invoices:write', 'invoices:sign'] },
    schema: { tags: ['documents'], summary: 'Accept, partially accept or reject a received document (MensajeReceptor)', body: ReceptorMessageBody, response: { 201: SubmittedReply } },
    validatorCompiler: readerValidates,
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    if (auth.environment === 'production') checkQuota(core, auth.account.id, RECEIVER_MESSAGE_UNITS);
    const scope = { organizationId: auth.organization.id, environment: auth.environment };
    const saved = await issueReceiverMessage(request.body, {
      now: core.clock.now(),
      organizationIdentification: auth.organization.identificationNumber,
      identity: loadSigningIdentity(core, auth.organization.id, auth.environment),
      environment: auth.environment,
      backend,
      scope,
      callbackUrlAllowed: callbackUrlRule(),
    });
    const view = submittedView({
      id: saved.id,
      clave: saved.model.clave,
      consecutive: saved.model.receiverConsecutive,
      documentType: saved.model.receiverConsecutive.slice(8, 10),
      environment: auth.environment,
      createdAt: saved.createdAt,
      simulate: null,
    }, auth.organization.uuid);
    return reply.code(201).send(ok(view, 'Receiver message signed and queued for the tax authority.'));
  });
};
