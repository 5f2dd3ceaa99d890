/**
 * POST /documents/{key}/email (spec EmailRequest): e-mails a document now, to 1–5 addresses. The e-mail
 * row and its outbox job are written in one transaction and the answer is 202 with the queued e-mail;
 * src/email/send-email-job.ts sends it. Any stored document may be e-mailed, whatever its state
 * (docs/email.md). Ability: `<family>:read` of the document (docs/abilities.md).
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { findReadable } from './routes.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { getSmtpSettings } from '../../../store/smtp-settings.ts';
import { queueDocumentEmail } from '../../../store/document-emails.ts';
import { EmailQueuedReply } from './schemas.ts';

const EmailRequest = Type.Object({
  recipients: Type.Array(Type.String({ format: 'email', maxLength: 160 }), { minItems: 1, maxItems: 5 }),
});

export const documentEmailRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/documents/:key/email', {
    config: { key: 'organization' },
    schema: {
      tags: ['documents'],
      summary: 'E-mail the signed XML (and the tax authority\'s answer, when there is one) to 1 to 5 addresses',
      params: Type.Object({ key: Type.String({ description: 'clave (50), consecutive number (20) or id' }) }),
      body: EmailRequest,
      response: { 202: EmailQueuedReply },
    },
  }, async (request, reply) => {
    const document = findReadable(core, request, request.params.key);
    if (!getSmtpSettings(core.store.db, document.organizationId)) {
      throw new ApiError('smtp_not_configured', 422, 'Configure the outgoing mail server (PUT /settings/smtp) before e-mailing documents.');
    }
    const recipients = [...new Set(request.body.recipients)];
    const email = core.store.transaction((db) => queueDocumentEmail(db, document, recipients, 'request', core.clock.now()));
    core.outbox.wake();
    return reply.code(202).send(ok({
      id: email.id,
      document_key: document.clave,
      status: email.status,
      recipients: email.recipients,
      created_at: email.createdAt,
    }, 'E-mail queued.'));
  });
};
