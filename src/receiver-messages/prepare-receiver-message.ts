/** From a ReceptorMessageRequest to the unsigned MensajeReceptor XML, numbered with types 05 / 06 / 07. */
import { buildConsecutive } from '../domain/consecutive.ts';
import type { ReceiverMessageModel } from '../domain/document-model.ts';
import type { NumberSource } from '../documents/numbering.ts';
import { writeReceiverMessage } from '../xml/write-receiver-message.ts';
import { parseReceiverMessage, RECEIVER_MESSAGE_CONSECUTIVE_TYPE, type ParsedReceiverMessage } from './parse-receiver-message.ts';

export interface PreparedReceiverMessage {
  request: ParsedReceiverMessage;
  model: ReceiverMessageModel;
  xml: string; // unsigned, exclusive canonical form
}

export function prepareReceiverMessage(body: unknown, ctx: { now: Date; counter: NumberSource }): PreparedReceiverMessage {
  return numberReceiverMessage(parseReceiverMessage(body, ctx.now), ctx.counter);
}

/** Takes the message's own consecutive (types 05 / 06 / 07) and writes its XML. */
export function numberReceiverMessage(request: ParsedReceiverMessage, counter: NumberSource): PreparedReceiverMessage {
  const documentType = RECEIVER_MESSAGE_CONSECUTIVE_TYPE[request.model.message];
  const key = { branch: request.branch, terminal: request.terminal, documentType };
  const receiverConsecutive = buildConsecutive({ ...key, number: counter.nextConsecutive(key) });
  const model: ReceiverMessageModel = { ...request.model, receiverConsecutive };
  return { request, model, xml: writeReceiverMessage(model) };
}

/** A request body is a receiver message when it names a received clave and a verdict, not a document. */
export function isReceiverMessageRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || 'document' in body) return false;
  return ('clave' in body || 'key' in body) && ('message' in body || 'mensaje' in body);
}
