/**
 * POST /documents/{key}/email (spec EmailRequest): e-mails a document now, to 1–5 addresses. The e-mail
 * row and its outbox job are written in one transaction (src/email/queue-document-email.ts) and the answer
 * is 202 with the queued e-mail; src/email/send-email-job.ts sends it. Any stored document may be e-mailed,
 * whatever its state (docs/email.md). Ability: `<family>:read` of the document (docs/abilities.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { findReadable } from './routes.ts';
import { ok } from '../../envelope.ts';
import { emailDocumentNow, type QueueEmailDependencies } from '../../../email/queue-document-email.ts';
import { EmailQueuedReply, EmailRequest, KeyParams } from './schemas.ts';

/** What the e-mail route uses: the store, the time and the outbox (queueing an e-mail). */
export type DocumentEmailDependencies = QueueEmailDependencies;

export const documentEmailRoutes: RoutePlugin<DocumentEmailDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/documents/:key/email', {
    config: { key: 'organization' },
    schema: {
      tags: ['documents'],
      summary: 'E-mail the signed XML (and the tax authority\'s answer, when there is one) to 1 to 5 addresses',
      params: KeyParams,
      body: EmailRequest,
      response: { 202: EmailQueuedReply },
    },
  }, async (request, reply) => {
    const document = findReadable(deps, request, request.params.key);
    const email = emailDocumentNow(deps, document, request.body.recipients);
    return reply.code(202).send(ok({
      id: email.id,
      document_key: document.clave,
      status: email.status,
      recipients: email.recipients,
      created_at: email.createdAt,
    }, 'E-mail queued.'));
  });
};
