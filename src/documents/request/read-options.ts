/** `totals`, `delivery`, `api_config`, `callback_url` and `environment` of the request. */
import type { Language } from '../../i18n/validation-messages.ts';
import { FieldReader, MONEY, isJson, pick, type Json } from './field-reader.ts';
import type { OtherText } from '../../domain/document-model.ts';
import { FORMATS } from '../rules/formats.ts';
import type { ApiConfig, DeliveryOptions, ParsedRequest } from './parsed-request.ts';
import type { Problems } from './problems.ts';

/** The language of the messages, read before anything else so that every message uses it. */
export function requestLanguage(body: unknown): Language {
  const config = isJson(body) ? pick(body, 'api_config') : undefined;
  const language = isJson(config) ? pick(config, 'language') : undefined;
  return language === 'en' ? 'en' : 'es';
}

/**
 * Whether the server may send a document's events to a callback URL (the webhooks' URL rules: https, a
 * public host). documents/ may not import webhooks/, so the caller that issues passes the rule in.
 */
export type CallbackUrlRule = (url: string) => boolean;

function readUrl(r: FieldReader, value: unknown, path: string, allowed?: CallbackUrlRule): string | undefined {
  const text = r.text(value, path, { max: 2048 });
  if (text === undefined) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      // Refused before a number is taken rather than at every delivery, where nobody would see why.
      if (allowed && !allowed(text)) r.problems.add(path, 'callback_url_refused');
      return text;
    }
  } catch {
    // reported below
  }
  r.problems.add(path, 'pattern', { format: 'http(s) URL' });
  return undefined;
}

/**
 * `totals`: everything in it is recomputed from the lines except these two (spec), which may also come in
 * its `breakdown` block.
 */
export function readTotals(r: FieldReader, raw: Json | undefined): ParsedRequest['totals'] {
  if (!raw) return {};
  const breakdown = isJson(raw['breakdown']) ? raw['breakdown'] : undefined;
  const value = (...keys: [string, string]) => pick(raw, ...keys) ?? pick(breakdown, ...keys);
  return {
    otherCharges: r.decimal(value('total_other_charges', 'other_charges'), 'totals.total_other_charges', MONEY),
    ivaReturned: r.decimal(value('total_iva_returned', 'iva_returned'), 'totals.total_iva_returned', MONEY),
  };
}

export function readDelivery(r: FieldReader, raw: Json | undefined): DeliveryOptions | undefined {
  if (!raw) return undefined;
  const list = r.array(pick(raw, 'recipients'), 'delivery.recipients', { max: 5 }) ?? [];
  return {
    email: r.boolean(pick(raw, 'email'), 'delivery.email') ?? false,
    recipients: list.map((e, i) => r.email(e, `delivery.recipients.${i}`, { required: true })).filter((e): e is string => e !== undefined),
  };
}

/**
 * Where `delivery.email` sends the document: `delivery.recipients`, else the receiver's e-mail (spec);
 * undefined when no e-mail was asked for, [] when one was asked for but there is nowhere to send it.
 */
export function deliveryRecipients(req: Pick<Partial<ParsedRequest>, 'delivery' | 'receiver'>): string[] | undefined {
  if (!req.delivery?.email) return undefined;
  return req.delivery.recipients.length > 0 ? req.delivery.recipients : (req.receiver?.emails ?? []);
}

export function readApiConfig(r: FieldReader, raw: Json | undefined, language: Language, allowed?: CallbackUrlRule): ApiConfig {
  const config: ApiConfig = { language };
  if (!raw) return config;
  const given = r.text(pick(raw, 'language'), 'api_config.language');
  if (given !== undefined && given !== 'es' && given !== 'en') r.problems.add('api_config.language', 'one_of', { values: 'es, en' });
  config.environment = r.text(pick(raw, 'environment'), 'api_config.environment');
  const simulate = r.text(pick(raw, 'simulate'), 'api_config.simulate');
  if (simulate === 'accepted' || simulate === 'rejected') config.simulate = simulate;
  else if (simulate !== undefined) r.problems.add('api_config.simulate', 'one_of', { values: 'accepted, rejected' });
  config.callbackUrl = readUrl(r, pick(raw, 'callback_url'), 'api_config.callback_url', allowed);
  return config;
}

export function readCallbackUrl(r: FieldReader, value: unknown, allowed?: CallbackUrlRule): string | undefined {
  return readUrl(r, value, 'callback_url', allowed);
}

/**
 * `others` (beyond the spec): Otros, for commercial use — a list of `{text, code?}` (OtroTexto) or
 * `{content, code?}` (OtroContenido), 500 characters each.
 */
export function readOthers(r: FieldReader, value: unknown): OtherText[] {
  const list = r.array(value, 'others', { max: 100 }) ?? [];
  const out: OtherText[] = [];
  list.forEach((entry, i) => {
    const raw = r.object(entry, `others.${i}`, true);
    if (!raw) return;
    const content = pick(raw, 'content');
    const kind = content !== undefined ? 'content' : 'text';
    const text = r.text(kind === 'content' ? content : pick(raw, 'text'), `others.${i}.${kind}`, { ...FORMATS.otherText.text, required: true });
    const code = r.text(pick(raw, 'code'), `others.${i}.code`, { max: 100 });
    if (text !== undefined) out.push({ ...(kind === 'content' ? { kind } : {}), ...(code === undefined ? {} : { code }), text });
  });
  return out;
}

/**
 * `delivery.email` with nowhere to send it is refused (docs/email.md): nothing is numbered yet, and
 * dropping the e-mail silently would let the client believe it went out.
 */
export function checkDelivery(problems: Problems, req: Partial<ParsedRequest>): void {
  // An address already refused (delivery.recipients.0, receiver.email) is the problem to report, not this.
  const refused = Object.keys(problems.errors).some((path) => path.startsWith('delivery.') || path.startsWith('receiver.email'));
  if (deliveryRecipients(req)?.length === 0 && !refused) problems.add('delivery.recipients', 'delivery_recipients_required');
}
