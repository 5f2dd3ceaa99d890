/**
 * Issuing a receiver message (POST /receptor-messages): validate, then in its own transaction take its
 * consecutive (05 / 06 / 07), write and sign the MensajeReceptor and save it with its submission job.
 * Receiver messages are rare; they take the pipeline's slow path, where a failure rolls the number back.
 */
import { randomUUID } from 'node:crypto';
import type { IssuingBackend, IssuingScope, SavedDocument } from '../domain/issuing-port.ts';
import type { ReceiverMessageModel } from '../domain/document-model.ts';
import type { SigningIdentity } from '../signing/p12.ts';
import { signXml } from '../signing/xades-signer.ts';
import { IssueError } from '../documents/issue-errors.ts';
import type { CallbackUrlRule } from '../documents/request/read-options.ts';
import { parseReceiverMessage } from './parse-receiver-message.ts';
import { numberReceiverMessage } from './prepare-receiver-message.ts';

export interface ReceiverMessageContext {
  now: Date;
  organizationIdentification: string;
  identity: SigningIdentity | undefined;
  environment: string;
  backend: IssuingBackend;
  scope: IssuingScope;
  /** The webhooks' URL rules for `callback_url` (documents/request/read-options.ts). */
  callbackUrlAllowed?: CallbackUrlRule;
}

export async function issueReceiverMessage(body: unknown, ctx: ReceiverMessageContext): Promise<SavedDocument & { model: ReceiverMessageModel }> {
  const request = parseReceiverMessage(body, ctx.now, ctx.callbackUrlAllowed);
  if (request.model.receiverId !== ctx.organizationIdentification.toUpperCase()) {
    throw new IssueError('receiver_mismatch', 422, `The receiver identification ${request.model.receiverId} is not this organization's (${ctx.organizationIdentification}).`);
  }
  const identity = ctx.identity;
  if (!identity) throw new IssueError('certificate_required', 422, `Upload the signing certificate (.p12) for ${ctx.environment} before sending receiver messages.`);
  return ctx.backend.runOne(ctx.scope, (tx) => {
    const existing = tx.documentWithClave(request.model.clave);
    if (existing) throw new IssueError('duplicate_clave', 409, `A receiver message for ${request.model.clave} was already sent (${existing.consecutive}, id ${existing.id}).`);
    const { model, xml } = numberReceiverMessage(request, tx);
    const signedXml = Buffer.from(signXml(xml, identity), 'utf8');
    return { ...tx.saveReceiverMessage({ model, signedXml, transactionId: randomUUID(), callbackUrl: request.callbackUrl }), model };
  });
}
