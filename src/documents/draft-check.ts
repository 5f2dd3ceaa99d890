/**
 * POST /hacienda/validate: the engine's rules on a draft, without numbering or signing. The draft is the
 * spec's DraftValidationRequest (document_type, issuer, receiver, items, totals); its issuer may name its
 * identification as `identification_type` / `identification_number`. Errors are the request's problems as
 * "path: message" lines; warnings compare the draft's own totals with the computed ones.
 * Beyond the spec, a valid result also carries the engine's `totals` and per-line amounts (docs/draft-totals.md):
 * the screens show live totals from them instead of doing tax maths of their own.
 */
import type { Decimal } from 'decimal.js';
import { toDecimal } from '../domain/money.ts';
import type { Summary } from '../domain/document-model.ts';
import { buildDocumentModel, type UnnumberedModel } from './build-model.ts';
import { parseRequest, type ParseContext } from './request/parse-request.ts';
import { RequestValidationError } from './request/problems.ts';
import { isJson, pick, type Json } from './request/field-reader.ts';

export interface DraftLineAmounts {
  line_number: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

export interface DraftCheck {
  valid: boolean;
  errors?: string[];
  warnings?: string[];
  totals?: Record<string, number>;
  lines?: DraftLineAmounts[];
}

/** Spec totals names -> the summary members they are computed as. */
const TOTALS: Record<string, keyof Summary> = {
  total: 'total', total_sales: 'sales', total_net_sales: 'netSales', total_discount: 'discounts', total_taxes: 'tax',
  total_taxed_goods: 'taxedGoods', total_taxed_services: 'taxedServices', total_exempt_goods: 'exemptGoods',
  total_exempt_services: 'exemptServices', total_exonerated_goods: 'exoneratedGoods', total_exonerated_services: 'exoneratedServices',
  total_other_charges: 'otherCharges',
};

function party(raw: unknown): Json | undefined {
  if (!isJson(raw)) return undefined;
  return { ...raw, type: pick(raw, 'type', 'identification_type'), id: pick(raw, 'id', 'identification_number') };
}

/**
 * The draft as a document request: today's date, normal situation, cash, unless the draft says otherwise.
 * Everything else of the draft goes through as it is (other charges, `totals.total_other_charges`, `api_config`…),
 * so that the engine computes the draft's totals exactly as it will compute the issued document's.
 */
function asRequest(draft: Json, now: Date): Json {
  const document = isJson(draft['document']) ? draft['document'] : {};
  return {
    ...draft,
    document: { document_type: pick(draft, 'document_type'), date: now.toISOString(), situation: '1', activity_code: pick(draft, 'activity_code') ?? '000000', ...document },
    commercial_info: isJson(draft['commercial_info']) ? draft['commercial_info'] : { currency: 'CRC', sale_condition: '01', payment_method: '01' },
    issuer: party(draft['issuer']),
    receiver: party(draft['receiver']),
    items: draft['items'],
    reference: draft['reference'],
  };
}

/** JSON numbers of the engine's decimals, rounded as the XML writes them (5 decimals). */
const amount = (value: Decimal) => Number(value.toFixed(5));

function computedAmounts(model: UnnumberedModel): Pick<DraftCheck, 'totals' | 'lines'> {
  const totals = Object.fromEntries(Object.entries(TOTALS).map(([name, member]) => [name, amount(model.summary[member] as Decimal)]));
  const lines = model.lines.map((l) => ({
    line_number: l.number, subtotal: amount(l.subtotal), discount: amount(l.amount.minus(l.subtotal)), tax: amount(l.netTax), total: amount(l.total),
  }));
  return { totals, lines };
}

function totalWarnings(totals: unknown, summary: Summary): string[] {
  if (!isJson(totals)) return [];
  const warnings: string[] = [];
  for (const [name, member] of Object.entries(TOTALS)) {
    const given = toDecimal(totals[name]);
    const computed = summary[member] as Decimal;
    if (given !== undefined && !given.equals(computed)) warnings.push(`totals.${name}: the draft says ${given.toString()}, the lines give ${computed.toFixed(5)}`);
  }
  return warnings;
}

export function checkDraft(draft: unknown, ctx: ParseContext): DraftCheck {
  if (!isJson(draft)) return { valid: false, errors: ['body: Must be an object.'] };
  try {
    const request = parseRequest(asRequest(draft, ctx.now), ctx);
    const model = buildDocumentModel(request, request.issuer.identification.number);
    const warnings = totalWarnings(draft['totals'], model.summary);
    return { valid: true, ...(warnings.length > 0 ? { warnings } : {}), ...computedAmounts(model) };
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    return { valid: false, errors: Object.entries(error.errors).flatMap(([path, messages]) => messages.map((m) => `${path}: ${m}`)) };
  }
}
