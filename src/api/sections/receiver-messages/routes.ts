/**
 * POST /receptor-messages (spec "Receiver message"): the organization accepts (1), partially accepts (2) or
 * rejects (3) a supplier's document. The MensajeReceptor is numbered (05/06/07), signed, stored and queued
 * for the tax authority like a document (`RC` in listings); in production it uses 0.5 quota units.
 */
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { IssuingBackend } from '../../../domain/issuing-port.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
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

/** What the section uses: the store and the vault (signing identity, quota), the time, the store side of issuing. */
export interface ReceiverMessageDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
  issuingBackend: IssuingBackend;
}

export const receptorMessageRoutes: RoutePlugin<ReceiverMessageDependencies> = (deps) => async (app) => {
  const backend = deps.issuingBackend;
  app.post('/receptor-messages', {
    config: { key: 'organization', abilities: ['invoices:write', 'invoices:sign'] },
    schema: { tags: ['documents'], summary: 'Accept, partially accept or reject a received document (MensajeReceptor)', body: ReceptorMessageBody, response: { 201: SubmittedReply } },
    validatorCompiler: readerValidates,
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    if (auth.environment === 'production') checkQuota(deps, auth.account.id, RECEIVER_MESSAGE_UNITS);
    const scope = { organizationId: auth.organization.id, environment: auth.environment };
    const saved = await issueReceiverMessage(request.body, {
      now: deps.clock.now(),
      organizationIdentification: auth.organization.identificationNumber,
      identity: loadSigningIdentity(deps, auth.organization.id, auth.environment),
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
