/**
 * Reads an ElectronicDocumentRequest (spec, "Document request"): resolves every alias, checks every field and
 * business rule, and returns the typed request, or throws RequestValidationError with all problems at once.
 */
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { FieldReader, isJson, pick } from './field-reader.ts';
import { Problems, RequestValidationError } from './problems.ts';
import { readCommercialInfo, readDocumentBlock } from './read-document-block.ts';
import { readParty } from './read-party.ts';
import { readItem, readList, type CabysCatalog } from './read-item.ts';
import { readOtherCharge, readReference } from './read-reference.ts';
import { readApiConfig, readCallbackUrl, readDelivery, readTotals, requestLanguage } from './read-options.ts';
import { checkBusinessRules } from './business-rules.ts';
import type { ParsedRequest } from './parsed-request.ts';

export const MAX_LINES = 1000;

export interface ParseContext {
  now: Date;
  cabys: CabysCatalog;
}

export function parseRequest(body: unknown, ctx: ParseContext): ParsedRequest {
  const problems = new Problems(requestLanguage(body));
  const r = new FieldReader(problems);
  const root = r.object(body, 'body', true) ?? {};
  const document = readDocumentBlock(r, r.object(pick(root, 'document'), 'document', true), ctx.now);
  const type: DocumentTypeCode | undefined = document.type;
  const commercial = readCommercialInfo(r, r.object(pick(root, 'commercial_info'), 'commercial_info', true), type);
  const issuer = readParty(r, pick(root, 'issuer', 'emisor'), 'issuer', true);
  const receiver = readParty(r, pick(root, 'receiver', 'receptor'), 'receiver', false);
  const rawItems = r.array(pick(root, 'items', 'lines'), 'items', { required: true, min: 1, max: MAX_LINES }) ?? [];
  const items = rawItems
    .map((item, i) => {
      const raw = r.object(item, `items.${i}`, true);
      return raw ? readItem(r, raw, i, { type, cabys: ctx.cabys }) : undefined;
    })
    .filter((i) => i !== undefined);
  const referenceValue = pick(root, 'reference', 'references');
  const references = readList(r, referenceValue, 'reference', 10, (raw, p) => readReference(r, raw, p, type));
  const otherCharges = readList(r, pick(root, 'other_charges'), 'other_charges', 15, (raw, p) => readOtherCharge(r, raw, p));
  const totalsRaw = pick(root, 'totals');
  const parsed: Partial<ParsedRequest> = {
    document: document as ParsedRequest['document'],
    commercial: commercial as ParsedRequest['commercial'],
    issuer,
    receiver,
    items,
    references,
    otherCharges,
    totals: readTotals(r, isJson(totalsRaw) ? totalsRaw : undefined),
    delivery: readDelivery(r, r.object(pick(root, 'delivery'), 'delivery')),
    apiConfig: readApiConfig(r, r.object(pick(root, 'api_config'), 'api_config'), problems.language),
    callbackUrl: readCallbackUrl(r, pick(root, 'callback_url')),
    environment: r.text(pick(root, 'environment'), 'environment'),
  };
  checkBusinessRules(problems, parsed, { receiver: pick(root, 'receiver', 'receptor'), hasReference: referenceValue !== undefined });
  if (!problems.isEmpty) throw new RequestValidationError(problems.errors);
  return parsed as ParsedRequest;
}
