/**
 * Reads an ElectronicDocumentRequest (spec, "Document request"): resolves every alias, checks every field,
 * then runs the annex rule catalogue's request checks, and returns the typed request, or throws
 * RequestValidationError with all problems at once.
 */
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { checkRequestRules } from '../rules/catalogue.ts';
import type { ReferenceData } from '../rules/facts.ts';
import { FieldReader, isJson, pick } from './field-reader.ts';
import { Problems, RequestValidationError } from './problems.ts';
import { readCommercialInfo, readDocumentBlock } from './read-document-block.ts';
import { readParty } from './read-party.ts';
import { readItem, readList, type CabysCatalog } from './read-item.ts';
import { readOtherCharge, readReference } from './read-reference.ts';
import { checkDelivery, readApiConfig, type CallbackUrlRule, readCallbackUrl, readDelivery, readOthers, readTotals, requestLanguage } from './read-options.ts';
import type { ParsedRequest } from './parsed-request.ts';
import { applyVatIncluded } from './vat-included.ts';

export const MAX_LINES = 1000;

export interface ParseContext {
  now: Date;
  cabys: CabysCatalog;
  /** Location codes (Nota 14); without them a location's codes are checked for their format only. */
  reference?: ReferenceData;
  /** The webhooks' URL rules for `callback_url` when the document is issued; without it any http(s) URL passes. */
  callbackUrlAllowed?: CallbackUrlRule;
}

/** Whether a member holds something: not missing, null, blank or an empty list or object. */
function isGiven(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return !isJson(value) || Object.keys(value).length > 0;
}

export function parseRequest(body: unknown, ctx: ParseContext): ParsedRequest {
  const problems = new Problems(requestLanguage(body));
  const r = new FieldReader(problems);
  const root = r.object(body, 'body', true) ?? {};
  const document = readDocumentBlock(r, r.object(pick(root, 'document'), 'document', true));
  const type: DocumentTypeCode | undefined = document.type;
  const receiverValue = pick(root, 'receiver', 'receptor');
  const rawItems = r.array(pick(root, 'items', 'lines'), 'items', { required: true, min: 1, max: MAX_LINES }) ?? [];
  const referenceValue = pick(root, 'reference', 'references');
  const totalsRaw = pick(root, 'totals');
  const parsed: Partial<ParsedRequest> = {
    document: document as ParsedRequest['document'],
    commercial: readCommercialInfo(r, r.object(pick(root, 'commercial_info'), 'commercial_info', true), type) as ParsedRequest['commercial'],
    issuer: readParty(r, pick(root, 'issuer', 'emisor'), 'issuer', true),
    receiver: readParty(r, receiverValue, 'receiver', false),
    items: rawItems.flatMap((item, i) => {
      const raw = r.object(item, `items.${i}`, true);
      const read = raw ? readItem(r, raw, i, { type, cabys: ctx.cabys }) : undefined;
      return read ? [read] : [];
    }),
    references: readList(r, referenceValue, 'reference', 10, (raw, p) => readReference(r, raw, p, type)),
    otherCharges: readList(r, pick(root, 'other_charges'), 'other_charges', 15, (raw, p) => readOtherCharge(r, raw, p)),
    totals: readTotals(r, isJson(totalsRaw) ? totalsRaw : undefined),
    others: readOthers(r, pick(root, 'others')),
    delivery: readDelivery(r, r.object(pick(root, 'delivery'), 'delivery')),
    apiConfig: readApiConfig(r, r.object(pick(root, 'api_config'), 'api_config'), problems.language, ctx.callbackUrlAllowed),
    callbackUrl: readCallbackUrl(r, pick(root, 'callback_url'), ctx.callbackUrlAllowed),
    environment: r.text(pick(root, 'environment'), 'environment'),
  };
  // Shelf prices (VAT included) become net ones before any rule looks at a line.
  applyVatIncluded(problems, parsed.items!, parsed.commercial?.pricesIncludeVat);
  const given = { receiver: isGiven(receiverValue), reference: isGiven(referenceValue) };
  checkRequestRules({ req: parsed, type, now: ctx.now, given, reference: ctx.reference }, problems);
  checkDelivery(problems, parsed);
  if (!problems.isEmpty) throw new RequestValidationError(problems.errors);
  return parsed as ParsedRequest;
}
