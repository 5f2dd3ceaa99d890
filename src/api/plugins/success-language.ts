/**
 * The `message` of a success envelope (`ok(data, 'Webhook created.')`) in the request's language, as error
 * bodies are (errors.ts): routes write it in English and this one hook translates it on the way out,
 * before serialization — so an idempotent request's stored answer is the one its client read. docs/languages.md
 */
import fp from 'fastify-plugin';
import { localizeMessage } from '../../i18n/server-messages.ts';
import { languageOf } from '../request-language.ts';

/** A success envelope carrying a message (envelope.ts `ok`); files, strings and error bodies are not. */
function hasMessage(payload: unknown): payload is { success: true; message: string } {
  const body = payload as { success?: unknown; message?: unknown } | null;
  return typeof body === 'object' && body !== null && body.success === true && typeof body.message === 'string';
}

export const successLanguagePlugin = fp(async (app) => {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    hasMessage(payload) ? { ...payload, message: localizeMessage(languageOf(request), payload.message) } : payload);
}, { name: 'facturador-success-language' });
